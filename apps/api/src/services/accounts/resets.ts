import { randomUUID } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { forbidden, notFound } from '../../lib/refusal.ts'
import { hashPassword } from '../passwords.ts'
import { type AuthUser, BANNED } from './auth-user.ts'
import { sessionsEnded } from './sessions.ts'
import { accountColumns } from './users.ts'

/** Unknown, used and expired reset links get the same answer: nothing tells them apart. */
export const RESET_LINK_GONE =
  'This reset link has expired or was already used; please ask for a new one.'

/** Each request replaces the pending token, so only the newest link works. */
export async function requestPasswordReset(
  db: Db,
  email: string,
  now: number,
): Promise<{ email: string; token: string }> {
  const [user] = await db
    .select({ id: users.id, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.email, email))
  if (!user) throw notFound('No account found for this e-mail.')
  if (user.isBanned) throw forbidden(BANNED)
  const token = randomUUID()
  const stamp = new Date(now).toISOString()
  await db
    .update(users)
    .set({ resetUuid: token, resetRequested: stamp, modified: stamp })
    .where(eq(users.id, user.id))
  return { email, token }
}

export type ResetLink = { now: number; lifetimeHours: number }

/** The pending reset of this token, if it was asked for less than `lifetimeHours` ago. */
function pendingReset(token: string, link: ResetLink) {
  const oldest = new Date(link.now - link.lifetimeHours * 3600_000).toISOString()
  return and(eq(users.resetUuid, token), gt(users.resetRequested, oldest))
}

/** Refuses a reset link that no longer works; unknown, used and expired links look the same. */
export async function checkResetLink(db: Db, token: string, link: ResetLink): Promise<void> {
  const [pending] = await db
    .select({ isBanned: users.isBanned })
    .from(users)
    .where(pendingReset(token, link))
  if (!pending) throw notFound(RESET_LINK_GONE)
  if (pending.isBanned) throw forbidden(BANNED)
}

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
): Promise<AuthUser> {
  await checkResetLink(db, token, link)
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
  if (!user) throw notFound(RESET_LINK_GONE)
  return user
}
