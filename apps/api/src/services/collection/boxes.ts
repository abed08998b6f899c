import { copiesPerBox, type Precon } from '@spellboard/core/collection'
import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '../../db/client.ts'
import { batches } from '../../db/upsert.ts'
import {
  type BoxMasks,
  bigintArray,
  deckBoxNeeds,
  intArray,
  type NeedCard,
  type NeedPool,
  rememberNeeds,
} from './box-needs.ts'

/** Decks whose needs one statement writes. */
const DECKS_PER_STATEMENT = 2000

type CardRow = {
  id: number
  stub: string
  release_id: number
  card_type: string
  copies: number | null
  conjurations: string[] | null
}

/** Reborn cards with their release ids and what they conjure, and the Reborn release ids. */
async function readPool(db: Queryable) {
  const rows = await queryRows<CardRow>(
    db,
    sql`select c.id, c.stub, c.release_id, c.card_type, c.copies,
          (select array_agg(j.stub order by j.id) from card_conjuration cc
             join card j on j.id = cc.conjuration_id where cc.card_id = c.id) as conjurations
        from card c where not c.is_legacy order by c.id`,
  )
  const releases = await queryRows<{ id: number }>(
    db,
    sql`select id from release where not is_legacy order by id`,
  )
  return { rows, releaseIds: releases.map((release) => release.id) }
}

/**
 * Precons of the Reborn pool as stored: the latest undeleted snapshot of each, counted for the
 * release it names, or else its Phoenixborn's release; by release, then in the order stored
 * (the first precon holding a card is the one a player is pointed to).
 */
async function readPrecons(db: Queryable): Promise<Precon[]> {
  const rows = await queryRows<{
    title: string | null
    release_id: number
    phoenixborn: string
    cards: { stub: string; count: number }[] | string | null
  }>(
    db,
    sql`select distinct on (coalesce(d.source_id, d.id)) d.title,
          coalesce(d.preconstructed_release, p.release_id) as release_id, p.stub as phoenixborn,
          (select json_agg(json_build_object('stub', c.stub, 'count', dc.count) order by c.id)
             from deck_card dc join card c on c.id = dc.card_id where dc.deck_id = d.id) as cards
        from deck d join card p on p.id = d.phoenixborn_id
        where d.is_preconstructed and not d.is_legacy and not d.is_deleted
        order by coalesce(d.source_id, d.id), d.created desc, d.id desc`,
  )
  return rows
    .map((row) => ({
      title: row.title ?? '',
      release: String(row.release_id),
      phoenixborn: row.phoenixborn,
      cards: (typeof row.cards === 'string' ? JSON.parse(row.cards) : row.cards) ?? [],
    }))
    .sort((a, b) => Number(a.release) - Number(b.release))
}

/**
 * Derives every Reborn card's copies per box from the precons stored (core `copiesPerBox`),
 * then what every Reborn deck needs of each release (`box_need1..3`). Every import runs it, since
 * both depend on the cards and precons, and a server starts with it when a card has none yet.
 */
export async function refreshBoxes(db: Queryable): Promise<{ cards: number; decks: number }> {
  const { rows, releaseIds } = await readPool(db)
  const pool = rows.map((row) => ({
    stub: row.stub,
    release: String(row.release_id),
    type: row.card_type,
    copies: row.copies,
    conjurations: row.conjurations ?? [],
  }))
  const copies = copiesPerBox(pool, await readPrecons(db))
  const cards = new Map<string, NeedCard>()
  for (const card of pool) {
    cards.set(card.stub, { ...card, boxCopies: copies.get(card.stub)?.copies ?? 3 })
  }
  for (const batch of batches(rows, 1000)) {
    const held = batch.map((row) => copies.get(row.stub))
    await db.execute(
      sql`update card c set box_copies = v.copies, box_deck = v.deck
          from unnest(${intArray(batch.map((row) => row.id))}::bigint[],
                      ${intArray(held.map((h) => h?.copies ?? 3))},
                      ${`{${held.map((h) => (h?.deck ? `"${h.deck.replace(/[\\"]/g, (c) => `\\${c}`)}"` : 'NULL')).join(',')}}`}::text[])
            as v(id, copies, deck)
          where c.id = v.id
            and (c.box_copies, c.box_deck) is distinct from (v.copies, v.deck)`,
    )
  }
  const decks = await refreshDeckNeeds(db, { cards, releaseIds })
  return { cards: rows.length, decks }
}

/**
 * Recomputes the need masks of every Reborn deck (Legacy decks keep none), a batch at a time,
 * and remembers the combinations published decks hold.
 */
async function refreshDeckNeeds(db: Queryable, pool: NeedPool): Promise<number> {
  let after = 0
  let count = 0
  for (;;) {
    const decks = await queryRows<{
      id: number
      phoenixborn: string
      cards: { stub: string; count: number }[] | string | null
    }>(
      db,
      sql`select d.id, p.stub as phoenixborn,
            (select json_agg(json_build_object('stub', c.stub, 'count', dc.count))
               from deck_card dc join card c on c.id = dc.card_id where dc.deck_id = d.id) as cards
          from deck d join card p on p.id = d.phoenixborn_id
          where not d.is_legacy and d.id > ${after} order by d.id limit ${DECKS_PER_STATEMENT}`,
    )
    const last = decks.at(-1)
    if (!last) break
    const needs = decks.map((deck) =>
      deckBoxNeeds(
        {
          phoenixborn: deck.phoenixborn,
          cards: (typeof deck.cards === 'string' ? JSON.parse(deck.cards) : deck.cards) ?? [],
        },
        pool,
      ),
    )
    const column = (pick: (masks: BoxMasks) => bigint) => bigintArray(needs.map(pick))
    await db.execute(
      sql`update deck d set box_need1 = v.need1, box_need2 = v.need2, box_need3 = v.need3
          from unnest(${intArray(decks.map((deck) => deck.id))}::bigint[],
                      ${column((m) => m.boxNeed1)}, ${column((m) => m.boxNeed2)},
                      ${column((m) => m.boxNeed3)})
            as v(id, need1, need2, need3)
          where d.id = v.id
            and (d.box_need1, d.box_need2, d.box_need3) is distinct from (v.need1, v.need2, v.need3)`,
    )
    count += decks.length
    after = last.id
  }
  await rememberNeeds(db, sql`d.is_snapshot and d.is_public and not d.is_deleted`)
  return count
}
