import { eq } from 'drizzle-orm'
import type { Queryable } from '../db/client.ts'
import { cards, comments, decks } from '../db/schema.ts'

/**
 * What a global entity id (API.md §8) points at. Cards, deck rows (working decks and
 * snapshots) and comments draw their ids from one sequence, so an id names at most one of them.
 */
export type Entity =
  | { kind: 'card'; id: number; entityId: number; isLegacy: boolean; version: number }
  | {
      kind: 'deck'
      id: number
      entityId: number
      userId: number | null
      sourceId: number | null
      isLegacy: boolean
      isSnapshot: boolean
      isPublic: boolean
      isDeleted: boolean
    }
  | {
      kind: 'comment'
      id: number
      entityId: number
      userId: number
      sourceEntityId: number
      isDeleted: boolean
      isModerated: boolean
    }

export type FindEntityOptions = {
  /**
   * Lock the row until the surrounding transaction ends, so work on one thread (numbering its
   * comments) runs one request at a time. `no key update` still lets other tables reference it.
   */
  lock?: boolean
}

export async function findEntity(
  db: Queryable,
  entityId: number,
  options: FindEntityOptions = {},
): Promise<Entity | null> {
  const cardQuery = db
    .select({
      id: cards.id,
      entityId: cards.entityId,
      isLegacy: cards.isLegacy,
      version: cards.version,
    })
    .from(cards)
    .where(eq(cards.entityId, entityId))
  const [card] = options.lock ? await cardQuery.for('no key update') : await cardQuery
  if (card) return { kind: 'card', ...card }

  const deckQuery = db
    .select({
      id: decks.id,
      entityId: decks.entityId,
      userId: decks.userId,
      sourceId: decks.sourceId,
      isLegacy: decks.isLegacy,
      isSnapshot: decks.isSnapshot,
      isPublic: decks.isPublic,
      isDeleted: decks.isDeleted,
    })
    .from(decks)
    .where(eq(decks.entityId, entityId))
  const [deck] = options.lock ? await deckQuery.for('no key update') : await deckQuery
  if (deck) return { kind: 'deck', ...deck }

  const commentQuery = db
    .select({
      id: comments.id,
      entityId: comments.entityId,
      userId: comments.userId,
      sourceEntityId: comments.sourceEntityId,
      isDeleted: comments.isDeleted,
      isModerated: comments.isModerated,
    })
    .from(comments)
    .where(eq(comments.entityId, entityId))
  const [comment] = options.lock ? await commentQuery.for('no key update') : await commentQuery
  if (comment) return { kind: 'comment', ...comment }
  return null
}

/** Why an entity cannot carry a comment thread or a subscription. */
export type ThreadProblem = 'not_found' | 'legacy' | 'snapshot'

/** A card or deck of the current edition that can carry a thread. */
export type ThreadSource = Extract<Entity, { kind: 'card' | 'deck' }>

/**
 * Threads hang off cards (of any release) and working decks (API.md §7.6, §7.7). Snapshots
 * share their working deck's thread; Legacy content is read-only; deleted decks are invisible.
 */
export function threadProblem(entity: Entity | null): ThreadProblem | null {
  if (!entity || entity.kind === 'comment') return 'not_found'
  if (entity.kind === 'deck' && entity.isDeleted) return 'not_found'
  if (entity.isLegacy) return 'legacy'
  if (entity.kind === 'deck' && entity.isSnapshot) return 'snapshot'
  return null
}

/** The card or working deck behind a thread id, or why there is none. */
export async function findThreadSource(
  db: Queryable,
  entityId: number,
  options: FindEntityOptions = {},
): Promise<{ source: ThreadSource } | { problem: ThreadProblem }> {
  const entity = await findEntity(db, entityId, options)
  const problem = threadProblem(entity)
  if (problem || !entity || entity.kind === 'comment') return { problem: problem ?? 'not_found' }
  return { source: entity }
}
