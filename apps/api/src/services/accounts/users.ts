import type {
  Moderation,
  ModerationResult,
  ProfilePatch,
  UserPublic,
  UserSelf,
} from '@spellboard/core/users'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Queryable } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { invalid, notFound } from '../../lib/refusal.ts'
import { generateBadge } from '../badges.ts'
import type { AuthUser } from './auth-user.ts'

/** The columns behind an authenticated player (`AuthUser`), in wire names. */
export const accountColumns = {
  id: users.id,
  email: users.email,
  badge: users.badge,
  username: users.username,
  description: users.description,
  tokens_valid_after: users.tokensValidAfter,
  is_admin: users.isAdmin,
  is_banned: users.isBanned,
  newsletter_opt_in: users.newsletterOptIn,
  email_subscriptions: users.emailSubscriptions,
  exclude_subscriptions: users.excludeSubscriptions,
  colorize_icons: users.colorizeIcons,
}

/** UserSelf (API.md §5.1), FULL: every key, in the documented order. */
export function toUserSelf(user: AuthUser): UserSelf {
  return {
    username: user.username,
    badge: user.badge,
    description: user.description,
    // Only imported owners lack an e-mail, and they cannot log in to see this.
    email: user.email ?? '',
    // The key stays for clients that expect it, but a reset token only ever travels by mail:
    // whoever holds a log-in token must not be able to trade it for the password.
    reset_uuid: null,
    newsletter_opt_in: user.newsletter_opt_in,
    email_subscriptions: user.email_subscriptions,
    exclude_subscriptions: user.exclude_subscriptions,
    colorize_icons: user.colorize_icons,
    is_admin: user.is_admin,
  }
}

export async function findAccount(db: Queryable, id: number): Promise<AuthUser | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id))
  return row ?? null
}

export async function isEmailRegistered(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row !== undefined
}

/** Banned players have no public face: their profile reads as unknown. */
export async function findPublicProfile(db: Db, badge: string): Promise<UserPublic | null> {
  const [row] = await db
    .select({ username: users.username, badge: users.badge, description: users.description })
    .from(users)
    .where(and(eq(users.badge, badge), eq(users.isBanned, false)))
  return row ?? null
}

const stamp = (now: number) => new Date(now).toISOString()

/** Applies only the keys present; a null description clears it. */
export async function updateProfile(
  db: Db,
  id: number,
  patch: ProfilePatch,
  now: number,
): Promise<AuthUser | null> {
  const [row] = await db
    .update(users)
    .set({
      ...(patch.username !== undefined && { username: patch.username }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.newsletter_opt_in !== undefined && { newsletterOptIn: patch.newsletter_opt_in }),
      ...(patch.email_subscriptions !== undefined && {
        emailSubscriptions: patch.email_subscriptions,
      }),
      ...(patch.exclude_subscriptions !== undefined && {
        excludeSubscriptions: patch.exclude_subscriptions,
      }),
      ...(patch.colorize_icons !== undefined && { colorizeIcons: patch.colorize_icons }),
      modified: stamp(now),
    })
    .where(eq(users.id, id))
    .returning(accountColumns)
  return row ?? null
}

/** Stores a new hash for the same password (a rehash); sessions are unaffected. */
export async function storePasswordHash(
  db: Queryable,
  id: number,
  hash: string,
  now: number,
): Promise<void> {
  await db
    .update(users)
    .set({ password: hash, modified: stamp(now) })
    .where(eq(users.id, id))
}

export async function findPasswordHash(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, id))
  return row?.password ?? null
}

/** Created on first request and stable afterwards, even when two requests race. */
export async function deckExportToken(db: Db, id: number): Promise<string> {
  // Written once, on the first call; later calls only read it (a write would tell every
  // process to forget the player's session).
  const [kept] = await db
    .select({ token: users.deckExportUuid })
    .from(users)
    .where(eq(users.id, id))
  if (kept?.token) return kept.token
  const [row] = await db
    .update(users)
    .set({ deckExportUuid: sql`coalesce(${users.deckExportUuid}, gen_random_uuid())` })
    .where(eq(users.id, id))
    .returning({ token: users.deckExportUuid })
  if (!row?.token) throw new Error(`player ${id} vanished while creating an export token`)
  return row.token
}

/** Whether any player, banned or not, holds this badge. */
export async function badgeExists(db: Db, badge: string): Promise<boolean> {
  // PostgreSQL text cannot hold NUL, so no badge has one (and the query would fail).
  if (badge.includes('\u0000')) return false
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.badge, badge))
  return row !== undefined
}

export const USER_NOT_FOUND = 'User not found.'

/**
 * A ban decision touches only the ban flag and the notes; otherwise the sent username and
 * description are replaced. The notes are always kept, since they say why.
 */
export async function moderatePlayer(
  db: Db,
  badge: string,
  moderatorId: number,
  moderation: Moderation,
  now: number,
): Promise<ModerationResult> {
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.badge, badge))
  if (!target) throw notFound(USER_NOT_FOUND)
  if (target.id === moderatorId) throw invalid('You cannot moderate yourself.')
  const changes =
    moderation.is_banned !== undefined
      ? { isBanned: moderation.is_banned }
      : {
          ...(moderation.username !== undefined && { username: moderation.username }),
          ...(moderation.description !== undefined && { description: moderation.description }),
        }
  const [row] = await db
    .update(users)
    .set({ ...changes, moderationNotes: moderation.moderation_notes, modified: stamp(now) })
    .where(eq(users.id, target.id))
    .returning({
      username: users.username,
      description: users.description,
      is_banned: users.isBanned,
      moderation_notes: users.moderationNotes,
    })
  if (!row) throw notFound(USER_NOT_FOUND)
  return row
}

export type NewAccount = {
  email: string
  passwordHash: string
  username: string
  description: string | null
  newsletterOptIn: boolean
}

/** PostgreSQL's unique_violation, with the constraint that fired (drivers wrap the error). */
export function uniqueViolation(error: unknown): string | null {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current && typeof current === 'object';
    current = current.cause as typeof current
  ) {
    if (current.code === '23505') return current.constraint ?? ''
  }
  return null
}

const BADGE_ATTEMPTS = 5

/**
 * Inserts the player under a fresh badge. Two sign-ups can draw the same free badge at once;
 * the loser retries inside a savepoint so the surrounding transaction survives. Returns null
 * when the e-mail is already registered.
 */
export async function insertAccount(tx: Queryable, account: NewAccount): Promise<AuthUser | null> {
  for (let attempt = 1; ; attempt++) {
    const badge = await generateBadge(tx)
    try {
      return await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(users)
          .values({
            email: account.email,
            badge,
            username: account.username,
            description: account.description,
            password: account.passwordHash,
            newsletterOptIn: account.newsletterOptIn,
          })
          .returning(accountColumns)
        if (!row) throw new Error('insert returned no row')
        return row
      })
    } catch (error) {
      const constraint = uniqueViolation(error)
      if (constraint === null) throw error
      if (constraint.includes('email')) return null
      if (attempt >= BADGE_ATTEMPTS) throw error
    }
  }
}
