import { Button } from '../../components/ui/button.tsx'
import { useAppStore } from '../../store/app-store.ts'
import type { BuilderPhoenixborn } from '../../store/builder-slice.ts'
import { useBuilderEnabled, useChoosePhoenixborn } from './builder-hooks.ts'
import styles from './phoenixborn-choice.module.css'

type PhoenixbornChoiceProps = {
  card: BuilderPhoenixborn
  /** In a card row: a short word on the button, the full action in its name. */
  compact?: boolean
}

/**
 * While a deck is being built: use this Phoenixborn for it, or swap to it. Cards unique to the
 * Phoenixborn being replaced leave the deck, which the card page says beside the button.
 */
export function PhoenixbornChoice({ card, compact = false }: PhoenixbornChoiceProps) {
  const enabled = useBuilderEnabled()
  const current = useAppStore((state) => state.builder.deck.phoenixborn)
  const uniques = useAppStore(
    (state) =>
      state.builder.deck.cards.filter(
        (entry) => entry.phoenixborn && entry.phoenixborn !== card.name,
      ).length,
  )
  const choose = useChoosePhoenixborn()
  if (!enabled) return null
  if (current?.stub === card.stub) {
    return <span className={styles.chosen}>{compact ? 'Chosen' : "Your deck's Phoenixborn"}</span>
  }
  const action = current ? `Swap to ${card.name}` : `Use ${card.name} for this deck`
  return (
    <span className={styles.choice}>
      <Button
        size="sm"
        variant={compact ? 'secondary' : 'primary'}
        aria-label={compact ? action : undefined}
        title={compact ? action : undefined}
        onClick={() => choose(card)}
      >
        {compact ? (current ? 'Swap' : 'Use') : action}
      </Button>
      {!compact && current && uniques > 0 ? (
        <span className={styles.hint}>
          {uniques === 1 ? 'The card' : `The ${uniques} cards`} unique to {current.name} will leave
          the deck.
        </span>
      ) : null}
    </span>
  )
}
