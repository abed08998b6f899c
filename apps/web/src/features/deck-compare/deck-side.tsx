import { countCopies } from '@spellboard/core/deck-sections'
import type { DeckFullOut } from '@spellboard/core/decks'
import { Link } from 'react-router'
import { RelativeTime } from '../../components/ui/relative-time.tsx'
import { CardLink } from '../card-link/card-link.tsx'
import { playerPath } from '../deck-list/deck-list.tsx'
import { DeckDice } from '../deck-view/deck-dice.tsx'
import { DeckCardCount } from '../deck-view/deck-view.tsx'
import styles from './deck-compare.module.css'

/** What kind of deck a side is: the player needs to know which version they are looking at. */
export function deckKind(deck: Pick<DeckFullOut, 'is_public' | 'is_snapshot'>): string {
  if (deck.is_public) return 'Public snapshot'
  return deck.is_snapshot ? 'Private snapshot' : 'Latest private save'
}

/** Where a side's deck opens: its public page, or the owner's private page. */
export const deckPagePath = (deck: Pick<DeckFullOut, 'id' | 'is_public'>) =>
  deck.is_public ? `/decks/${deck.id}/` : `/decks/mine/${deck.id}/`

/** One side's heading card: title (linked), kind, Phoenixborn, author, age, dice and count. */
export function DeckSide({
  deck,
  title,
  side,
}: {
  deck: DeckFullOut
  title: string
  side: 'Left' | 'Right'
}) {
  return (
    <section className={styles.side} aria-label={`${side} deck`}>
      <p className={styles.sideLabel}>
        {side} <span className={styles.kind}>· {deckKind(deck)}</span>
      </p>
      <p className={styles.sideTitle}>
        <Link to={deckPagePath(deck)} className={deck.title ? undefined : styles.untitled}>
          {title}
        </Link>
      </p>
      <p className={styles.sideMeta}>
        <CardLink
          card={{ name: deck.phoenixborn.name, stub: deck.phoenixborn.stub }}
          legacy={deck.is_legacy === true}
        />
        <span aria-hidden="true"> · </span>
        <Link to={playerPath(deck.user.badge)}>
          {deck.user.username}#{deck.user.badge}
        </Link>
        <span aria-hidden="true"> · </span>
        <RelativeTime date={deck.is_snapshot ? deck.created : deck.modified} />
      </p>
      <div className={styles.sideStats}>
        <DeckDice dice={deck.dice} size="sm" />
        <DeckCardCount count={countCopies(deck.cards)} />
      </div>
    </section>
  )
}
