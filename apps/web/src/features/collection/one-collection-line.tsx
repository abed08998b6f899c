import {
  type ListedDeck,
  listedNeeds,
  oneCollection,
  oneCollectionText,
} from '@spellboard/core/collection'
import { useMemo } from 'react'
import styles from './collection.module.css'
import { useBoxIndex } from './use-collection.ts'

/** 'Deck analysis': whether one box of each product builds the deck (the One Collection format). */
export function OneCollectionLine({ deck }: { deck: ListedDeck }) {
  const index = useBoxIndex()
  const text = useMemo(
    () => (index ? oneCollectionText(oneCollection(listedNeeds(deck), index)) : null),
    [deck, index],
  )
  if (!text) return null
  return (
    <p className={styles.oneCollection} data-legal={text === 'One Collection: legal'}>
      {text}
    </p>
  )
}
