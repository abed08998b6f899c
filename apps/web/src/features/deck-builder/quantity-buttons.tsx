import { isCardEligible, maxCopiesFor, type RuleCard } from '@spellboard/core/deck-rules'
import { DECK_RULES } from '@spellboard/core/limits'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { setCardCount } from '../../store/builder-transitions.ts'
import { useOwnedCopies } from '../collection/use-collection.ts'
import styles from './quantity-buttons.module.css'

export type QuantityCard = RuleCard & { name: string }

const COUNTS = Array.from({ length: DECK_RULES.maxCopies + 1 }, (_, count) => count)

/**
 * How many copies of a card the deck holds, 0 to 3, one press each. The change shows at once
 * and the autosave confirms it. Cards the deck cannot hold get no buttons at all. Beside them,
 * 'Own N' when the player's boxes hold fewer than 3 (adding more is still allowed).
 */
export function QuantityButtons({ card }: { card: QuantityCard }) {
  const cards = useAppStore((state) => state.builder.deck.cards)
  const phoenixborn = useAppStore((state) => state.builder.deck.phoenixborn)
  const saving = useAppStore((state) => state.builder.saving)
  const updateBuilder = useAppStore((state) => state.updateBuilder)
  const owned = useOwnedCopies(card.stub)
  if (!isCardEligible(card, phoenixborn?.name)) return null

  const current = cards.find((entry) => entry.stub === card.stub)?.count ?? 0
  // A unique card may only take what the other unique cards leave of the three allowed.
  const max = maxCopiesFor(card, cards)
  const choose = (count: number) => {
    const entry = {
      stub: card.stub,
      name: card.name,
      type: card.type,
      phoenixborn: card.phoenixborn ?? null,
      is_legacy: card.is_legacy ?? null,
    }
    const refused = updateBuilder((state) => setCardCount(state, entry, count))
    if (refused) notify.error(refused)
  }

  return (
    <fieldset className={styles.group}>
      <legend className="visually-hidden">Copies of {card.name} in your deck</legend>
      {COUNTS.map((count) => (
        <button
          key={count}
          type="button"
          className={styles.button}
          aria-pressed={count === current}
          disabled={count > max && count !== current}
          // aria-disabled rather than disabled: a save must not knock keyboard focus off the row.
          aria-disabled={saving || undefined}
          title={
            count > max && count !== current
              ? `A deck may hold only ${DECK_RULES.maxUniques} cards unique to its Phoenixborn`
              : undefined
          }
          onClick={() => {
            if (!saving) choose(count)
          }}
        >
          {count}
        </button>
      ))}
      {owned !== null && owned < DECK_RULES.maxCopies ? (
        <span className={styles.own} title="Copies the boxes you own hold">
          Own {owned}
        </span>
      ) : null}
    </fieldset>
  )
}
