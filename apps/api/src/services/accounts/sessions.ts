import type { AuthToken } from '@spellboard/core/users'
import { eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { revokedTokens, users } from '../../db/schema.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { hashPassword, verifyPassword } from '../passwords.ts'
import { issueToken, type TokenClaims } from '../tokens.ts'
import { accountColumns, storePasswordHash, toUserSelf } from './users.ts'

export type CredentialCheck =
  | { kind: 'ok'; user: AuthUser }
  | { kind: 'invalid' }
  | { kind: 'banned'; user: AuthUser }

/**
 * E-mail and password against the stored hash. Accounts without a password (imported owners)
 * never match. Older hashes (bcrypt from the reference site, weaker scrypt settings) are
 * replaced by the current scheme while the plain password is at hand.
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  now: number,
): Promise<CredentialCheck> {
  const [row] = await db
    .select({ ...accountColumns, password: users.password })
    .from(users)
    .where(eq(users.email, email))
  if (!row) return { kind: 'invalid' }
  const { password: stored, ...user } = row
  const check = await verifyPassword(password, stored)
  if (!check.ok) return { kind: 'invalid' }
  if (check.needsRehash) await storePasswordHash(db, user.id, await hashPassword(password), now)
  return user.is_banned ? { kind: 'banned', user } : { kind: 'ok', user }
}

export async function authTokenFor(
  secretKey: string,
  user: AuthUser,
  lifetimeSeconds: number,
  now: number,
): Promise<AuthToken> {
  const { token } = await issueToken(secretKey, user.badge, lifetimeSeconds, now)
  return { access_token: token, token_type: 'bearer', user: toUserSelf(user) }
}

/** Rows of tokens that expired this long ago can no longer match anything worth refusing. */
const REVOKED_KEPT_MS = 24 * 3600 * 1000

/** Refuses the token from now on; rows of long-expired tokens are dropped on the way. */
export async function revokeToken(
  db: Db,
  userId: number,
  claims: TokenClaims,
  now: number,
): Promise<void> {
  await db
    .insert(revokedTokens)
    .values({
      revokedUuid: claims.jti,
      userId,
      expires: new Date(claims.exp * 1000).toISOString(),
    })
    .onConflictDoNothing()
  await db
    .delete(revokedTokens)
    .where(lt(revokedTokens.expires, new Date(now - REVOKED_KEPT_MS).toISOString()))
}
