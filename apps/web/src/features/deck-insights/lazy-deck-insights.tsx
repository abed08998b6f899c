import { lazy, Suspense } from 'react'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import type { InsightsDeck } from './deck-insights.tsx'

// The odds and the analysis load with the first deck a visitor opens, not with the site.
const Insights = lazy(() =>
  import('./deck-insights.tsx').then((m) => ({ default: m.DeckInsights })),
)

/** `DeckInsights`, loaded on first use; a printed deck is its list alone, without them. */
export function LazyDeckInsights(props: {
  deck: InsightsDeck
  fullCards?: boolean
  sampleInAddress?: boolean
}) {
  return (
    <div data-print="hide">
      <Suspense fallback={<SkeletonRows rows={4} label="Loading deck analysis..." />}>
        <Insights {...props} />
      </Suspense>
    </div>
  )
}
