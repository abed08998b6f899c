import type { Card } from '@spellboard/core/card-schemas'
import { type CardLookup, type CostedCard, cardLookup } from '@spellboard/core/magic-costs'
import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import { cardQuery } from '../../api/cards.ts'

/** The cards whose costs the insights read: the Phoenixborn and the deck's cards. */
export type LookupDeck = {
  phoenixborn: { stub: string } | null | undefined
  cards: readonly { stub: string }[]
  is_legacy?: boolean | null | undefined
}

export type DeckLookup = {
  lookup: CardLookup
  /** Some costs are still being fetched. */
  pending: boolean
  /** Some costs could not be fetched: what depends on them is left out. */
  failed: boolean
}

/**
 * Costs for a deck's insights. Deck entries carry costs only when they are whole cards
 * (`full_cards=true`); the rest, and always the Phoenixborn, are read one by one through the
 * card query the previews share (cached for the session). Legacy decks read only whole entries.
 */
export function useCardLookup(deck: LookupDeck, fullCards: boolean): DeckLookup {
  const known = fullCards ? (deck.cards as readonly CostedCard[]) : []
  const missing = [
    ...(deck.phoenixborn ? [deck.phoenixborn.stub] : []),
    ...(fullCards ? [] : deck.cards.map((card) => card.stub)),
  ]
  const legacy = deck.is_legacy === true
  const fetched = useQueries({
    queries: missing.map((stub) => ({ ...cardQuery(stub), enabled: !legacy })),
  })
  const cards = fetched.map((query) => query.data).filter((card): card is Card => !!card)
  // A new lookup only when a card arrives: the odds are computed once per set of costs.
  const key = [...known.map((card) => card.stub), '|', ...cards.map((card) => card.stub)].join(' ')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names every card used
  const lookup = useMemo(() => cardLookup([...known, ...cards]), [key])
  return {
    lookup,
    pending: !legacy && fetched.some((query) => query.isPending),
    failed: fetched.some((query) => query.isError),
  }
}
