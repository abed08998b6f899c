import {
  type ListedDeck,
  listedNeeds,
  missingCards,
  missingLine,
} from '@spellboard/core/collection'
import { useMemo } from 'react'
import styles from './collection.module.css'
import { useBoxIndex, useOwned } from './use-collection.ts'

/**
 * A deck page's word on the reader's collection: 'You can build this deck.', or 'Missing:' and
 * a line for each card the boxes owned hold too few of. Dice are not counted.
 */
export default function DeckCollection({ deck }: { deck: ListedDeck }) {
  const index = useBoxIndex()
  const owned = useOwned()
  const missing = useMemo(
    () => (index && owned ? missingCards(listedNeeds(deck), index, owned) : null),
    [deck, index, owned],
  )
  if (!missing) return null
  return (
    <section className={styles.collection} aria-label="Your collection">
      {missing.length === 0 ? (
        <p className={styles.buildable}>You can build this deck.</p>
      ) : (
        <>
          <p className={styles.missingTitle}>Missing:</p>
          <ul className={styles.missing}>
            {missing.map((card) => (
              <li key={card.stub}>{missingLine(card)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
