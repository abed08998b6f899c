import type { DeckDetails, DeckRelease } from '@spellboard/core/decks'
import { Fragment } from 'react'
import { Link } from 'react-router'
import { RelativeTime } from '../../components/ui/relative-time.tsx'
import { playerPath } from '../../features/deck-list/deck-list.tsx'
import styles from './deck-details.module.css'

/**
 * Where a required release leads: the deck built for it, or (a box without one, such as the Red
 * Rains boxes, or the precon being viewed) its cards in the card browser.
 */
function releasePath(release: DeckRelease): string {
  if (release.preconstructed_deck_id) return `/decks/${release.preconstructed_deck_id}/`
  return `${release.is_legacy ? '/cards/legacy/' : '/cards/'}?r=${encodeURIComponent(release.stub)}`
}

/** Author, last update and the releases the deck needs, each a link. */
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
                <Link to={releasePath(release)}>{release.name}</Link>
              </Fragment>
            ))}
          </dd>
        </>
      ) : null}
    </dl>
  )
}
