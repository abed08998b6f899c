import { useId } from 'react'
import { CardLink } from '../card-link/card-link.tsx'
import styles from './deck-view.module.css'

type FirstFiveProps = {
  /** Card stubs in play order (API.md §7.5 selected cards). */
  stubs: readonly string[]
  cards: readonly { name: string; stub: string }[]
  legacy: boolean
}

/** The five cards the deck opens with; nothing when none are marked. */
export function FirstFive({ stubs, cards, legacy }: FirstFiveProps) {
  const headingId = useId()
  const byStub = new Map(cards.map((card) => [card.stub, card]))
  const chosen = stubs.flatMap((stub) => {
    const card = byStub.get(stub)
    return card ? [card] : []
  })
  if (chosen.length === 0) return null
  return (
    <section className={styles.firstFive} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        First Five
      </h3>
      <ol className={styles.firstFiveCards}>
        {chosen.map((card) => (
          <li key={card.stub}>
            <CardLink card={{ name: card.name, stub: card.stub }} legacy={legacy} />
          </li>
        ))}
      </ol>
    </section>
  )
}
