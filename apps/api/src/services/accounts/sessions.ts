import { randomBytes } from 'node:crypto'
import type { AuthToken } from '@spellboard/core/users'
import { eq, lt, sql } from 'drizzle-orm'
import { type Db, type Queryable, queryRows } from '../../db/client.ts'
import { revokedTokens, users } from '../../db/schema.ts'
import { isoDate } from '../../lib/dates.ts'
import { hashPassword, verifyPassword } from '../passwords.ts'
import { issueToken, type TokenClaims } from '../tokens.ts'
import type { AuthUser } from './auth-user.ts'
import { accountColumns, storePasswordHash, toUserSelf } from './users.ts'

export type CredentialCheck =
  | { kind: 'ok'; user: AuthUser }
  | { kind: 'invalid' }
  | { kind: 'banned'; user: AuthUser }

let dummyHash: Promise<string> | undefined

/**
 * A hash of a random password in the current scheme. An unknown e-mail (or an account without a
 * password) is checked against it, so it costs the same time as a wrong password: timing tells
 * nobody which e-mails have accounts.
 */
function hashOfNothing(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'))
  return dummyHash
}

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
  if (!row?.password) {
    await verifyPassword(password, await hashOfNothing())
    return { kind: 'invalid' }
  }
  const { password: stored, ...user } = row
  const check = await verifyPassword(password, stored)
  if (!check.ok) return { kind: 'invalid' }
  if (check.needsRehash) await storePasswordHash(db, user.id, await hashPassword(password), now)
  return user.is_banned ? { kind: 'banned', user } : { kind: 'ok', user }
}

/** Whole seconds since the epoch of a stored timestamp (null stays null). */
export function epochSeconds(timestamp: string | null): number | null {
  return timestamp === null ? null : Math.floor(Date.parse(isoDate(timestamp)) / 1000)
}

export async function authTokenFor(
  secretKey: string,
  user: AuthUser,
  lifetimeSeconds: number,
  now: number,
): Promise<AuthToken> {
  const { token } = await issueToken(
    secretKey,
    user.badge,
    lifetimeSeconds,
    now,
    epochSeconds(user.tokens_valid_after),
  )
  return { access_token: token, token_type: 'bearer', user: toUserSelf(user) }
}

/**
 * Whether a token that passed its signature and expiry checks is still one of the player's
 * sessions: tokens issued up to `tokens_valid_after` are refused, but for the kept one.
 */
export function isCurrentSession(
  claims: TokenClaims,
  player: { tokens_valid_after: string | null; kept_token_id: string | null },
): boolean {
  const validAfter = epochSeconds(player.tokens_valid_after)
  if (validAfter === null || claims.iat > validAfter) return true
  return claims.jti === player.kept_token_id
}

/** A token's holder as stored, with whether that token was revoked (one query). */
export type SessionRow = AuthUser & { kept_token_id: string | null; revoked: boolean }

export async function sessionRow(db: Db, claims: TokenClaims): Promise<SessionRow | null> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`select id, email, badge, username, description, tokens_valid_after, kept_token_id,
          is_admin, is_banned, newsletter_opt_in, email_subscriptions, exclude_subscriptions,
          colorize_icons,
          exists(select 1 from user_revoked_token where revoked_uuid = ${claims.jti}) as revoked
        from "user" where badge = ${claims.sub}`,
  )
  return row ?? null
}

/**
 * The player a verified token belongs to, or null when the token was revoked, was ended with the
 * player's other sessions, or names nobody.
 */
export function sessionUserOf(row: SessionRow | null, claims: TokenClaims): AuthUser | null {
  if (!row || row.revoked || !isCurrentSession(claims, row)) return null
  const { revoked: _revoked, kept_token_id: _kept, ...user } = row
  return user
}

/**
 * Ends every session of the player issued until now, on every process (the state is the
 * player's row), except `keep` (the token of the session asking, when it stays logged in).
 */
export async function endSessions(
  db: Queryable,
  userId: number,
  keep: TokenClaims | null,
  now: number,
): Promise<void> {
  await db.update(users).set(sessionsEnded(now, keep)).where(eq(users.id, userId))
}

/** The player's columns that end their sessions issued until `now`, but for `keep`. */
export function sessionsEnded(now: number, keep: TokenClaims | null) {
  const second = new Date(Math.floor(now / 1000) * 1000).toISOString()
  return {
    tokensValidAfter: sql<string>`greatest(${users.tokensValidAfter}, ${second}::timestamptz)`,
    keptTokenId: keep?.jti ?? null,
  }
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
