import type { AnalysisDeck } from '@spellboard/core/deck-analysis'
import type { FirstFiveDeck } from '@spellboard/core/first-five'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { DeckAnalysis } from './deck-analysis.tsx'
import styles from './deck-insights.module.css'
import { DrawOdds } from './draw-odds.tsx'
import { FirstFiveOdds } from './first-five-odds.tsx'
import { useCardLookup } from './use-card-lookup.ts'

/** A deck as its pages hold it (API.md §5.4 with `first_five`), or the builder's deck mapped so. */
export type InsightsDeck = AnalysisDeck &
  FirstFiveDeck & {
    phoenixborn: { name: string; stub: string }
    is_legacy?: boolean | null | undefined
  }

type DeckInsightsProps = {
  deck: InsightsDeck
  /** The entries are whole cards with their costs (`full_cards=true`). */
  fullCards?: boolean
  /** Keep the sample hand in the address (deck pages); the builder's Preview keeps its own. */
  sampleInAddress?: boolean
}

/** 'Deck analysis', 'First Five' and 'Draw odds' of every page that shows a deck. */
export function DeckInsights({
  deck,
  fullCards = false,
  sampleInAddress = true,
}: DeckInsightsProps) {
  const { lookup, pending, failed } = useCardLookup(deck, fullCards)
  // Figures over part of the costs would be wrong, not just incomplete: wait for all of them.
  if (pending) return <SkeletonRows rows={4} label="Loading deck analysis..." />
  return (
    <div className={styles.stack}>
      {failed ? (
        <p className={styles.muted} role="status">
          Some card costs could not be loaded; the figures leave those cards out.
        </p>
      ) : null}
      <DeckAnalysis deck={deck} lookup={lookup} />
      <FirstFiveOdds deck={deck} lookup={lookup} />
      <DrawOdds deck={deck} sampleInAddress={sampleInAddress} />
    </div>
  )
}
