import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { idArray, preparedRows } from '../../db/prepared.ts'
import { type Catalogue, type CatalogueCard, catalogueMemo } from '../cards/catalogue.ts'
import type { ContentRows } from './store.ts'

export type SelectedCard = {
  card_id: number
  tutor_card_id: number
  is_first_five: boolean
  is_paid_effect: boolean
}

/** What a deck holds besides its own row; loaded for a whole page of decks at once. */
export type DeckContents = {
  dice: { die_flag: number; count: number }[]
  cards: { card_id: number; count: number }[]
  /** Conjurations reachable from the cards and the Phoenixborn, through chains, once each. */
  conjurations: CatalogueCard[]
  selected: SelectedCard[]
}

export type LoadedContents = {
  byDeck: Map<number, DeckContents>
  /** Any card by id, from the in-memory catalogue (both editions, public or not). */
  card: (id: number) => CatalogueCard | undefined
}

/** Any card of the catalogue by id (both editions, public or not). */
export function catalogueCard(catalogue: Catalogue, id: number): CatalogueCard | undefined {
  return cardsById(catalogue).get(id)
}

function cardsById(catalogue: Catalogue): Map<number, CatalogueCard> {
  return catalogueMemo(catalogue, 'decks:cards-by-id', () => {
    const byId = new Map<number, CatalogueCard>()
    for (const edition of [catalogue.allByStub.reborn, catalogue.allByStub.legacy]) {
      for (const card of edition.values()) byId.set(card.id, card)
    }
    return byId
  })
}

/** Every conjuration a card leads to, following conjurations that conjure (memoised per card). */
function conjurationsOf(catalogue: Catalogue, card: CatalogueCard): CatalogueCard[] {
  const memo = catalogueMemo(
    catalogue,
    'decks:conjuration-closure',
    () => new Map<number, CatalogueCard[]>(),
  )
  const known = memo.get(card.id)
  if (known) return known
  const reached = new Map<number, CatalogueCard>()
  const queue = [...card.conjurations]
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (reached.has(next.id)) continue
    reached.set(next.id, next)
    queue.push(...next.conjurations)
  }
  const list = [...reached.values()]
  memo.set(card.id, list)
  return list
}

/** Conjurations reachable from a deck's cards and its Phoenixborn, once each. */
function deckConjurations(
  catalogue: Catalogue,
  deck: { phoenixborn_id: number },
  cards: readonly { card_id: number }[],
): CatalogueCard[] {
  const byId = cardsById(catalogue)
  const reached = new Map<number, CatalogueCard>()
  for (const id of [deck.phoenixborn_id, ...cards.map((entry) => entry.card_id)]) {
    const root = byId.get(id)
    if (!root) continue
    for (const conjuration of conjurationsOf(catalogue, root))
      reached.set(conjuration.id, conjuration)
  }
  return [...reached.values()]
}

/**
 * The contents a deck was just stored with (`storeDecks`), shaped as `loadContents` reads
 * them back: the answer to a save needs no second look at the tables it wrote.
 */
export function storedContents(
  catalogue: Catalogue,
  deck: { id: number; phoenixborn_id: number },
  rows: ContentRows,
): LoadedContents {
  const byId = cardsById(catalogue)
  const cards = rows.cards.map((row) => ({ card_id: row.cardId, count: row.count }))
  const contents: DeckContents = {
    dice: [...rows.dice]
      .sort((a, b) => a.position - b.position)
      .map((row) => ({ die_flag: row.dieFlag, count: row.count })),
    cards,
    conjurations: deckConjurations(catalogue, deck, cards),
    selected: [...rows.selected]
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((row) => ({
        card_id: row.cardId,
        tutor_card_id: row.tutorCardId ?? 0,
        is_first_five: row.isFirstFive ?? false,
        is_paid_effect: row.isPaidEffect ?? false,
      })),
  }
  return { byDeck: new Map([[deck.id, contents]]), card: (id) => byId.get(id) }
}

/**
 * Dice, cards and selected cards of many decks in one query (no query per deck); card data and
 * conjurations come from the in-memory catalogue.
 */
export async function loadContents(
  db: Queryable,
  catalogue: Catalogue,
  decks: readonly { id: number; phoenixborn_id: number }[],
  options: { selected?: boolean } = {},
): Promise<LoadedContents> {
  const byId = cardsById(catalogue)
  const card = (id: number) => byId.get(id)
  const byDeck = new Map<number, DeckContents>()
  for (const deck of decks) {
    byDeck.set(deck.id, { dice: [], cards: [], conjurations: [], selected: [] })
  }
  if (byDeck.size === 0) return { byDeck, card }
  const deckArray = idArray(byDeck.keys())

  // One round trip for all three tables (and safe inside a transaction's single connection).
  const selectedPart = options.selected
    ? sql`union all
        select deck_id, 2, card_id, 0, position, tutor_card_id, is_first_five, is_paid_effect
        from deck_selected_card where deck_id = any(${deckArray})`
    : sql``
  const rows = await preparedRows<{
    deck_id: number
    part: number
    ref: number
    count: number
    tutor_card_id: number
    is_first_five: boolean
    is_paid_effect: boolean
  }>(
    db,
    sql`select deck_id, 0 as part, die_flag as ref, count, position, 0::bigint as tutor_card_id,
          false as is_first_five, false as is_paid_effect
        from deck_die where deck_id = any(${deckArray})
        union all
        select deck_id, 1, card_id, count, 0, 0, false, false
        from deck_card where deck_id = any(${deckArray})
        ${selectedPart}
        order by deck_id, part, position, ref, tutor_card_id`,
  )
  for (const row of rows) {
    const contents = byDeck.get(row.deck_id)
    if (!contents) continue
    if (row.part === 0) contents.dice.push({ die_flag: row.ref, count: row.count })
    else if (row.part === 1) contents.cards.push({ card_id: row.ref, count: row.count })
    else {
      contents.selected.push({
        card_id: row.ref,
        tutor_card_id: row.tutor_card_id,
        is_first_five: row.is_first_five,
        is_paid_effect: row.is_paid_effect,
      })
    }
  }

  for (const deck of decks) {
    const contents = byDeck.get(deck.id)
    if (contents) contents.conjurations = deckConjurations(catalogue, deck, contents.cards)
  }
  return { byDeck, card }
}
