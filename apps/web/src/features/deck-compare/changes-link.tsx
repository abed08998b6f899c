import { Link } from 'react-router'
import styles from './changes-link.module.css'
import { comparePath } from './deck-reference.ts'

/** On a deck's history: the compare page for a snapshot and the one before it. */
export function ChangesSincePrevious({ previous, current }: { previous: number; current: number }) {
  return (
    <Link to={comparePath(previous, current)} className={styles.link}>
      Changes since previous
    </Link>
  )
}
