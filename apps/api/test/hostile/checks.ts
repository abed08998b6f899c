import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'

/** The body as text, uncompressed when the answer was compressed for the client. */
export function bodyText(response: LightMyRequestResponse): string {
  const encoding = String(response.headers['content-encoding'] ?? '')
  const raw = response.rawPayload
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8')
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8')
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8')
  return response.body
}

/**
 * What every answer must be, however bad the request (API.md §2): never a 5xx; errors as
 * `{"detail": string}` or the 422 list; 401 with `WWW-Authenticate: Bearer`; 429 with
 * `Retry-After`; success bodies that parse. Returns the problems found (none when it holds).
 */
export function contractProblems(response: LightMyRequestResponse, method: string): string[] {
  const problems: string[] = []
  const status = response.statusCode
  if (status >= 500) problems.push(`status ${status}`)
  if (status === 204 || status === 304 || method === 'HEAD') {
    if (response.rawPayload.length > 0 && method !== 'HEAD') problems.push(`${status} with a body`)
    return problems
  }
  if (method === 'OPTIONS' && status < 300) return problems
  const type = String(response.headers['content-type'] ?? '')
  if (status >= 400 || type.startsWith('application/json')) {
    if (!type.startsWith('application/json')) {
      problems.push(`${status} answered as '${type}'`)
      return problems
    }
    let body: unknown
    let text = ''
    try {
      text = bodyText(response)
      body = JSON.parse(text)
    } catch {
      problems.push(`${status} body is not JSON: ${text.slice(0, 120)}`)
      return problems
    }
    if (status >= 400) problems.push(...errorBodyProblems(status, body))
  }
  if (status === 401 && response.headers['www-authenticate'] !== 'Bearer') {
    problems.push('401 without WWW-Authenticate: Bearer')
  }
  if (status === 429 && !response.headers['retry-after']) problems.push('429 without Retry-After')
  return problems
}

function errorBodyProblems(status: number, body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return [`${status} body is not an object`]
  }
  const keys = Object.keys(body)
  if (keys.length !== 1 || keys[0] !== 'detail') {
    return [`${status} body keys are ${JSON.stringify(keys)}, not ["detail"]`]
  }
  const detail = (body as { detail: unknown }).detail
  if (status !== 422) {
    return typeof detail === 'string' && detail.length > 0 ? [] : [`${status} detail is not a text`]
  }
  if (!Array.isArray(detail) || detail.length === 0) return ['422 detail is not a list of issues']
  const problems: string[] = []
  for (const issue of detail) {
    const item = issue as Record<string, unknown>
    const loc = item.loc
    if (typeof item.type !== 'string') problems.push('422 issue without a type')
    if (typeof item.msg !== 'string') problems.push('422 issue without a msg')
    if (!('input' in item)) problems.push('422 issue without an input')
    if (!Array.isArray(loc) || !['body', 'query', 'path'].includes(loc[0] as string)) {
      problems.push(`422 issue loc ${JSON.stringify(loc)} does not start with body, query or path`)
    } else if (!loc.every((part) => typeof part === 'string' || typeof part === 'number')) {
      problems.push('422 issue loc holds something other than names and indexes')
    }
    if ('ctx' in item && (typeof item.ctx !== 'object' || item.ctx === null)) {
      problems.push('422 issue ctx is not an object')
    }
  }
  return problems
}
