import { compareDecks } from '@spellboard/core/deck-compare'
import type { DeckOut } from '@spellboard/core/decks'
import { Link } from 'react-router'
import styles from './changes-link.module.css'
import { comparePath } from './deck-reference.ts'

/**
 * On a deck's history: the compare page for a snapshot and the one before it, or a plain note
 * when the two hold the same Phoenixborn, dice and cards (a comparison would show nothing).
 */
export function ChangesSincePrevious({
  previous,
  current,
}: {
  previous: DeckOut
  current: DeckOut
}) {
  if (compareDecks(previous, current).identical) {
    return <span className={styles.none}>No changes since the previous snapshot</span>
  }
  return (
    <Link to={comparePath(previous.id, current.id)} className={styles.link}>
      Changes since previous
    </Link>
  )
}
