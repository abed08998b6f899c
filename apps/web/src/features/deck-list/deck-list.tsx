import { countCopies, deckTitle, isFullDeck } from '@spellboard/core/deck-sections'
import type { DeckOut } from '@spellboard/core/decks'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { RelativeTime } from '../../components/ui/relative-time.tsx'
import { CardImage } from '../card-image/card-image.tsx'
import { DeckDice } from '../deck-view/deck-dice.tsx'
import styles from './deck-list.module.css'

export function playerPath(badge: string): string {
  return `/players/${encodeURIComponent(badge)}/`
}

/** Where a listed deck opens: its public page, or the private page on the player's own lists. */
export const publicDeckPath = (deck: { id: number }) => `/decks/${deck.id}/`
export const myDeckPath = (deck: { id: number }) => `/decks/mine/${deck.id}/`

type DeckListProps = {
  decks: readonly DeckOut[]
  hrefFor?: (deck: DeckOut) => string
  /** Which time the row shows (relative); listings sorted by creation show that. */
  timeField?: 'created' | 'modified'
  /** Labels beside the title (Public / Private / Latest in a deck's history). */
  renderBadges?: (deck: DeckOut) => ReactNode
  /** Rows fade while the next page is on its way. */
  stale?: boolean
  /** Names the list for screen readers. */
  label?: string
}

/** Decks as rows: Phoenixborn, title, author, dice and age. */
export function DeckList({
  decks,
  hrefFor = publicDeckPath,
  timeField = 'modified',
  renderBadges,
  stale = false,
  label = 'Decks',
}: DeckListProps) {
  return (
    <ul
      className={styles.list}
      aria-label={label}
      aria-busy={stale || undefined}
      data-stale={stale}
    >
      {decks.map((deck) => {
        const cardCount = countCopies(deck.cards)
        return (
          <li key={deck.id} className={styles.row}>
            <CardImage
              stub={deck.phoenixborn.stub}
              variant={deck.is_legacy ? 'legacy' : 'reborn'}
              alt=""
              lazy
              className={styles.portrait}
            />
            <div className={styles.main}>
              <p className={styles.titleLine}>
                <Link
                  to={hrefFor(deck)}
                  className={deck.title ? styles.title : `${styles.title} ${styles.untitled}`}
                >
                  {deckTitle(deck)}
                </Link>
                {renderBadges?.(deck)}
              </p>
              <p className={styles.meta}>
                <span className={styles.phoenixborn}>{deck.phoenixborn.name}</span>
                <span aria-hidden="true"> · </span>
                <Link to={playerPath(deck.user.badge)} className={styles.author}>
                  {deck.user.username}
                  <span className={styles.badge}>#{deck.user.badge}</span>
                </Link>
                <span aria-hidden="true"> · </span>
                <RelativeTime date={deck[timeField]} />
              </p>
            </div>
            <div className={styles.side}>
              <DeckDice dice={deck.dice} size="sm" />
              <span
                className={
                  isFullDeck(cardCount) ? styles.count : `${styles.count} ${styles.invalid}`
                }
              >
                {cardCount}/30
              </span>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
