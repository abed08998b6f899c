import type { DeckOut } from '@spellboard/core/decks'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { playerRecentDecksQuery } from '../../api/players.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { RelativeTime } from '../../components/ui/relative-time.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { describeApiError } from '../../lib/toast.ts'
import styles from './player-page.module.css'

const deckTitle = (deck: DeckOut) => deck.title || `Untitled ${deck.phoenixborn.name}`

/** The player's ten latest public decks, and a way to see the rest. */
export function PlayerRecentDecks({ badge, username }: { badge: string; username: string }) {
  const decks = useQuery(playerRecentDecksQuery(badge))

  if (decks.isError) return <Alert tone="error">{describeApiError(decks.error).join(' ')}</Alert>
  if (!decks.data) return <SkeletonRows rows={3} label="Loading decks..." />
  if (decks.data.count === 0) {
    return <p className={styles.muted}>{username} has not published any decks yet.</p>
  }
  return (
    <>
      <ul className={styles.decks}>
        {decks.data.results.map((deck) => (
          <li key={deck.id} className={styles.deck}>
            <Link to={`/decks/${deck.id}/`} className={styles.deckTitle}>
              {deckTitle(deck)}
            </Link>
            <span className={styles.deckMeta}>
              {deck.phoenixborn.name}
              {deck.is_red_rains ? ' · Red Rains' : ''}
              {deck.is_legacy ? ' · Legacy' : ''} · <RelativeTime date={deck.created} />
            </span>
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/decks/?player=${encodeURIComponent(badge)}`}>
          See all of {username}'s decks ({decks.data.count})
        </Link>
      </p>
    </>
  )
}
