import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { decks } from '../../db/schema.ts'
import { rememberNeeds } from '../collection/box-needs.ts'
import type { DeckRow } from './rows.ts'

/**
 * Dice, cards and (optionally) selected cards of one deck copied onto another, set-based, with
 * what the deck needs of each release (remembered among the masks decks hold).
 */
export async function copyContents(
  db: Queryable,
  fromId: number,
  toId: number,
  options: { selected: boolean },
): Promise<void> {
  await db.execute(sql`update deck set (box_need1, box_need2, box_need3) =
      (select box_need1, box_need2, box_need3 from deck where id = ${fromId})
    where id = ${toId}`)
  await rememberNeeds(db, sql`d.id = ${toId}`)
  await db.execute(sql`insert into deck_die (deck_id, die_flag, count, position)
    select ${toId}, die_flag, count, position from deck_die where deck_id = ${fromId}`)
  await db.execute(sql`insert into deck_card (deck_id, card_id, count)
    select ${toId}, card_id, count from deck_card where deck_id = ${fromId}`)
  if (options.selected) {
    await db.execute(sql`insert into deck_selected_card
        (deck_id, card_id, tutor_card_id, is_first_five, is_paid_effect, position)
      select ${toId}, card_id, tutor_card_id, is_first_five, is_paid_effect, position
      from deck_selected_card where deck_id = ${fromId}`)
  }
}

export type SnapshotFields = {
  title: string | null
  description: string | null
  isPublic: boolean
  preconstructedRelease?: number | null
  includeSelected: boolean
}

/**
 * A snapshot of a working deck as last saved: its own row, entity id and share uuid, the deck's
 * Phoenixborn, dice and cards, and `source_id` pointing back at the working deck.
 */
export async function insertSnapshot(
  db: Queryable,
  working: Pick<DeckRow, 'id' | 'user_id' | 'phoenixborn_id' | 'is_red_rains'>,
  fields: SnapshotFields,
  now: number,
): Promise<{ id: number; entityId: number }> {
  const stamp = new Date(now).toISOString()
  const preconstructed = fields.preconstructedRelease ?? null
  const [snapshot] = await db
    .insert(decks)
    .values({
      title: fields.title,
      description: fields.description,
      isPublic: fields.isPublic,
      isSnapshot: true,
      isPreconstructed: preconstructed !== null,
      preconstructedRelease: preconstructed,
      isRedRains: working.is_red_rains,
      created: stamp,
      modified: stamp,
      sourceId: working.id,
      userId: working.user_id,
      phoenixbornId: working.phoenixborn_id,
    })
    .returning({ id: decks.id, entityId: decks.entityId })
  if (!snapshot) throw new Error('snapshot not stored')
  await copyContents(db, working.id, snapshot.id, { selected: fields.includeSelected })
  return snapshot
}

/** Titles are limited to 255 characters; derived ones ("Copy of …") are cut to fit. */
export function fitTitle(title: string): string {
  return [...title].length > 255 ? [...title].slice(0, 255).join('') : title
}
