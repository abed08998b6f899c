import { type CardQuery, freeText } from '@spellboard/core/card-query'
import {
  type CardSort,
  type CardTypeFilter,
  cardTypesForFilter,
  type DiceLogic,
  type DiceName,
  isConjurationType,
  type ReleaseFilter,
  type SortOrder,
} from '@spellboard/core/cards'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import type { userReleases } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { type Catalogue, type CatalogueCard, editionOf } from './catalogue.ts'
import { diceFilter } from './dice-filter.ts'
import { parseTextQuery } from './full-text.ts'
import { termsPredicate } from './query-terms.ts'
import { cardsMatchingText } from './text-search.ts'

/** The filters of `GET /v2/cards` (API.md §7.3), as validated from the query string. */
export type CardFilters = {
  q?: string | undefined
  show_legacy: boolean
  types: CardTypeFilter[]
  mode: 'listing' | 'deckbuilder'
  show_summons: boolean
  releases: ReleaseFilter
  r: string[]
  dice: DiceName[]
  dice_logic: DiceLogic
  include_uniques_for?: string | undefined
  sort: CardSort
  order: SortOrder
}

type Predicate = (card: CatalogueCard) => boolean

async function collectionReleaseIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await queryRows<SqlRow<typeof userReleases, 'release_id'>>(
    db,
    sql`select release_id from user_release where user_id = ${userId}`,
  )
  return new Set(rows.map((row) => row.release_id))
}

/** §7.3.1 step 7: `phg` only means something for Legacy, `mine` only for a known caller. */
async function releasePredicate(
  db: Db,
  filters: CardFilters,
  userId: number | null,
): Promise<Predicate | null> {
  if (filters.releases === 'phg' && filters.show_legacy) return (card) => card.release.isPhg
  if (filters.releases === 'mine' && userId !== null) {
    const owned = await collectionReleaseIds(db, userId)
    return (card) => owned.has(card.release.id)
  }
  // An empty `r=` is no filter, as empty parameters are everywhere else.
  const stubs = new Set(filters.r.filter(Boolean))
  if (stubs.size > 0) return (card) => stubs.has(card.release.stub)
  return null
}

/**
 * Every visible card of the edition matching the filters, in the requested order (all filters
 * AND together). `search` is `filters.q` as `parseCardQuery` read it: its free text goes to the
 * full-text search, its terms filter the cached cards. The caller pages the result.
 */
export async function listCards(
  db: Db,
  catalogue: Catalogue,
  filters: CardFilters,
  search: CardQuery,
  userId: number | null,
): Promise<CatalogueCard[]> {
  const edition = editionOf(catalogue, filters.show_legacy)
  const predicates: Predicate[] = []

  const text = parseTextQuery(freeText(search))
  if (text) {
    const ids = await cardsMatchingText(db, catalogue, filters.show_legacy, text)
    predicates.push((card) => ids.has(card.id))
  }
  const terms = termsPredicate(catalogue, search)
  if (terms) predicates.push(terms)
  if (filters.types.length > 0) {
    const types = new Set<string>(filters.types.flatMap(cardTypesForFilter))
    predicates.push((card) => types.has(card.cardType))
  }
  const uniquesFor = filters.include_uniques_for || undefined
  if (filters.mode === 'deckbuilder') {
    predicates.push(
      (card) =>
        card.cardType !== 'Phoenixborn' &&
        !isConjurationType(card.cardType) &&
        (uniquesFor !== undefined || card.phoenixborn === null),
    )
  }
  if (uniquesFor !== undefined) {
    predicates.push((card) => card.phoenixborn === null || card.phoenixborn === uniquesFor)
  }
  if (filters.show_summons) predicates.push((card) => card.isSummonSpell)
  const releases = await releasePredicate(db, filters, userId)
  if (releases) predicates.push(releases)
  const dice = diceFilter(filters.dice, filters.dice_logic)
  if (dice) predicates.push(dice)

  const ordered = edition.sorted[filters.sort]
  const matching =
    predicates.length === 0
      ? ordered
      : ordered.filter((card) => predicates.every((predicate) => predicate(card)))
  // Every sort ends on the unique name, so descending is exactly the ascending list reversed.
  return filters.order === 'desc' ? [...matching].reverse() : matching
}
