import { and, desc, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client.ts'
import { comments, decks, subscriptions } from '../db/schema.ts'
import { invalid, notFound, type Refusal } from '../lib/refusal.ts'
import { findThreadSource, type ThreadProblem, type ThreadSource } from './entities.ts'

/**
 * A subscription is (player, thread id) → the newest entity the player has seen there: a
 * comment, or for decks also a published snapshot (API.md §7.7, §8).
 */

/** The player's marker for a thread: undefined when not subscribed, null for a marker-less row. */
export async function subscriptionMarker(
  db: Queryable,
  userId: number,
  sourceEntityId: number,
): Promise<number | null | undefined> {
  const [row] = await db
    .select({ lastSeen: subscriptions.lastSeenEntityId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.sourceEntityId, sourceEntityId)))
  return row ? row.lastSeen : undefined
}

/**
 * Subscribes the player (if needed) with the given marker. Used when a player posts a comment or
 * publishes a snapshot: they have seen their own contribution.
 */
export async function setSubscriptionMarker(
  db: Queryable,
  userId: number,
  sourceEntityId: number,
  lastSeenEntityId: number,
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ userId, sourceEntityId, lastSeenEntityId })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.sourceEntityId],
      set: { lastSeenEntityId },
    })
}

async function newestCommentId(db: Queryable, sourceEntityId: number): Promise<number | null> {
  const [row] = await db
    .select({ entityId: comments.entityId })
    .from(comments)
    .where(eq(comments.sourceEntityId, sourceEntityId))
    .orderBy(desc(comments.entityId))
    .limit(1)
  return row?.entityId ?? null
}

async function newestPublicSnapshotId(db: Queryable, deckId: number): Promise<number | null> {
  const [row] = await db
    .select({ entityId: decks.entityId })
    .from(decks)
    .where(
      and(
        eq(decks.sourceId, deckId),
        eq(decks.isSnapshot, true),
        eq(decks.isPublic, true),
        eq(decks.isDeleted, false),
      ),
    )
    .orderBy(desc(decks.entityId))
    .limit(1)
  return row?.entityId ?? null
}

/**
 * The marker a subscriber who has not seen anything holds: `1`, which API.md §7.7 reports for
 * "nothing yet". It is stored as such (§15 A9), so a reload still shows the player subscribed,
 * and everything posted afterwards has a higher id and is highlighted.
 */
const NOTHING_SEEN = 1

/**
 * Where a new subscriber starts (API.md §7.7): the newest comment on this very thread, else (for
 * a deck) the newest published snapshot of this very deck, else nothing.
 */
async function initialMarker(db: Queryable, source: ThreadSource): Promise<number | null> {
  const comment = await newestCommentId(db, source.entityId)
  if (comment !== null) return comment
  if (source.kind === 'deck') return newestPublicSnapshotId(db, source.id)
  return null
}

const THREAD_REFUSALS: Record<ThreadProblem, () => Refusal> = {
  not_found: () => notFound('No valid resource found to subscribe to.'),
  legacy: () => invalid('Subscribing to legacy content is not allowed.'),
  snapshot: () => invalid('You cannot subscribe to snapshots.'),
}

export async function subscribe(
  db: Queryable,
  userId: number,
  entityId: number,
): Promise<{ lastSeenEntityId: number }> {
  const found = await findThreadSource(db, entityId)
  if ('problem' in found) throw THREAD_REFUSALS[found.problem]()
  const existing = await subscriptionMarker(db, userId, entityId)
  if (existing !== undefined) return { lastSeenEntityId: existing ?? NOTHING_SEEN }
  const marker = (await initialMarker(db, found.source)) ?? NOTHING_SEEN
  // Two subscribe calls racing keep whichever marker landed first, like a repeated call would.
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, sourceEntityId: entityId, lastSeenEntityId: marker })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.sourceEntityId],
      set: {
        lastSeenEntityId: sql`coalesce(${subscriptions.lastSeenEntityId}, excluded.last_seen_entity_id)`,
      },
    })
    .returning({ lastSeen: subscriptions.lastSeenEntityId })
  return { lastSeenEntityId: row?.lastSeen ?? marker }
}

/** Unsubscribing is idempotent and does not care whether the thread exists. */
export async function unsubscribe(db: Queryable, userId: number, entityId: number): Promise<void> {
  await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.sourceEntityId, entityId)))
}

/** Whether `marker` is a comment of this thread or a published snapshot of this very deck. */
async function isValidMarker(db: Queryable, entityId: number, marker: number): Promise<boolean> {
  const [comment] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.sourceEntityId, entityId), eq(comments.entityId, marker)))
  if (comment) return true
  const [snapshot] = await db
    .select({ id: decks.id })
    .from(decks)
    .where(
      and(
        eq(decks.entityId, marker),
        eq(decks.isSnapshot, true),
        eq(decks.isPublic, true),
        eq(decks.isDeleted, false),
        sql`${decks.sourceId} in (select id from deck where entity_id = ${entityId})`,
      ),
    )
  return snapshot !== undefined
}

export async function advanceMarker(
  db: Queryable,
  userId: number,
  entityId: number,
  marker: number,
): Promise<void> {
  if ((await subscriptionMarker(db, userId, entityId)) === undefined) {
    throw notFound('You are not subscribed to this content.')
  }
  if (!(await isValidMarker(db, entityId, marker))) {
    throw invalid('Invalid entity ID passed for this subscription.')
  }
  await db
    .update(subscriptions)
    .set({ lastSeenEntityId: marker })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.sourceEntityId, entityId)))
}
