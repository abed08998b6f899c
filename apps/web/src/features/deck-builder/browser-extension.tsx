import type { Card } from '@spellboard/core/card-schemas'
import { useMemo, useState } from 'react'
import { Toggle } from '../../components/ui/checkbox.tsx'
import type { CardBrowserExtension } from '../../routes/cards/card-browser.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { useBuilderEnabled } from './builder-hooks.ts'
import { PhoenixbornChoice } from './phoenixborn-choice.tsx'
import { QuantityButtons } from './quantity-buttons.tsx'

const renderActions = (card: Card) =>
  card.type === 'Phoenixborn' ? (
    <PhoenixbornChoice card={card} compact />
  ) : (
    <QuantityButtons card={card} />
  )

/**
 * What the Reborn card browser gains while a deck is being built: the listing narrowed to cards
 * the deck can hold with the open deck's unique cards, quantity buttons, and on each Phoenixborn
 * a button to use it for the deck. With conjurations and Phoenixborn shown, the listing is the
 * plain one (every Phoenixborn and every unique card); cards the deck cannot hold get no buttons.
 * Until the deck has a Phoenixborn the switch starts on, so the Phoenixborn are there to choose
 * from; once it has one, the player's own preference applies.
 */
export function useBuilderBrowserExtension(): CardBrowserExtension | undefined {
  const enabled = useBuilderEnabled()
  const phoenixborn = useAppStore((state) => state.builder.deck.phoenixborn?.name)
  const deckCardsOnly = useAppStore((state) => state.preferences.deckbuilderMode)
  const setPreference = useAppStore((state) => state.setPreference)
  const [showAllBeforeChoice, setShowAllBeforeChoice] = useState(true)
  const showAll = phoenixborn ? !deckCardsOnly : showAllBeforeChoice

  return useMemo(() => {
    if (!enabled) return undefined
    return {
      query: showAll ? {} : { mode: 'deckbuilder', include_uniques_for: phoenixborn },
      renderActions,
      controls: (
        <Toggle
          label="Show conjurations and Phoenixborn"
          checked={showAll}
          onChange={(event) => {
            if (phoenixborn) setPreference('deckbuilderMode', !event.target.checked)
            else setShowAllBeforeChoice(event.target.checked)
          }}
        />
      ),
    }
  }, [enabled, phoenixborn, showAll, setPreference])
}
