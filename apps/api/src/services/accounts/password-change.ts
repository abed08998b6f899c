import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { hashPassword } from '../passwords.ts'
import type { TokenClaims } from '../tokens.ts'
import { sessionsEnded } from './sessions.ts'

/**
 * A new password, chosen by a logged-in player: every other session of theirs ends (on every
 * process), the asking one stays, and a reset link still pending stops working.
 */
export async function changePassword(
  db: Db,
  userId: number,
  password: string,
  session: TokenClaims | null,
  now: number,
): Promise<void> {
  const hash = await hashPassword(password)
  await db
    .update(users)
    .set({
      password: hash,
      resetUuid: null,
      resetRequested: null,
      modified: new Date(now).toISOString(),
      ...sessionsEnded(now, session),
    })
    .where(eq(users.id, userId))
}
