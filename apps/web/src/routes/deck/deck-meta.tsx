import type { DeckDetails } from '@spellboard/core/decks'
import { Fragment } from 'react'
import { Link } from 'react-router'
import { RelativeTime } from '../../components/ui/relative-time.tsx'
import { playerPath } from '../../features/deck-list/deck-list.tsx'
import styles from './deck-details.module.css'

/** Author, last update and the releases the deck needs (each linked to its precon deck). */
export function DeckMeta({ details }: { details: DeckDetails }) {
  const { deck, releases } = details
  return (
    <dl className={styles.meta}>
      <dt>Author</dt>
      <dd>
        <Link to={playerPath(deck.user.badge)}>
          {deck.user.username}
          <span className={styles.badge}>#{deck.user.badge}</span>
        </Link>
      </dd>
      <dt>Updated</dt>
      <dd>
        <RelativeTime date={deck.modified} />
      </dd>
      {releases.length ? (
        <>
          <dt>Requires</dt>
          <dd>
            {releases.map((release, index) => (
              <Fragment key={release.stub}>
                {index > 0 ? ', ' : null}
                {release.preconstructed_deck_id ? (
                  <Link to={`/decks/${release.preconstructed_deck_id}/`}>{release.name}</Link>
                ) : (
                  release.name
                )}
              </Fragment>
            ))}
          </dd>
        </>
      ) : null}
    </dl>
  )
}
