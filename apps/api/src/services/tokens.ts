import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

export type TokenClaims = { sub: string; jti: string; iat: number; exp: number }

function key(secret: string) {
  return new TextEncoder().encode(secret)
}

/**
 * HS256 JWT with `sub` = badge, `jti` = 32 hex chars; clients decode `exp` (API.md §3.1).
 * `validAfter` is the second up to which the player's tokens are refused (sessions.ts): a
 * token issued within that same second is dated one second on, so it is not refused with them.
 */
export async function issueToken(
  secret: string,
  badge: string,
  lifetimeSeconds: number,
  now: number = Date.now(),
  validAfter: number | null = null,
): Promise<{ token: string; claims: TokenClaims }> {
  const iat = Math.max(Math.floor(now / 1000), validAfter === null ? 0 : validAfter + 1)
  const claims: TokenClaims = {
    sub: badge,
    jti: randomUUID().replace(/-/g, ''),
    iat,
    exp: iat + lifetimeSeconds,
  }
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(key(secret))
  return { token, claims }
}

/** The claims of a valid, unexpired token, or null. */
export async function readToken(
  secret: string,
  token: string,
  now: number = Date.now(),
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    })
    const { sub, jti, iat, exp } = payload
    if (
      typeof sub !== 'string' ||
      !sub ||
      typeof jti !== 'string' ||
      !jti ||
      typeof exp !== 'number'
    ) {
      return null
    }
    return { sub, jti, iat: typeof iat === 'number' ? iat : 0, exp }
  } catch {
    // Malformed, badly signed or expired: all the same "log in again" to the caller.
    return null
  }
}
