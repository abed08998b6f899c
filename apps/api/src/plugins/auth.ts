import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Db } from '../db/client.ts'
import { forbidden, unauthorized } from '../lib/refusal.ts'
import { type AuthUser, BANNED } from '../services/accounts/auth-user.ts'
import { sessionRow, sessionUserOf } from '../services/accounts/sessions.ts'
import type { ChangeNotices } from '../services/change-notices.ts'
import { NoticeCache } from '../services/notice-cache.ts'
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
/** Token holders kept in memory (a few hundred bytes each). */
const KEPT_SESSIONS = 20_000

/**
 * A token's holder, or null once the token was revoked or its session ended: one query, kept
 * per token until any account or session changes (a `players` notice from any process: log-out,
 * log-out everywhere, password change or reset, ban, profile edit), so a warm request costs no
 * round trip while a revocation anywhere is refused everywhere at once. Without `notices`,
 * every request asks.
 */
function sessionReader(db: Db, notices: ChangeNotices | undefined) {
  // Shared by every request of this token: nobody may change it in place.
  const read = async (claims: TokenClaims) => {
    const user = sessionUserOf(await sessionRow(db, claims), claims)
    return user ? Object.freeze(user) : null
  }
  if (!notices) return read
  const kept = new NoticeCache<Readonly<AuthUser> | null>(notices, ['players'], {
    max: KEPT_SESSIONS,
  })
  return (claims: TokenClaims) => kept.get(`${claims.sub}\u0000${claims.jti}`, () => read(claims))
}

export function createAuth(
  db: Db,
  secretKey: string,
  now: () => number = Date.now,
  notices?: ChangeNotices,
) {
  const session = sessionReader(db, notices)
  // A signature checked once stays good (the key never changes while the process runs); only
  // the expiry is checked again. Revocation is the session's business, above.
  const verified = new LRUCache<string, TokenClaims>({ max: KEPT_SESSIONS })
  async function claimsOf(token: string, at: number): Promise<TokenClaims | null> {
    const claims = await readToken(secretKey, token, at)
    if (claims) verified.set(token, claims)
    return claims
  }

  async function evaluate(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearerToken(request)
    if (token === null) return null
    const at = now()
    const known = verified.get(token)
    const claims = known
      ? known.exp > Math.floor(at / 1000)
        ? known
        : null
      : await claimsOf(token, at)
    if (!claims) throw unauthorized(INVALID_CREDENTIALS)
    const user = await session(claims)
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

/**
 * How much of an address or host a request's log line keeps. Node admits a request line of up to
 * 16 KB, and a visitor sending such addresses one after another made every line that long: the
 * log is written asynchronously, so lines the output had not yet taken piled up in memory (10 KB
 * per request, over a gigabyte after 100,000 requests, docs/decisions/012).
 */
export const LOGGED_LENGTH = 512

/** `text`, or its first LOGGED_LENGTH characters and how long it was. */
const logged = (text: string) =>
  text.length > LOGGED_LENGTH
    ? `${text.slice(0, LOGGED_LENGTH)}… (${text.length} characters)`
    : text

/** Fastify's request log fields, with secrets cut out of the URL and long values cut short. */
export function logSafeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: logged(logSafeUrl(request.url)),
    host: logged(request.host),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
