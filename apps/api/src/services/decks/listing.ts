import type { DeckOut } from '@spellboard/core/decks'
import { type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import type { Catalogue } from '../cards/catalogue.ts'
import { parseTextQuery } from '../cards/full-text.ts'
import { intArray } from '../collection/box-fits.ts'
import { loadContents } from './contents.ts'
import type { CountCache } from './count-cache.ts'
import { deckOut } from './output.ts'
import { DECK_COLUMNS, type DeckRow, idArray, preparedRows, storable, textArray } from './rows.ts'

export type DeckListFilters = {
  q?: string | undefined
  phoenixborn: string[]
  card: string[]
  player: string[]
  show_legacy: boolean
  show_red_rains: boolean
  show_preconstructed: boolean
  sort: 'created' | 'modified'
  order: 'asc' | 'desc'
  limit: number
  offset: number
  /** `buildable=true` for a logged-in reader: what a deck must fit (`services/collection`). */
  requires?: readonly number[] | undefined
}

export type DeckListPage = { count: number; results: DeckOut[] }

const EMPTY: DeckListPage = { count: 0, results: [] }

/** Stub filters resolved through the card catalogue, badges through the database, to ids. */
async function resolveFilters(db: Queryable, catalogue: Catalogue, filters: DeckListFilters) {
  const cards = filters.show_legacy ? catalogue.allByStub.legacy : catalogue.allByStub.reborn
  const idsOf = (stubs: string[], phoenixbornOnly: boolean) =>
    stubs.flatMap((stub) => {
      const card = cards.get(stub)
      return card && (!phoenixbornOnly || card.cardType === 'Phoenixborn') ? [card.id] : []
    })
  const badges = storable(filters.player)
  const users = badges.length
    ? await preparedRows<{ id: number }>(
        db,
        sql`select id from "user" where badge = any(${textArray(badges)})`,
      )
    : []
  return {
    phoenixbornIds: idsOf(filters.phoenixborn, true),
    cardIds: idsOf(filters.card, false),
    userIds: users.map((user) => user.id),
  }
}

/** `= id` for one value (an index can then give rows in order), `= any(…)` for several. */
function oneOf(ids: number[]): SQL {
  return ids.length === 1 ? sql`= ${ids[0]}` : sql`= any(${idArray(ids)})`
}

/**
 * Filter conditions shared by the public listing and "my decks"; null when a filter can match
 * nothing (an unknown stub, a query with no letters), so the caller answers at once.
 */
async function filterConditions(
  db: Queryable,
  catalogue: Catalogue,
  filters: DeckListFilters,
  options: { players: boolean; preconstructed: boolean },
): Promise<SQL[] | null> {
  const conditions: SQL[] = [
    sql`d.is_legacy = ${filters.show_legacy}`,
    sql`d.is_red_rains = ${filters.show_red_rains}`,
  ]
  if (filters.requires) {
    // A collection holds Reborn boxes only: it builds no Legacy deck.
    if (filters.show_legacy) return null
    conditions.push(sql`d.box_fits @> ${intArray(filters.requires)}`)
  }
  if (options.preconstructed && filters.show_preconstructed) {
    conditions.push(sql`d.is_preconstructed`)
  }
  const text = parseTextQuery(filters.q)
  if (text?.kind === 'nothing') return null
  if (text) {
    const matches = sql`d.title_search @@ to_tsquery('english', ${text.tsquery})`
    conditions.push(
      text.initials ? sql`(${matches} or d.title_initials = ${text.initials})` : matches,
    )
  }
  const wantsPlayers = options.players && filters.player.length > 0
  if (filters.phoenixborn.length || filters.card.length || wantsPlayers) {
    const resolved = await resolveFilters(db, catalogue, filters)
    if (filters.phoenixborn.length) {
      if (!resolved.phoenixbornIds.length) return null
      conditions.push(sql`d.phoenixborn_id ${oneOf(resolved.phoenixbornIds)}`)
    }
    if (filters.card.length) {
      if (!resolved.cardIds.length) return null
      // EXISTS, not a join: a deck holding several of the cards is still one row (§14 A12).
      conditions.push(
        sql`exists (select 1 from deck_card dc
                    where dc.deck_id = d.id and dc.card_id ${oneOf(resolved.cardIds)})`,
      )
    }
    if (wantsPlayers) {
      if (!resolved.userIds.length) return null
      conditions.push(sql`d.user_id ${oneOf(resolved.userIds)}`)
    }
  }
  return conditions
}

function orderBy(filters: DeckListFilters): SQL {
  const column = filters.sort === 'modified' ? sql`d.modified` : sql`d.created`
  // The id breaks ties so paging is stable (§14 A20).
  return filters.order === 'asc' ? sql`${column} asc, d.id asc` : sql`${column} desc, d.id desc`
}

/**
 * A page in two steps: the ids, from an index in listing order (nothing else is read for the
 * rows skipped by the offset), then those rows with their authors.
 */
async function page(
  db: Queryable,
  catalogue: Catalogue,
  where: SQL,
  filters: DeckListFilters,
  count: () => Promise<number>,
): Promise<DeckListPage> {
  const [total, rows] = await Promise.all([
    count(),
    preparedRows<DeckRow>(
      db,
      sql`select ${DECK_COLUMNS}
          from (select d.id from deck d where ${where}
                order by ${orderBy(filters)} limit ${filters.limit} offset ${filters.offset}) page
          join deck d on d.id = page.id
          left join "user" u on u.id = d.user_id
          order by ${orderBy(filters)}`,
    ),
  ])
  const loaded = await loadContents(db, catalogue, rows)
  return { count: total, results: rows.map((row) => deckOut(row, loaded, { mode: 'sparse' })) }
}

async function countRows(db: Queryable, where: SQL): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from deck d where ${where}`,
  )
  return row?.n ?? 0
}

/**
 * `GET /v2/decks`: the latest published snapshot of each deck (snapshots without a source are
 * always kept, §14 A21), newest first by default.
 */
export async function listPublicDecks(
  db: Queryable,
  catalogue: Catalogue,
  filters: DeckListFilters,
  cache?: CountCache,
): Promise<DeckListPage> {
  const conditions = await filterConditions(db, catalogue, filters, {
    players: true,
    preconstructed: true,
  })
  if (!conditions) return EMPTY
  const where = sql.join(
    [
      sql`d.is_snapshot and d.is_public and not d.is_deleted`,
      sql`not exists (select 1 from deck newer
            where newer.source_id = d.source_id and newer.is_snapshot and newer.is_public
              and not newer.is_deleted and (newer.created, newer.id) > (d.created, d.id))`,
      ...conditions,
    ],
    sql` and `,
  )
  const key = JSON.stringify([
    filters.q?.trim() ?? '',
    [...filters.phoenixborn].sort(),
    [...filters.card].sort(),
    [...filters.player].sort(),
    filters.show_legacy,
    filters.show_red_rains,
    filters.show_preconstructed,
    filters.requires?.join(',') ?? null,
  ])
  const count = () => countRows(db, where)
  return page(db, catalogue, where, filters, cache ? () => cache.get(key, count) : count)
}

/** `GET /v2/decks/mine`: the caller's working decks (never their snapshots). */
export async function listMyDecks(
  db: Queryable,
  catalogue: Catalogue,
  userId: number,
  filters: DeckListFilters,
): Promise<DeckListPage> {
  const conditions = await filterConditions(db, catalogue, filters, {
    players: false,
    preconstructed: false,
  })
  if (!conditions) return EMPTY
  const where = sql.join(
    [sql`d.user_id = ${userId} and not d.is_snapshot and not d.is_deleted`, ...conditions],
    sql` and `,
  )
  return page(db, catalogue, where, filters, () => countRows(db, where))
}
