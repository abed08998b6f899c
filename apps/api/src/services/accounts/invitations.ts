import { randomUUID } from 'node:crypto'
import type { Registration } from '@spellboard/core/users'
import { and, eq, gt, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { invites } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { invalid, notFound } from '../../lib/refusal.ts'
import { hashPassword } from '../passwords.ts'
import type { AuthUser } from './auth-user.ts'
import { randomPhoenixbornName } from './random-names.ts'
import { insertAccount, isEmailRegistered } from './users.ts'

/** Unknown, used and expired invitation links get the same answer. */
export const INVITATION_GONE = 'This invitation has expired or was already used.'

/** Invitation links expire INVITE_TOKEN_DAYS after they were last asked for. */
export type InvitationLink = { now: number; lifetimeDays: number }

const oldestValid = (link: InvitationLink) =>
  new Date(link.now - link.lifetimeDays * 24 * 3600_000).toISOString()

/**
 * One invitation per e-mail: asking again re-sends the same token (a fresh one once it has
 * expired) and counts the request, so a lost mail can be recovered without leaving several
 * valid links around. Each request starts the link's lifetime again.
 */
export async function requestInvitation(
  db: Db,
  email: string,
  link: InvitationLink,
): Promise<{ token: string }> {
  if (await isEmailRegistered(db, email)) throw invalid('This e-mail is already in use.')
  const requested = new Date(link.now).toISOString()
  const [row] = await queryRows<SqlRow<typeof invites, 'uuid'>>(
    db,
    sql`insert into invite (uuid, email, requests, requested)
        values (${randomUUID()}, ${email}, 1, ${requested}::timestamptz)
        on conflict (email) do update
          set requests = invite.requests + 1, requested = excluded.requested,
              uuid = case when invite.requested > ${oldestValid(link)}::timestamptz
                          then invite.uuid else excluded.uuid end
        returning uuid`,
  )
  if (!row) throw new Error('invitation upsert returned no row')
  return { token: row.uuid }
}

/** The invitation of this token while it is valid; unknown, used and expired look the same. */
const validInvitation = (token: string, link: InvitationLink) =>
  and(eq(invites.uuid, token), gt(invites.requested, oldestValid(link)))

export async function isInvitationValid(
  db: Db,
  token: string,
  link: InvitationLink,
): Promise<boolean> {
  const [invite] = await db
    .select({ uuid: invites.uuid })
    .from(invites)
    .where(validInvitation(token, link))
  return invite !== undefined
}

/**
 * Turns an invitation into an account and consumes it. The slow password hash is computed
 * before the transaction, once the invitation is known to be valid.
 */
export async function redeemInvitation(
  db: Db,
  token: string,
  registration: Registration,
  link: InvitationLink,
): Promise<AuthUser> {
  if (!(await isInvitationValid(db, token, link))) throw notFound(INVITATION_GONE)
  const passwordHash = await hashPassword(registration.password)
  const user = await db.transaction(async (tx): Promise<AuthUser | null> => {
    // Locks the invitation: a second submission of the same link waits, then finds it gone.
    const [locked] = await tx
      .select()
      .from(invites)
      .where(validInvitation(token, link))
      .for('update')
    if (!locked) throw notFound(INVITATION_GONE)
    const created = await insertAccount(tx, {
      email: locked.email,
      passwordHash,
      username: registration.username ?? randomPhoenixbornName(),
      description: registration.description ?? null,
      newsletterOptIn: registration.newsletter_opt_in,
    })
    // Consumed either way: an e-mail that has an account never needs its invitation again.
    await tx.delete(invites).where(eq(invites.uuid, token))
    return created
  })
  // Refused after the commit, so the invitation stays consumed.
  if (!user) throw invalid('This e-mail already has an account; please log in.')
  return user
}
