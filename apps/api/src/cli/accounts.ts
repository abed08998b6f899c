import { LIMITS } from '@spellboard/core/limits'
import { emailSchema, passwordSchema, usernameSchema } from '@spellboard/core/users'
import { and, eq, ne } from 'drizzle-orm'
import type { Queryable } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { generateBadge } from '../services/badges.ts'
import { hashPassword } from '../services/passwords.ts'

/** A problem the operator can fix; printed without a stack trace. */
export class CommandError extends Error {
  override name = 'CommandError'
}

export type LogIn = { email: string; password: string; isAdmin: boolean }
export type PlayerSummary = { badge: string; username: string; email: string; isAdmin: boolean }

/** The same rules the registration form applies (API.md §3.4, §3.5). */
function checkLogIn(input: { email: string; password: string }): {
  email: string
  password: string
} {
  const email = emailSchema.safeParse(input.email)
  if (!email.success)
    throw new CommandError(`--email: ${input.email} is not a valid e-mail address`)
  if (!passwordSchema.safeParse(input.password).success) {
    throw new CommandError(
      `--password: must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters long`,
    )
  }
  return { email: email.data, password: input.password }
}

async function assertEmailFree(db: Queryable, email: string, exceptBadge?: string): Promise<void> {
  const [owner] = await db
    .select({ badge: users.badge })
    .from(users)
    .where(
      exceptBadge
        ? and(eq(users.email, email), ne(users.badge, exceptBadge))
        : eq(users.email, email),
    )
  if (owner) throw new CommandError(`--email: ${email} already belongs to player ${owner.badge}`)
}

/** The unique index still guards against a log-in given to someone else at the same moment. */
async function withUniqueEmail<T>(email: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code
    if (code === '23505') throw new CommandError(`--email: ${email} is already taken`)
    throw error
  }
}

/** A new player who can log in at once (no invitation mail). */
export async function createUser(
  db: Queryable,
  input: LogIn & { username: string },
): Promise<PlayerSummary> {
  const { email, password } = checkLogIn(input)
  const username = usernameSchema.safeParse(input.username)
  if (!username.success) {
    throw new CommandError(
      `--username: must be ${LIMITS.usernameMin} to ${LIMITS.usernameMax} characters long`,
    )
  }
  await assertEmailFree(db, email)
  const badge = await generateBadge(db)
  const hash = await hashPassword(password)
  await withUniqueEmail(email, () =>
    db.insert(users).values({
      email,
      badge,
      username: username.data,
      password: hash,
      isAdmin: input.isAdmin,
    }),
  )
  return { badge, username: username.data, email, isAdmin: input.isAdmin }
}

/**
 * Gives an existing player (typically an imported one, who has neither) an e-mail and a
 * password. `--admin` grants admin rights; without it they are left as they were.
 */
export async function setLogIn(
  db: Queryable,
  input: LogIn & { badge: string },
): Promise<PlayerSummary> {
  const { email, password } = checkLogIn(input)
  const [player] = await db
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.badge, input.badge))
  if (!player) throw new CommandError(`--badge: no player has the badge ${input.badge}`)
  await assertEmailFree(db, email, input.badge)
  const isAdmin = input.isAdmin || player.isAdmin
  const hash = await hashPassword(password)
  await withUniqueEmail(email, () =>
    db
      .update(users)
      .set({
        email,
        password: hash,
        isAdmin,
        // A pending reset link was meant for the old log-in.
        resetUuid: null,
        modified: new Date().toISOString(),
      })
      .where(eq(users.id, player.id)),
  )
  return { badge: input.badge, username: player.username, email, isAdmin }
}
