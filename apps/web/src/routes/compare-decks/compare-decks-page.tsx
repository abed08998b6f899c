import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { CompareForm } from '../../features/deck-compare/compare-form.tsx'
import { comparedDeckQuery } from '../../features/deck-compare/compare-queries.ts'
import { DeckComparisonView } from '../../features/deck-compare/deck-comparison.tsx'
import { comparePath } from '../../features/deck-compare/deck-reference.ts'
import { isMissingDeck, NoDeckFound } from '../../features/deck-view/no-deck-found.tsx'
import { describeApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './compare-decks-page.module.css'

const readId = (value: string | null) =>
  value && /^\d{1,12}$/.test(value) && Number(value) > 0 ? Number(value) : null

/** `/decks/compare/?left={id}&right={id}`: two decks side by side and what differs. */
export function CompareDecksPage() {
  const [params] = useSearchParams()
  const left = readId(params.get('left'))
  const right = readId(params.get('right'))
  return (
    <div className={styles.page}>
      <h1>Compare decks</h1>
      {left !== null && right !== null ? (
        <Comparison left={left} right={right} />
      ) : (
        <>
          <Alert tone="info" title="Choose two decks to compare.">
            <p>
              {params.has('left') || params.has('right')
                ? 'This address does not name two decks: both left and right need a deck id.'
                : 'Use "Compare with…" on a deck’s page, or give two decks here.'}
            </p>
          </Alert>
          <CompareForm left={params.get('left') ?? ''} right={params.get('right') ?? ''} />
        </>
      )}
    </div>
  )
}

function Comparison({ left, right }: { left: number; right: number }) {
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const leftDeck = useQuery(comparedDeckQuery(left, viewer))
  const rightDeck = useQuery(comparedDeckQuery(right, viewer))

  // A deck the viewer may not see is refused as its own page refuses it: nothing of it shows,
  // and no comparison either.
  const refused = [leftDeck, rightDeck].some((query) => query.isError && isMissingDeck(query.error))
  if (refused) return <NoDeckFound as="h2" />
  const failed = [leftDeck, rightDeck].find((query) => query.isError)
  if (failed) {
    return (
      <Alert tone="error" title="These decks could not be loaded.">
        <p>{describeApiError(failed.error).join(' ')}</p>
        <Button size="sm" onClick={() => void failed.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (!leftDeck.data || !rightDeck.data) {
    return <SkeletonRows rows={8} label="Loading decks..." />
  }
  return (
    <>
      <p className={styles.tools}>
        <Link to={comparePath(right, left)}>Swap sides</Link>
      </p>
      <DeckComparisonView left={leftDeck.data.deck} right={rightDeck.data.deck} />
    </>
  )
}
