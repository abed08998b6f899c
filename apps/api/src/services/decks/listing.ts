import type { DeckOut } from '@spellboard/core/decks'
import { type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { idArray, preparedRows, textArray } from '../../db/prepared.ts'
import type { Catalogue } from '../cards/catalogue.ts'
import { parseTextQuery } from '../cards/full-text.ts'
import {
  type BoxMasks,
  bigintArray,
  buildableNeeds,
  buildsCondition,
  deckNeedColumns,
} from '../collection/box-needs.ts'
import { loadContents } from './contents.ts'
import type { CountCache } from './count-cache.ts'
import { deckOut } from './output.ts'
import { DECK_COLUMNS, type DeckRow, storable } from './rows.ts'

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
  /** `buildable=true` for a logged-in reader: the boxes they own (`services/collection`). */
  owns?: BoxMasks | undefined
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
  if (filters.owns) {
    // A collection holds Reborn boxes only: it builds no Legacy deck.
    if (filters.show_legacy) return null
    conditions.push(buildsCondition(deckNeedColumns('d'), filters.owns))
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

/** The ids of a page of the rows `where` matches, from an index in listing order. */
const pageIds = (where: SQL, filters: DeckListFilters): SQL =>
  sql`select d.id from deck d where ${where}
      order by ${orderBy(filters)} limit ${filters.limit} offset ${filters.offset}`

/**
 * A page in two steps: the ids (nothing else is read for the rows skipped by the offset), then
 * those rows with their authors.
 */
async function page(
  db: Queryable,
  catalogue: Catalogue,
  ids: SQL,
  filters: DeckListFilters,
  count: () => Promise<number>,
): Promise<DeckListPage> {
  const [total, rows] = await Promise.all([
    count(),
    preparedRows<DeckRow>(
      db,
      sql`select ${DECK_COLUMNS}
          from (${ids}) page
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
  /**
   * How "decks I can build" reads its page and count, chosen by the count unless named: 'walk'
   * reads neither through the named masks (tests compare the two, the benchmark shows both).
   */
  buildableShape?: BuildableShape,
): Promise<DeckListPage> {
  const conditions = await filterConditions(db, catalogue, filters, {
    players: true,
    preconstructed: true,
  })
  if (!conditions) return EMPTY
  const rows = sql.join(
    [sql`d.is_snapshot and d.is_public and not d.is_deleted`, ...conditions],
    sql` and `,
  )
  const where = sql`${rows} and ${LATEST}`
  const key = JSON.stringify([
    filters.q?.trim() ?? '',
    [...filters.phoenixborn].sort(),
    [...filters.card].sort(),
    [...filters.player].sort(),
    filters.show_legacy,
    filters.show_red_rains,
    filters.show_preconstructed,
    filters.owns ? Object.values(filters.owns).join(',') : null,
  ])
  if (!filters.owns) {
    const count = () => countRows(db, where)
    const ids = pageIds(where, filters)
    return page(db, catalogue, ids, filters, cache ? () => cache.get(key, count) : count)
  }
  const counted = (count: () => Promise<number>) => (cache ? cache.get(key, count) : count())
  return buildablePage(db, catalogue, rows, filters, filters.owns, counted, buildableShape)
}

/** No newer publication of the same deck (a row `d` with `source_id`, `created`, `id`). */
const LATEST = sql`not exists (select 1 from deck newer
  where newer.source_id = d.source_id and newer.is_snapshot and newer.is_public
    and not newer.is_deleted and (newer.created, newer.id) > (d.created, d.id))`

export type BuildableShape = 'walk' | 'named'

/**
 * "Decks I can build" (decision 013). A collection that builds many decks walks the listing
 * index, testing the masks it carries: a page costs about its offset over the share of decks
 * built. One that builds few names the masks it builds (`buildableNeeds`) and reads just those
 * decks from the needs index: a page costs about the decks built. The count, kept like every
 * other, tells which is cheaper; it is read through the named masks when there are few enough.
 */
async function buildablePage(
  db: Queryable,
  catalogue: Catalogue,
  rows: SQL,
  filters: DeckListFilters,
  owns: BoxMasks,
  counted: (count: () => Promise<number>) => Promise<number>,
  shape?: BuildableShape,
): Promise<DeckListPage> {
  const where = sql`${rows} and ${LATEST}`
  let named: Promise<SQL | null> | undefined
  const narrowed = () => {
    named ??= buildableNeeds(db, owns).then((values) =>
      values ? sql`${rows} and d.box_need1 = any(${bigintArray(values)})` : null,
    )
    return named
  }
  const total = await counted(async () => {
    const few = shape !== 'walk' && (await narrowed())
    return countRows(db, few ? sql`${few} and ${LATEST}` : where)
  })
  if (total === 0) return EMPTY
  const few = shape ? shape === 'named' : total <= FEW_BUILT + 10 * (filters.offset + filters.limit)
  const candidates = few && (await narrowed())
  // The decks built, in listing order, then the newest-publication test only until the page is
  // full (the subquery's OFFSET 0 keeps the test out of it).
  const ids = candidates
    ? sql`select d.id from (select d.id, d.source_id, d.created, d.modified from deck d
          where ${candidates} order by ${orderBy(filters)} offset 0) d
          where ${LATEST} order by ${orderBy(filters)}
          limit ${filters.limit} offset ${filters.offset}`
    : pageIds(where, filters)
  return page(db, catalogue, ids, filters, async () => total)
}

/** Below this many decks built (plus ten per deck the page reaches), they are read by masks. */
const FEW_BUILT = 500

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
  return page(db, catalogue, pageIds(where, filters), filters, () => countRows(db, where))
}
