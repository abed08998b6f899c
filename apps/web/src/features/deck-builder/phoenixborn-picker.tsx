import type { Card } from '@spellboard/core/card-schemas'
import { useQuery } from '@tanstack/react-query'
import { phoenixbornOptionsQuery } from '../../api/decks.ts'
import { Button } from '../../components/ui/button.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { CardText } from '../card-text/card-text.tsx'
import { choosePhoenixborn } from './builder-commands.ts'
import styles from './phoenixborn-picker.module.css'

/**
 * Every Reborn Phoenixborn (`GET /v2/cards?types=phoenixborn`): a button each with the name and
 * stats, and the ability text under it (outside the button, which may hold no links; the whole
 * box still picks, and the text describes the button).
 */
export function PhoenixbornPicker({ onPicked }: { onPicked?: () => void }) {
  const current = useAppStore((state) => state.builder.deck.phoenixborn?.stub)
  const listing = useQuery({
    ...phoenixbornOptionsQuery(false),
    select: (page): Card[] => page.results,
  })

  if (listing.isPending)
    return <SkeletonRows rows={6} rowHeight={40} label="Loading Phoenixborn..." />
  if (listing.isError) {
    return (
      <p className={styles.error}>
        The Phoenixborn could not be loaded.{' '}
        <Button size="sm" onClick={() => void listing.refetch()}>
          Try again
        </Button>
      </p>
    )
  }

  const pick = (card: Card) => {
    if (choosePhoenixborn(card)) onPicked?.()
  }

  return (
    <ul className={styles.list} aria-label="Phoenixborn">
      {listing.data.map((card) => (
        <li
          key={card.stub}
          className={styles.item}
          data-current={card.stub === current || undefined}
        >
          <button
            type="button"
            className={styles.choice}
            aria-pressed={card.stub === current}
            aria-describedby={card.text ? `pick-${card.stub}-text` : undefined}
            onClick={() => pick(card)}
          >
            <span className={styles.name}>{card.name}</span>
            <span className={styles.stats}>
              <Stat label="Battlefield" value={card.battlefield} />
              <Stat label="Life" value={card.life} />
              <Stat label="Spellboard" value={card.spellboard} />
            </span>
          </button>
          {card.text ? (
            <div id={`pick-${card.stub}-text`} className={styles.text}>
              <CardText text={card.text} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** One labelled number: 'Battlefield 8'. */
function Stat({ label, value }: { label: string; value: Card['life'] }) {
  return (
    <span className={styles.stat}>
      {label} <strong>{value ?? '–'}</strong>
    </span>
  )
}
