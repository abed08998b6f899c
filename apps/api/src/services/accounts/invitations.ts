import { randomUUID } from 'node:crypto'
import type { Registration } from '@spellboard/core/users'
import { eq, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import { invites } from '../../db/schema.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { hashPassword } from '../passwords.ts'
import { randomPhoenixbornName } from './random-names.ts'
import { insertAccount, isEmailRegistered } from './users.ts'

export type InvitationRequest = { kind: 'registered' } | { kind: 'ok'; token: string }

/**
 * One invitation per e-mail: asking again re-sends the same token and counts the request, so a
 * lost mail can be recovered without leaving several valid links around.
 */
export async function requestInvitation(
  db: Db,
  email: string,
  now: number,
): Promise<InvitationRequest> {
  if (await isEmailRegistered(db, email)) return { kind: 'registered' }
  const requested = new Date(now).toISOString()
  const [row] = await queryRows<{ uuid: string }>(
    db,
    sql`insert into invite (uuid, email, requests, requested)
        values (${randomUUID()}, ${email}, 1, ${requested}::timestamptz)
        on conflict (email) do update
          set requests = invite.requests + 1, requested = excluded.requested
        returning uuid`,
  )
  if (!row) throw new Error('invitation upsert returned no row')
  return { kind: 'ok', token: row.uuid }
}

export type RegistrationOutcome =
  | { kind: 'ok'; user: AuthUser }
  | { kind: 'unknown_invitation' }
  | { kind: 'registered' }

/**
 * Turns an invitation into an account and consumes it. The slow password hash is computed
 * before the transaction, once the invitation is known to exist.
 */
export async function redeemInvitation(
  db: Db,
  token: string,
  registration: Registration,
): Promise<RegistrationOutcome> {
  const [invite] = await db.select().from(invites).where(eq(invites.uuid, token))
  if (!invite) return { kind: 'unknown_invitation' }
  const passwordHash = await hashPassword(registration.password)
  return db.transaction(async (tx): Promise<RegistrationOutcome> => {
    // Locks the invitation: a second submission of the same link waits, then finds it gone.
    const [locked] = await tx.select().from(invites).where(eq(invites.uuid, token)).for('update')
    if (!locked) return { kind: 'unknown_invitation' }
    const user = await insertAccount(tx, {
      email: locked.email,
      passwordHash,
      username: registration.username ?? randomPhoenixbornName(),
      description: registration.description ?? null,
      newsletterOptIn: registration.newsletter_opt_in,
    })
    // Consumed either way: an e-mail that has an account never needs its invitation again.
    await tx.delete(invites).where(eq(invites.uuid, token))
    return user ? { kind: 'ok', user } : { kind: 'registered' }
  })
}
