import { LIMITS } from '@spellboard/core/limits'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { cardRecentDecksQuery } from '../../api/cards.ts'
import { RelativeTime } from '../../components/ui/relative-time.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import styles from './card-details.module.css'

/** Up to ten public decks with this card, and a way to all of them. */
export function RecentDecks({
  stub,
  legacy,
  isPhoenixborn = false,
}: {
  stub: string
  legacy: boolean
  isPhoenixborn?: boolean
}) {
  const decks = useQuery(cardRecentDecksQuery(stub, legacy, isPhoenixborn))
  const page = decks.data
  return (
    <section aria-labelledby="recent-decks-heading">
      <h2 id="recent-decks-heading" className={styles.sectionTitle}>
        Recent decks
      </h2>
      {decks.isPending ? (
        <SkeletonRows rows={3} label="Loading decks..." />
      ) : !page ? (
        <p className={styles.muted}>Decks using this card could not be loaded.</p>
      ) : page.results.length === 0 ? (
        <p className={styles.muted}>No decks found</p>
      ) : (
        <>
          <ul className={styles.decks}>
            {page.results.map((deck) => (
              <li key={deck.id} className={styles.deck}>
                <Link to={`/decks/${deck.id}/`} className={styles.deckTitle}>
                  {deck.title || `Untitled ${deck.phoenixborn.name}`}
                </Link>
                <span className={styles.deckMeta}>
                  {deck.phoenixborn.name} · {deck.user.username}
                  <span className={styles.badge}>#{deck.user.badge}</span> ·{' '}
                  <RelativeTime date={deck.modified} />
                </span>
              </li>
            ))}
          </ul>
          {page.count > LIMITS.recentDecks ? (
            <Link
              to={`${legacy ? '/decks/legacy/' : '/decks/'}?${isPhoenixborn ? 'phoenixborn' : 'card'}=${encodeURIComponent(stub)}`}
              className={styles.seeAll}
            >
              See all decks using this card
            </Link>
          ) : null}
        </>
      )}
    </section>
  )
}
