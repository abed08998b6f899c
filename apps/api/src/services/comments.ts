import type { SortOrder } from '@spellboard/core/cards'
import type { Comment, CommentEdit } from '@spellboard/core/comments'
import { and, asc, count, desc, eq, max } from 'drizzle-orm'
import type { Queryable } from '../db/client.ts'
import { comments, stream, subscriptions, users } from '../db/schema.ts'
import { isoDate } from '../lib/dates.ts'
import { forbidden, invalid, notFound, type Refusal } from '../lib/refusal.ts'
import { findEntity, findThreadSource, type ThreadProblem } from './entities.ts'
import { setSubscriptionMarker } from './subscriptions.ts'

/** Who is acting: moderation rights come with `is_admin`. */
export type Commenter = { id: number; is_admin: boolean }

/** Stored when an admin removes a comment without saying why (clients cannot send the notes). */

const THREAD_REFUSALS: Record<ThreadProblem, () => Refusal> = {
  not_found: () => notFound('No valid resource found to comment on.'),
  legacy: () => invalid('Commenting on legacy decks and cards is not allowed.'),
  snapshot: () => invalid('You cannot comment on snapshots.'),
}
const blankText = () => invalid('You cannot post blank comments.')
const commentNotFound = () => notFound('No such comment found.')
const notAuthor = () => forbidden('You may only change your own comments.')

const commentColumns = {
  entityId: comments.entityId,
  sourceEntityId: comments.sourceEntityId,
  sourceVersion: comments.sourceVersion,
  text: comments.text,
  orderingIncrement: comments.orderingIncrement,
  created: comments.created,
  modified: comments.modified,
  isModerated: comments.isModerated,
  isDeleted: comments.isDeleted,
  username: users.username,
  badge: users.badge,
}
type CommentRow = {
  entityId: number
  sourceEntityId: number
  sourceVersion: number | null
  text: string
  orderingIncrement: number
  created: string
  modified: string
  isModerated: boolean
  isDeleted: boolean
  username: string
  badge: string
}

/** The FULL wire comment (API.md §5.5); a deleted comment's text is for moderators only. */
function toComment(row: CommentRow, showDeletedText: boolean): Comment {
  return {
    entity_id: row.entityId,
    source_entity_id: row.sourceEntityId,
    source_version: row.sourceVersion,
    text: row.isDeleted && !showDeletedText ? null : row.text,
    ordering_increment: row.orderingIncrement,
    created: isoDate(row.created),
    modified: isoDate(row.modified),
    is_moderated: row.isModerated,
    is_deleted: row.isDeleted,
    user: { username: row.username, badge: row.badge },
  }
}

/**
 * One page of a thread. Deleted comments stay listed so numbering and paging never shift; no
 * check that the thread exists (an unknown id is simply an empty thread).
 */
export async function listComments(
  db: Queryable,
  sourceEntityId: number,
  page: { order: SortOrder; limit: number; offset: number; viewer: Commenter | null },
): Promise<{ count: number; results: Comment[] }> {
  const direction = page.order === 'desc' ? desc : asc
  const [total] = await db
    .select({ count: count() })
    .from(comments)
    .where(eq(comments.sourceEntityId, sourceEntityId))
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.sourceEntityId, sourceEntityId))
    .orderBy(
      direction(comments.created),
      direction(comments.orderingIncrement),
      direction(comments.id),
    )
    .limit(page.limit)
    .offset(page.offset)
  const isAdmin = page.viewer?.is_admin ?? false
  return { count: total?.count ?? 0, results: rows.map((row) => toComment(row, isAdmin)) }
}

async function readComment(db: Queryable, entityId: number): Promise<Comment> {
  const [row] = await db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.entityId, entityId))
  if (!row) throw new Error(`comment ${entityId} vanished`)
  return toComment(row, true)
}

/**
 * Posts a comment on a card or working deck. The thread's row stays locked until commit, and
 * both the number and the time are taken under that lock (the time never before the previous
 * comment's), so parallel posts on one thread are numbered one after the other, never twice
 * the same, and their times are in the same order as their numbers.
 */
export function postComment(
  db: Queryable,
  author: Commenter,
  sourceEntityId: number,
  text: string,
  clock: () => number,
): Promise<{ entityId: number }> {
  return db.transaction(async (tx) => {
    const found = await findThreadSource(tx, sourceEntityId, { lock: true })
    if ('problem' in found) throw THREAD_REFUSALS[found.problem]()
    if (!text.trim()) throw blankText()
    const { source } = found
    // Numbering continues after deleted comments: they are still listed.
    const [last] = await tx
      .select({ increment: max(comments.orderingIncrement), created: max(comments.created) })
      .from(comments)
      .where(eq(comments.sourceEntityId, source.entityId))
    const now = clock()
    const previous = last?.created ? Date.parse(isoDate(last.created)) : Number.NEGATIVE_INFINITY
    const posted = previous > now && last?.created ? last.created : new Date(now).toISOString()
    const [comment] = await tx
      .insert(comments)
      .values({
        userId: author.id,
        sourceEntityId: source.entityId,
        sourceType: source.kind,
        sourceVersion: source.kind === 'card' ? source.version : null,
        text,
        orderingIncrement: (last?.increment ?? 0) + 1,
        created: posted,
        modified: posted,
      })
      .returning({ entityId: comments.entityId })
    if (!comment) throw new Error('comment not stored')
    await tx.insert(stream).values({
      entityId: comment.entityId,
      entityType: 'comment',
      sourceEntityId: source.entityId,
      posted,
    })
    await setSubscriptionMarker(tx, author.id, source.entityId, comment.entityId)
    return { entityId: comment.entityId }
  })
}

/**
 * Authors edit their own comments until a moderator has touched them; admins edit anyone's,
 * giving a reason (API.md §7.6).
 */
export function editComment(
  db: Queryable,
  editor: Commenter,
  commentEntityId: number,
  edit: CommentEdit,
  now: number,
): Promise<Comment> {
  return db.transaction(async (tx) => {
    const entity = await findEntity(tx, commentEntityId, { lock: true })
    if (entity?.kind !== 'comment') throw commentNotFound()
    if (entity.isDeleted) throw invalid('You cannot edit deleted comments.')
    if (!edit.text.trim()) throw blankText()
    const changes: Partial<typeof comments.$inferInsert> = {
      text: edit.text,
      modified: new Date(now).toISOString(),
    }
    if (entity.userId !== editor.id) {
      if (!editor.is_admin) throw notAuthor()
      const notes = edit.moderation_notes?.trim()
      if (!notes) {
        throw invalid("You must include moderation notes when editing other users' comments.")
      }
      const [current] = await tx
        .select({ text: comments.text, originalText: comments.originalText })
        .from(comments)
        .where(eq(comments.id, entity.id))
      // Keep what the author wrote, not an earlier moderator's rewording.
      changes.originalText = current?.originalText ?? current?.text ?? null
      changes.moderationNotes = notes
      changes.isModerated = true
    } else if (entity.isModerated && !editor.is_admin) {
      throw invalid('This comment has been moderated and cannot be modified.')
    }
    await tx.update(comments).set(changes).where(eq(comments.id, entity.id))
    return readComment(tx, commentEntityId)
  })
}

/**
 * Soft delete: the comment keeps its place and number in the thread. Admins may remove anyone's
 * comment, saying why in `moderation_notes` (query string); without notes they are refused.
 */
export async function deleteComment(
  db: Queryable,
  actor: Commenter,
  commentEntityId: number,
  moderationNotes: string | undefined,
  now: number,
): Promise<void> {
  const entity = await findEntity(db, commentEntityId)
  if (entity?.kind !== 'comment') throw commentNotFound()
  const isAuthor = entity.userId === actor.id
  if (!isAuthor && !actor.is_admin) throw notAuthor()
  if (entity.isDeleted) return
  const changes: Partial<typeof comments.$inferInsert> = {
    isDeleted: true,
    modified: new Date(now).toISOString(),
  }
  if (!isAuthor) {
    const notes = moderationNotes?.trim()
    if (!notes) {
      throw invalid("You must include moderation notes when deleting other users' comments.")
    }
    changes.isModerated = true
    changes.moderationNotes = notes
  }
  await db.update(comments).set(changes).where(eq(comments.id, entity.id))
}

/**
 * Removes a whole thread: its comments, their stream rows and every subscription to it. For
 * content that is erased rather than hidden (a hard-deleted working deck, API.md §14 A18).
 */
export async function removeThread(db: Queryable, sourceEntityId: number): Promise<void> {
  await db
    .delete(stream)
    .where(and(eq(stream.sourceEntityId, sourceEntityId), eq(stream.entityType, 'comment')))
  await db.delete(comments).where(eq(comments.sourceEntityId, sourceEntityId))
  await db.delete(subscriptions).where(eq(subscriptions.sourceEntityId, sourceEntityId))
}
