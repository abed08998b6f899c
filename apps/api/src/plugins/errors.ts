import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isApiAddress } from '../lib/api-address.ts'
import { Refusal } from '../lib/refusal.ts'
import { hideSecretInputs } from '../lib/secret-fields.ts'

/** Errors that mean "the database is unreachable right now", not "this request is wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
])

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as { code?: string; cause?: unknown; message?: string } | undefined;
    current;
  ) {
    if (current.code && UNAVAILABLE_CODES.has(current.code)) return true
    if (
      typeof current.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        current.message,
      )
    ) {
      return true
    }
    current = current.cause as typeof current
  }
  return false
}

/** How deep a rejected value is echoed in a 422 `input`; deeper parts are cut off. */
const ECHO_DEPTH = 8

function clip(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth === 0) return Array.isArray(value) ? '[…]' : '{…}'
  if (Array.isArray(value)) return value.map((item) => clip(item, depth - 1))
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clip(v, depth - 1)]))
}

/**
 * The body as JSON text. A 422 echoes the rejected input, which may be nested deeper than
 * JSON.stringify can recurse: then the echoed inputs are cut to a few levels.
 */
function errorBody(detail: unknown): string {
  try {
    return JSON.stringify({ detail })
  } catch {
    const issues = Array.isArray(detail) ? detail : []
    return JSON.stringify({
      detail: issues.map((issue: { input?: unknown }) => ({
        ...issue,
        input: clip(issue.input, ECHO_DEPTH),
      })),
    })
  }
}

function send(reply: FastifyReply, status: number, detail: unknown) {
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer')
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(detail))
}

/**
 * Requests the router refuses before any route runs (a path that does not decode, a path
 * parameter past its length limit) get the same body as every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, 'URI Too Long')
  return send(reply, 400, 'The request URL is not valid.')
}

/** Route patterns by method, so a known path with the wrong method answers 405, not 404. */
function routeTable(app: FastifyInstance) {
  const routes: { method: string; pattern: RegExp }[] = []
  app.addHook('onRoute', (route) => {
    // Catch-all routes (CORS preflight, static files) would make every path "known".
    if (route.url.includes('*')) return
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const pattern = new RegExp(
      `^${route.url
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:[^/]+/g, '[^/]+')
        .replace(/\*/g, '.*')}/?$`,
    )
    for (const method of methods) routes.push({ method, pattern })
  })
  return (url: string) => {
    const path = url.split('?', 1)[0] ?? ''
    return [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))]
  }
}

/**
 * The one place error bodies are written: `{"detail": …}`, or the 422 list of API.md §2.1.
 * Unknown errors are logged with the request id and answered without internals.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: {
    /** The web app's fallback for paths outside the API, once it is known. */
    notFound?: () => ((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined
  } = {},
) {
  const allowedMethods = routeTable(app)

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refusal) {
      reply.headers(error.headers)
      const { detail } = error
      return send(
        reply,
        error.statusCode,
        Array.isArray(detail) ? hideSecretInputs(detail) : detail,
      )
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (error instanceof SyntaxError && error.statusCode === 400)
    ) {
      return send(reply, 422, [
        {
          type: 'json_invalid',
          loc: ['body', 0],
          msg: 'JSON decode error',
          input: {},
          ctx: { error: error.message },
        },
      ])
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable')
      reply.header('Retry-After', '5')
      return send(
        reply,
        503,
        'The database is unavailable right now; please try again in a few seconds.',
      )
    }
    const status = error.statusCode ?? 500
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error')
      return send(reply, 500, 'Internal Server Error')
    }
    return send(reply, status, error.message)
  })

  app.setNotFoundHandler((request, reply) => {
    const methods = allowedMethods(request.url)
    if (methods.length > 0 && !methods.includes(request.method)) {
      reply.header('Allow', methods.join(', '))
      return send(reply, 405, 'Method Not Allowed')
    }
    const fallback = options.notFound?.()
    if (fallback && !isApiAddress(request.url)) {
      return fallback(request, reply)
    }
    return send(reply, 404, 'Not Found')
  })
}
