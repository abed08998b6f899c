import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { hashPassword } from '../passwords.ts'
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
  await db
    .update(users)
    .set({ resetUuid: token, modified: new Date(now).toISOString() })
    .where(eq(users.id, user.id))
  return { kind: 'ok', email, token }
}

export type ResetOutcome = { kind: 'unknown' } | { kind: 'banned' } | { kind: 'ok'; user: AuthUser }

/**
 * Sets the new password and clears the token in one statement, so a link works once even when
 * submitted twice at the same moment. Tokens issued before stay valid.
 */
export async function completePasswordReset(
  db: Db,
  token: string,
  password: string,
  now: number,
): Promise<ResetOutcome> {
  const [pending] = await db
    .select({ isBanned: users.isBanned })
    .from(users)
    .where(eq(users.resetUuid, token))
  if (!pending) return { kind: 'unknown' }
  if (pending.isBanned) return { kind: 'banned' }
  const passwordHash = await hashPassword(password)
  const [user] = await db
    .update(users)
    .set({ password: passwordHash, resetUuid: null, modified: new Date(now).toISOString() })
    .where(eq(users.resetUuid, token))
    .returning(accountColumns)
  return user ? { kind: 'ok', user } : { kind: 'unknown' }
}
