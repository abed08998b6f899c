import { formatChance } from '@spellboard/core/dice-odds'
import { cardOdds } from '@spellboard/core/first-five'
import { useMemo } from 'react'
import { useAppStore } from '../../store/app-store.ts'
import { type DeckLookup, useCardLookup } from './use-card-lookup.ts'

/** Costs of the builder's open deck: its Phoenixborn and cards, fetched one by one and cached. */
export function useBuilderLookup(): DeckLookup {
  const phoenixborn = useAppStore((state) => state.builder.deck.phoenixborn)
  const cards = useAppStore((state) => state.builder.deck.cards)
  return useCardLookup({ phoenixborn, cards }, false)
}

/**
 * The builder list's hint per card: the chance one roll of the deck's dice pays its play cost
 * ('Pays on the first roll: 43.2%'), or null while its cost is unknown.
 */
export function usePayHints(): (stub: string) => string | null {
  const { lookup } = useBuilderLookup()
  const dice = useAppStore((state) => state.builder.deck.dice)
  return useMemo(() => {
    const hints = new Map<string, string | null>()
    return (stub: string) => {
      if (!hints.has(stub)) {
        const card = lookup(stub)
        hints.set(
          stub,
          card ? `Pays on the first roll: ${formatChance(cardOdds(dice, card).chance)}` : null,
        )
      }
      return hints.get(stub) ?? null
    }
  }, [lookup, dice])
}
