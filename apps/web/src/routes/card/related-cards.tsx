import type {
  Card,
  CardMinimal,
  RelatedCards as RelatedCardsData,
} from '@spellboard/core/card-schemas'
import { Fragment } from 'react'
import { CardLink } from '../../features/card-link/card-link.tsx'
import styles from './card-details.module.css'

type Group = { cards: CardMinimal[]; conjurations: CardMinimal[] }

/**
 * The Phoenixborn group (the Phoenixborn, its unique cards and their conjurations) or the
 * summon group (summoning cards and the conjurations they bring); the API sends one of them.
 */
export function relatedGroups(related: RelatedCardsData): Group[] {
  if (related.phoenixborn !== undefined) {
    const groups: Group[] = [
      { cards: [related.phoenixborn], conjurations: related.phoenixborn_conjurations ?? [] },
    ]
    if (related.phoenixborn_unique) {
      groups.push({
        cards: [related.phoenixborn_unique],
        conjurations: related.phoenixborn_unique_conjurations ?? [],
      })
    }
    if (related.phoenixborn_unique_2) {
      groups.push({
        cards: [related.phoenixborn_unique_2],
        conjurations: related.phoenixborn_unique_2_conjurations ?? [],
      })
    }
    return groups
  }
  if (related.summoning_cards !== undefined) {
    return [{ cards: related.summoning_cards, conjurations: related.conjurations ?? [] }]
  }
  return []
}

function RelatedLink({
  target,
  card,
  legacy,
}: {
  target: CardMinimal
  card: Card
  legacy: boolean
}) {
  // The card being viewed is named, not linked.
  if (target.stub === card.stub) return <em>{target.name}</em>
  return <CardLink card={target} legacy={legacy} />
}

export function RelatedCards({
  card,
  related,
  legacy,
}: {
  card: Card
  related: RelatedCardsData
  legacy: boolean
}) {
  const groups = relatedGroups(related)
  if (!groups.length) return null
  return (
    <section aria-labelledby="related-cards-heading">
      <h2 id="related-cards-heading" className={styles.sectionTitle}>
        Related cards
      </h2>
      <ul className={styles.related}>
        {groups.map((group) => (
          <li key={group.cards.map((c) => c.stub).join()}>
            {group.cards.map((target, index) => (
              <Fragment key={target.stub}>
                {index > 0 ? ', ' : null}
                <RelatedLink target={target} card={card} legacy={legacy} />
              </Fragment>
            ))}
            {group.conjurations.length ? (
              <ul>
                {group.conjurations.map((conjuration) => (
                  <li key={conjuration.stub}>
                    <RelatedLink target={conjuration} card={card} legacy={legacy} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
