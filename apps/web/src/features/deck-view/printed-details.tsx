import { usePrinting } from '../../lib/use-media-query.ts'
import styles from './printed-details.module.css'

type PrintedDeck = {
  user: { username: string; badge: string }
  /** Stubs, in play order. */
  first_five?: readonly string[] | null
  cards: readonly { stub: string; name: string }[]
}

/**
 * On paper, under the deck's title: its author, its address and its First Five (the list and
 * the dice follow). Rendered only while the page is printed.
 */
export function PrintedDetails({ deck, address }: { deck: PrintedDeck; address: string }) {
  const printing = usePrinting()
  if (!printing) return null
  const firstFive = (deck.first_five ?? []).map(
    (stub) => deck.cards.find((card) => card.stub === stub)?.name ?? stub,
  )
  return (
    <div className={styles.printed}>
      <p>
        By {deck.user.username}#{deck.user.badge} · {address}
      </p>
      {firstFive.length ? <p>First Five: {firstFive.join(', ')}</p> : null}
    </div>
  )
}
