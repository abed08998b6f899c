import { boxesNeeded, deckNeeds, type PoolCard, type StubDeck } from '@spellboard/core/collection'
import { type SQL, sql } from 'drizzle-orm'
import { type Catalogue, catalogueMemo } from '../cards/catalogue.ts'

/**
 * "Decks I can build" at a million decks, as one indexed containment. Each deck stores the
 * collections it fits in: for every Reborn release `r` and every level `k` of 0, 1 and 2 boxes
 * with `k` at least the boxes of `r` the deck needs, the number `r * 3 + k`. A collection owning
 * `b < 3` boxes of `r` requires `r * 3 + b` of a deck, and a deck is buildable exactly when its
 * numbers contain every number the collection requires (`box_fits @> required`, a GIN index on
 * published decks). Three boxes of a release build anything of it: no deck holds more than 3
 * copies of a card, and a box holds at least one.
 */
export const FIT_LEVELS = 3

/** A Reborn card as the fits read it: its release by id (as text), copies per box. */
export type FitCard = PoolCard & { boxCopies: number }
export type FitPool = { cards: ReadonlyMap<string, FitCard>; releaseIds: readonly number[] }

/** The numbers a deck fits in, ascending (the stored `box_fits`). */
export function deckBoxFits(deck: StubDeck, pool: FitPool): number[] {
  const needs = deckNeeds(deck, (stub) => pool.cards.get(stub))
  const boxes = boxesNeeded(needs, (stub) => {
    const card = pool.cards.get(stub)
    return card && { release: card.release, copies: card.boxCopies }
  })
  const fits: number[] = []
  for (const id of [...pool.releaseIds].sort((a, b) => a - b)) {
    for (let level = boxes.get(String(id)) ?? 0; level < FIT_LEVELS; level++) {
      fits.push(id * FIT_LEVELS + level)
    }
  }
  return fits
}

/** The numbers a collection (boxes owned by release id) requires of a deck it can build. */
export function collectionRequires(
  owned: ReadonlyMap<number, number>,
  releaseIds: readonly number[],
): number[] {
  return [...releaseIds]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const boxes = owned.get(id) ?? 0
      return boxes < FIT_LEVELS ? [id * FIT_LEVELS + boxes] : []
    })
}

/** An int[] parameter. */
export const intArray = (values: readonly number[]): SQL =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`

/** Every Reborn card and release of the catalogue, public or not, as the fits read them. */
export function cataloguePool(catalogue: Catalogue): FitPool {
  return catalogueMemo(catalogue, 'box-fits-pool', () => ({
    cards: new Map(
      [...catalogue.allByStub.reborn.values()].map((card) => [
        card.stub,
        {
          stub: card.stub,
          release: String(card.release.id),
          type: card.cardType,
          copies: card.copies,
          conjurations: card.conjurations.map((conjuration) => conjuration.stub),
          boxCopies: card.boxCopies,
        },
      ]),
    ),
    releaseIds: catalogue.releases.filter((release) => !release.isLegacy).map((r) => r.id),
  }))
}
