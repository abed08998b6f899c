import { type AnalysisDeck, analyseDeck } from '@spellboard/core/deck-analysis'
import type { CardLookup } from '@spellboard/core/magic-costs'
import { useId, useMemo } from 'react'
import { OneCollectionLine } from '../collection/one-collection-line.tsx'
import { CostCurveChart } from './cost-curve.tsx'
import styles from './deck-insights.module.css'
import { DiceNeeds } from './dice-needs.tsx'
import { ProblemList } from './problem-list.tsx'

type DeckAnalysisProps = {
  deck: AnalysisDeck & { phoenixborn: { stub: string }; is_legacy?: boolean | null | undefined }
  lookup: CardLookup
}

/**
 * The 'Deck analysis' section: cards by type (with the One Collection check), the cost curve,
 * the dice and the problems.
 */
export function DeckAnalysis({ deck, lookup }: DeckAnalysisProps) {
  const id = useId()
  const analysis = useMemo(() => analyseDeck(deck, lookup), [deck, lookup])
  const { cardsByType, costCurve, dice, problems } = analysis
  return (
    <section className={styles.insights} aria-labelledby={`${id}-analysis`}>
      <h2 id={`${id}-analysis`} className={styles.heading}>
        Deck analysis
      </h2>
      <div className={styles.grid}>
        <section aria-labelledby={`${id}-types`} className={styles.block}>
          <h3 id={`${id}-types`} className={styles.blockTitle}>
            Cards by type
          </h3>
          <table className={styles.table}>
            <tbody>
              {cardsByType.sections.map((section) => (
                <tr key={section.type}>
                  <th scope="row">{section.title}</th>
                  <td>{section.copies}</td>
                </tr>
              ))}
              <tr className={styles.totalRow}>
                <th scope="row">All cards</th>
                <td>{cardsByType.cards}</td>
              </tr>
              <tr>
                <th scope="row">Conjuration pile</th>
                <td>{cardsByType.conjurations}</td>
              </tr>
            </tbody>
          </table>
          {deck.is_legacy ? null : <OneCollectionLine deck={deck} />}
        </section>
        <section aria-labelledby={`${id}-curve`} className={styles.block}>
          <h3 id={`${id}-curve`} className={styles.blockTitle}>
            Cost curve
          </h3>
          <CostCurveChart curve={costCurve} />
        </section>
        <section aria-labelledby={`${id}-dice`} className={styles.block}>
          <h3 id={`${id}-dice`} className={styles.blockTitle}>
            Dice
          </h3>
          <DiceNeeds dice={dice} />
        </section>
        <section aria-labelledby={`${id}-problems`} className={styles.block}>
          <h3 id={`${id}-problems`} className={styles.blockTitle}>
            Problems
          </h3>
          <ProblemList problems={problems} />
        </section>
      </div>
    </section>
  )
}
