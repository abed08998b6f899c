import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify'
import type { Db } from '../db/client.ts'
import { forbidden, unauthorized } from '../lib/refusal.ts'
import { type AuthUser, BANNED } from '../services/accounts/auth-user.ts'
import { sessionUser } from '../services/accounts/sessions.ts'
import { readToken, type TokenClaims } from '../services/tokens.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated player, or null for anonymous callers (set by the auth pre-handlers). */
    user: AuthUser | null
    /** Claims of the bearer token that authenticated this request. */
    tokenClaims: TokenClaims | null
  }
}

export const INVALID_CREDENTIALS = 'Invalid credentials; please log in again.'

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (!header) return null
  const [scheme, token] = header.trim().split(/\s+/, 2)
  if (scheme?.toLowerCase() !== 'bearer') return null
  return token ?? ''
}

export type Auth = ReturnType<typeof createAuth>

/**
 * Auth levels of API.md §3.3 as preValidation hooks: like the reference's dependencies, they
 * answer before the path, query and body are validated, so a caller who may not call a route
 * hears 401/403 whatever else is wrong with the request. A present bearer token is always
 * evaluated, so a stale token gets 401 even on public reads (clients rely on that to prompt a
 * new log-in).
 */
export function createAuth(db: Db, secretKey: string, now: () => number = Date.now) {
  async function evaluate(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearerToken(request)
    if (token === null) return null
    const claims = await readToken(secretKey, token, now())
    if (!claims) throw unauthorized(INVALID_CREDENTIALS)
    const user = await sessionUser(db, claims)
    if (!user) throw unauthorized(INVALID_CREDENTIALS)
    if (user.is_banned) throw forbidden(BANNED)
    request.tokenClaims = claims
    return user
  }

  const optional: preValidationAsyncHookHandler = async (request) => {
    request.user = await evaluate(request)
  }
  const user: preValidationAsyncHookHandler = async (request) => {
    request.user = await evaluate(request)
    if (!request.user) throw unauthorized('Not authenticated')
  }
  const admin: preValidationAsyncHookHandler = async (request) => {
    request.user = await evaluate(request)
    if (!request.user) throw unauthorized('Not authenticated')
    if (!request.user.is_admin) throw forbidden('You do not have access to this action.')
  }
  const anonymousOnly: preValidationAsyncHookHandler = async (request) => {
    if (await evaluate(request)) {
      throw unauthorized('You are already logged in as a registered user.')
    }
  }
  return { optional, user, admin, anonymousOnly, evaluate }
}

export function registerAuthDecorators(app: FastifyInstance, auth: Auth) {
  app.decorateRequest('user', null)
  app.decorateRequest('tokenClaims', null)
  // Run after validation, an auth level would let a 422 leak past a 401/403 (see createAuth).
  const levels = new Set<unknown>(Object.values(auth))
  app.addHook('onRoute', (route) => {
    if ([route.preHandler].flat().some((hook) => levels.has(hook))) {
      throw new Error(`${route.method} ${route.url}: authenticate in preValidation, not preHandler`)
    }
  })
}

/** The caller, known to be present after the `user` or `admin` pre-handler. */
export function requireUser(request: FastifyRequest, _reply?: FastifyReply): AuthUser {
  if (!request.user) throw unauthorized('Not authenticated')
  return request.user
}

const UUID_IN_PATH = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/gi

/**
 * Invitation, reset, export and share links carry their secret as a UUID in the path; request
 * logs keep the route but not the secret, so log access never hands out an account.
 */
export function logSafeUrl(url: string): string {
  return url.replace(UUID_IN_PATH, '<uuid>')
}

/** Fastify's request log fields, with secrets cut out of the URL. */
export function logSafeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: logSafeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
