import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { useNavigate } from 'react-router'
import { deckListQuery } from '../../api/decks.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { Pagination } from '../../components/ui/pagination.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import { describeApiError, notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import { deckListApiQuery, hasActiveFilters, pageCount } from './deck-filters.ts'
import { DeckFiltersBar } from './deck-filters-bar.tsx'
import { DeckList, myDeckPath, publicDeckPath } from './deck-list.tsx'
import styles from './deck-listing.module.css'
import { usePublishedTags } from './published-tags.tsx'
import { useDeckFilters } from './use-deck-filters.ts'

type DeckListingProps = {
  /** The public listing, or the player's own working decks. */
  scope: 'public' | 'mine'
  legacy: boolean
  redRains: boolean
  /** My decks' order; the public listing keeps the API's (newest first). */
  sort?: 'created' | 'modified'
  /** Shown instead of 'No decks found' when there are no decks at all (no filter is on). */
  emptyState?: ReactNode
  /** More controls in the filter row. */
  toolbarExtra?: ReactNode
}

/** Filters, a page of decks (30), and Previous/Next with 'Page X of Y'; all in the address. */
export function DeckListing({
  scope,
  legacy,
  redRains,
  sort,
  emptyState,
  toolbarExtra,
}: DeckListingProps) {
  const controls = useDeckFilters()
  const { applied } = controls
  const navigate = useNavigate()
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  // 'Only decks I can build' needs a collection: logged-out readers see every deck.
  const query = deckListApiQuery(
    { ...applied, buildable: applied.buildable && viewer !== null },
    { legacy, redRains },
    sort ? { sort } : {},
  )
  const listing = useQuery({
    ...deckListQuery(scope, query, viewer),
    placeholderData: keepPreviousData,
  })
  const publishedTags = usePublishedTags(scope === 'mine', { legacy, redRains })

  useEffect(() => {
    if (listing.error) notifyApiError(listing.error)
  }, [listing.error])

  const page = listing.data
  const pages = page ? pageCount(page.count) : 1
  const beyondLastPage = Boolean(page && !listing.isPlaceholderData && applied.page > pages)

  // A page number past the end (decks were deleted, or an old link): show the last page.
  useEffect(() => {
    if (beyondLastPage) navigate(controls.hrefForPage(pages), { replace: true })
  }, [beyondLastPage, pages, navigate, controls.hrefForPage])

  const filtered = hasActiveFilters(applied)
  let body: ReactNode
  if (listing.isError && !page) {
    body = (
      <Alert tone="error" title="The decks could not be loaded.">
        <p>{describeApiError(listing.error).join(' ')}</p>
        <Button size="sm" onClick={() => void listing.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  } else if (!page) {
    body = <SkeletonRows rows={8} rowHeight={64} label="Loading decks..." />
  } else if (page.count === 0 && !listing.isPlaceholderData) {
    body =
      filtered || !emptyState ? (
        <EmptyState
          title="No decks found"
          action={
            filtered ? (
              <Button variant="primary" onClick={controls.clear}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        emptyState
      )
  } else {
    body = (
      <>
        <p className={styles.count} aria-live="polite">
          {page.count === 1 ? '1 deck' : `${page.count} decks`}
        </p>
        <DeckList
          decks={page.results}
          hrefFor={scope === 'mine' ? myDeckPath : publicDeckPath}
          timeField={sort ?? 'created'}
          stale={listing.isPlaceholderData}
          label={scope === 'mine' ? 'My decks' : 'Decks'}
          renderBadges={publishedTags}
        />
        <div className={styles.pagination}>
          <Pagination
            page={Math.min(applied.page, pages)}
            pageCount={pages}
            hrefForPage={controls.hrefForPage}
            label="Deck pages"
            disabled={listing.isFetching}
          />
        </div>
      </>
    )
  }

  return (
    <>
      <DeckFiltersBar
        controls={controls}
        legacy={legacy}
        showPreconstructed={scope === 'public'}
        showBuildable={viewer !== null}
        extra={toolbarExtra}
      />
      {body}
    </>
  )
}
