import { type ListedDeck, listedNeeds, missingCards } from '@spellboard/core/collection'
import { blocksPublishing, checkDeck } from '@spellboard/core/deck-rules'
import type { CardLookup } from '@spellboard/core/magic-costs'
import { useMemo } from 'react'
import { useAppStore } from '../../store/app-store.ts'
import { useBoxIndex, useBuilderOwned } from '../collection/use-collection.ts'
import styles from './builder-insights.module.css'
import { ProblemList } from './problem-list.tsx'

/** Cards of the deck the player's boxes hold fewer copies of than the deck has. */
function useShortCards(deck: { phoenixborn: { stub: string } | null; cards: ListedDeck['cards'] }) {
  const owned = useBuilderOwned()
  const index = useBoxIndex(owned !== null)
  return useMemo(() => {
    if (!index || !owned || !deck.phoenixborn) return []
    const needs = listedNeeds({ phoenixborn: deck.phoenixborn, cards: deck.cards })
    return missingCards(needs, index, owned).map((card) => ({
      stub: card.stub,
      name: card.name,
      count: needs.get(card.stub) ?? 0,
      owned: (needs.get(card.stub) ?? 0) - card.count,
    }))
  }, [deck.phoenixborn, deck.cards, index, owned])
}

/**
 * The builder's 'Problems': the same list as the deck pages, with the problems that keep
 * Snapshot... and Publish... unavailable marked (the menu's explanation names them too), then
 * the cards the player owns too few of, which never block.
 */
export function BuilderProblems({ lookup }: { lookup: CardLookup }) {
  const deck = useAppStore((state) => state.builder.deck)
  const problems = useMemo(() => checkDeck(deck, lookup), [deck, lookup])
  const blocked = problems.some(blocksPublishing)
  const short = useShortCards(deck)
  return (
    <section className={styles.panel} aria-labelledby="builder-problems">
      <h3 id="builder-problems" className={styles.title}>
        Problems
      </h3>
      <ProblemList
        problems={problems}
        markBlockers
        more={short.map((card) => (
          <li key={card.stub} className={styles.short}>
            You own {card.owned} {card.name}; the deck has {card.count}.
            <span className={styles.notBlocking}>Does not block</span>
          </li>
        ))}
      />
      {blocked ? (
        <p className={styles.note}>
          Snapshot... and Publish... are unavailable until the problems marked are fixed.
        </p>
      ) : null}
    </section>
  )
}
