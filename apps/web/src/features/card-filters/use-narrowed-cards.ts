import type { Card } from '@spellboard/core/card-schemas'
import { narrowCards } from '@spellboard/core/card-text-search'
import { useMemo, useRef } from 'react'

export type Narrowed = {
  /** The loaded cards the typed search finds, while the API has not answered it yet. */
  cards: Card[]
  /** Every card of the last answer was loaded, so `cards` is all the API will find. */
  complete: boolean
}

/**
 * The search box narrows the cards on screen at once, while the address and the API wait for
 * the pause in typing (SPEC: 1250 ms): the loaded cards are read as the API reads plain words
 * and the terms it can (`narrowCards`). Null when there is nothing to narrow (the cards on
 * screen answer the search typed) or when only the API can tell (a phrase, a `dice:` term).
 *
 * `answered` is the search of the cards on screen: the applied one once its answer is in;
 * while a new answer loads, the one before.
 */
export function useNarrowedCards(
  cards: Card[],
  typed: string,
  listing: { applied: string; settled: boolean; complete: boolean },
): Narrowed | null {
  const answered = useRef(listing.applied)
  if (listing.settled) answered.current = listing.applied
  const search = typed.trim()
  const stale = search !== answered.current.trim()
  return useMemo(() => {
    if (!stale) return null
    const narrowed = narrowCards(cards, search)
    return narrowed ? { cards: narrowed, complete: listing.complete } : null
  }, [cards, search, stale, listing.complete])
}
