import { randomUUID } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { hashPassword } from '../passwords.ts'
import type { AuthUser } from './auth-user.ts'
import { sessionsEnded } from './sessions.ts'
import { accountColumns } from './users.ts'

export type ResetRequest =
  | { kind: 'unknown' }
  | { kind: 'banned' }
  | { kind: 'ok'; email: string; token: string }

/** Each request replaces the pending token, so only the newest link works. */
export async function requestPasswordReset(
  db: Db,
  email: string,
  now: number,
): Promise<ResetRequest> {
  const [user] = await db
    .select({ id: users.id, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.email, email))
  if (!user) return { kind: 'unknown' }
  if (user.isBanned) return { kind: 'banned' }
  const token = randomUUID()
  const stamp = new Date(now).toISOString()
  await db
    .update(users)
    .set({ resetUuid: token, resetRequested: stamp, modified: stamp })
    .where(eq(users.id, user.id))
  return { kind: 'ok', email, token }
}

export type ResetLink = { now: number; lifetimeHours: number }

/** The pending reset of this token, if it was asked for less than `lifetimeHours` ago. */
function pendingReset(token: string, link: ResetLink) {
  const oldest = new Date(link.now - link.lifetimeHours * 3600_000).toISOString()
  return and(eq(users.resetUuid, token), gt(users.resetRequested, oldest))
}

export type ResetLinkState = 'unknown' | 'banned' | 'ok'

/** Whether a reset link still works; unknown, used and expired links are all `unknown`. */
export async function resetLinkState(
  db: Db,
  token: string,
  link: ResetLink,
): Promise<ResetLinkState> {
  const [pending] = await db
    .select({ isBanned: users.isBanned })
    .from(users)
    .where(pendingReset(token, link))
  if (!pending) return 'unknown'
  return pending.isBanned ? 'banned' : 'ok'
}

export type ResetOutcome = { kind: 'unknown' } | { kind: 'banned' } | { kind: 'ok'; user: AuthUser }

/**
 * Sets the new password and clears the token in one statement, so a link works once even when
 * submitted twice at the same moment. Every session issued before ends: whoever knew the old
 * password is logged out everywhere.
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  password: string,
  link: ResetLink,
): Promise<ResetOutcome> {
  const state = await resetLinkState(db, token, link)
  if (state !== 'ok') return { kind: state }
  const passwordHash = await hashPassword(password)
  const [user] = await db
    .update(users)
    .set({
      password: passwordHash,
      resetUuid: null,
      resetRequested: null,
      modified: new Date(link.now).toISOString(),
      ...sessionsEnded(link.now, null),
    })
    .where(pendingReset(token, link))
    .returning(accountColumns)
  return user ? { kind: 'ok', user } : { kind: 'unknown' }
}
