import { blocksPublishing, checkDeck } from '@spellboard/core/deck-rules'
import type { CardLookup } from '@spellboard/core/magic-costs'
import { useMemo } from 'react'
import { useAppStore } from '../../store/app-store.ts'
import styles from './builder-insights.module.css'
import { ProblemList } from './problem-list.tsx'

/**
 * The builder's 'Problems': the same list as the deck pages, with the problems that keep
 * Snapshot... and Publish... unavailable marked (the menu's explanation names them too).
 */
export function BuilderProblems({ lookup }: { lookup: CardLookup }) {
  const deck = useAppStore((state) => state.builder.deck)
  const problems = useMemo(() => checkDeck(deck, lookup), [deck, lookup])
  const blocked = problems.some(blocksPublishing)
  return (
    <section className={styles.panel} aria-labelledby="builder-problems">
      <h3 id="builder-problems" className={styles.title}>
        Problems
      </h3>
      <ProblemList problems={problems} markBlockers />
      {blocked ? (
        <p className={styles.note}>
          Snapshot... and Publish... are unavailable until the problems marked are fixed.
        </p>
      ) : null}
    </section>
  )
}
