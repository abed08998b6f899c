import type { Card } from '@spellboard/core/card-schemas'
import { useMemo } from 'react'
import { Toggle } from '../../components/ui/checkbox.tsx'
import type { CardBrowserExtension } from '../../routes/cards/card-browser.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { useBuilderEnabled } from './builder-hooks.ts'
import { QuantityButtons } from './quantity-buttons.tsx'

const renderActions = (card: Card) => <QuantityButtons card={card} />

/**
 * What the Reborn card browser gains while a deck is being built: the listing narrowed to cards
 * the deck can hold (unless the player shows conjurations and Phoenixborn too), the open deck's
 * unique cards, and quantity buttons.
 */
export function useBuilderBrowserExtension(): CardBrowserExtension | undefined {
  const enabled = useBuilderEnabled()
  const phoenixborn = useAppStore((state) => state.builder.deck.phoenixborn?.name)
  const deckCardsOnly = useAppStore((state) => state.preferences.deckbuilderMode)
  const setPreference = useAppStore((state) => state.setPreference)

  return useMemo(() => {
    if (!enabled) return undefined
    return {
      query: {
        ...(deckCardsOnly ? { mode: 'deckbuilder' } : {}),
        include_uniques_for: phoenixborn,
      },
      renderActions,
      controls: (
        <Toggle
          label="Show conjurations and Phoenixborn"
          checked={!deckCardsOnly}
          onChange={(event) => setPreference('deckbuilderMode', !event.target.checked)}
        />
      ),
    }
  }, [enabled, phoenixborn, deckCardsOnly, setPreference])
}
