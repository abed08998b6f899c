import type { ValidationIssue } from '@spellboard/core/errors'
import { runtimeConfig } from './runtime-config.ts'

/** A failed API call: the HTTP status and the `detail` of the body, when it had one. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly detail: string | ValidationIssue[] | undefined
  constructor(status: number, detail: string | ValidationIssue[] | undefined) {
    super(typeof detail === 'string' ? detail : `Request failed with status ${status}`)
    this.status = status
    this.detail = detail
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]
export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, QueryValue>
  /** Sent as JSON. */
  json?: unknown
  /** Sent as multipart form data (log-in). */
  form?: Record<string, string>
  signal?: AbortSignal
  /** Send the bearer token when logged in (default true). */
  auth?: boolean
  /** Send this token instead of the session's (log-out revokes a token already forgotten). */
  token?: string
  /** Skip the session-expiry handling (log-in and log-out calls). */
  bare?: boolean
  /** More request headers (a deck save's `If-Match`). */
  headers?: Record<string, string>
  /** Sees the answer's headers (a deck's `ETag`) before its body is read. */
  seen?: (headers: Headers) => void
}

type SessionHooks = {
  getToken: () => string | null
  /** A 401 with a token: ask the player to log in again; resolves true when they did. */
  onSessionExpired: () => Promise<boolean>
  /** A 401 without a token: the call needs an account. */
  onLoginRequired: () => void
}

let sessionWired: () => void = () => {}
const wired = new Promise<void>((resolve) => {
  sessionWired = resolve
})

let hooks: SessionHooks = {
  getToken: () => null,
  // A call answered before the app has mounted its session handling (the landing page's call,
  // started by the entry script) waits for it, so an expired session still gets the log-in modal.
  onSessionExpired: () => wired.then(() => hooks.onSessionExpired()),
  onLoginRequired: () => void wired.then(() => hooks.onLoginRequired()),
}

/** The session feature plugs in here; the client itself never touches UI or routing. */
export function configureSession(next: Partial<SessionHooks>) {
  hooks = { ...hooks, ...next }
  if (next.onSessionExpired && next.onLoginRequired) sessionWired()
}

/** The token calls are sent with now (null when logged out). */
export function sessionToken(): string | null {
  return hooks.getToken()
}

export function apiUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${runtimeConfig.apiUrl}/v2${path}`
}

/** Arrays become repeated keys without brackets (`dice=charm&dice=time`), as the API expects. */
export function toSearchParams(query: Record<string, QueryValue> = {}): URLSearchParams {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
    else params.append(key, String(value))
  }
  return params
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  let body: BodyInit | undefined
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.form) {
    const form = new FormData()
    for (const [key, value] of Object.entries(options.form)) form.append(key, value)
    body = form
  }
  if (token) headers.Authorization = `Bearer ${token}`
  const search = toSearchParams(options.query).toString()
  const url = apiUrl(path)
  return fetch(search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  })
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The one way the web app talks to the API. Throws ApiError for every non-2xx answer. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token ?? (options.auth === false ? null : hooks.getToken())
  let response = await send(path, options, token)
  if (response.status === 401 && !options.bare) {
    if (token) {
      if (await hooks.onSessionExpired()) response = await send(path, options, hooks.getToken())
    } else {
      hooks.onLoginRequired()
    }
  }
  options.seen?.(response.headers)
  const body = await readBody(response)
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | undefined)?.detail
    throw new ApiError(
      response.status,
      typeof detail === 'string' || Array.isArray(detail)
        ? (detail as string | ValidationIssue[])
        : undefined,
    )
  }
  return body as T
}
