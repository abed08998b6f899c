import type { Card } from '@spellboard/core/card-schemas'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import {
  type ReactNode,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { cardListQuery } from '../../api/cards.ts'
import { ApiError, type QueryValue } from '../../api/client.ts'
import { Icon } from '../../components/icons/icon.tsx'
import { Alert } from '../../components/ui/alert.tsx'
import { Button } from '../../components/ui/button.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { SkeletonRows } from '../../components/ui/skeleton-rows.tsx'
import {
  cardListApiQuery,
  clearCardFilters,
  isIncludes,
  toggleDiceLogic,
} from '../../features/card-filters/card-filters.ts'
import { DiceFilter } from '../../features/card-filters/dice-filter.tsx'
import { GallerySwitch } from '../../features/card-filters/gallery-switch.tsx'
import { ReleaseFilter } from '../../features/card-filters/release-filter.tsx'
import { SearchHelp } from '../../features/card-filters/search-help.tsx'
import { SortControl } from '../../features/card-filters/sort-control.tsx'
import { TextFilter } from '../../features/card-filters/text-filter.tsx'
import { TypeFilter } from '../../features/card-filters/type-filter.tsx'
import { useCardFilters } from '../../features/card-filters/use-card-filters.ts'
import { useNarrowedCards } from '../../features/card-filters/use-narrowed-cards.ts'
import { searchTermError, useSearchChips } from '../../features/card-filters/use-search-chips.ts'
import { CardList, type RenderCardActions } from '../../features/card-list/card-list.tsx'
import { LoadMore } from '../../features/card-list/load-more.tsx'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import styles from './card-browser.module.css'

/** What the deck builder adds to the browser while it is active. */
export type CardBrowserExtension = {
  /** Extra controls under the filters (show or hide conjurations and Phoenixborn...). */
  controls?: ReactNode
  /** Per-card additions (quantity buttons on eligible cards). */
  renderActions?: RenderCardActions
  /** Extra listing parameters (`mode=deckbuilder`, `include_uniques_for`). */
  query?: Record<string, QueryValue>
}

const LISTING_FAILED = 'Failed to fetch card listing. Please report if this fails repeatedly!'
const LISTING_INVALID = 'Failed to fetch card listing (validation failure)!'

/** The toast for a failed listing (SPEC §8). */
export function listingErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 422) return LISTING_INVALID
    if (typeof error.detail === 'string' && error.detail) return error.detail
  }
  return LISTING_FAILED
}

/**
 * The controls are disabled while a listing loads, and a disabled control loses the keyboard
 * focus: the one just used gets it back when the listing is in, unless focus went elsewhere.
 */
function useFocusKeptThroughLoading(loading: boolean) {
  const controls = useRef<HTMLDivElement>(null)
  const lastFocused = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const element = controls.current
    if (!element) return
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target
    }
    element.addEventListener('focusin', remember)
    return () => element.removeEventListener('focusin', remember)
  }, [])
  useEffect(() => {
    const control = lastFocused.current
    if (loading || !control?.isConnected) return
    if (document.activeElement === document.body || document.activeElement === null) {
      control.focus()
    }
  }, [loading])
  return controls
}

/** True once `flag` has stayed true for `delayMs`, so quick loads show nothing at all. */
function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!flag) {
      setShown(false)
      return
    }
    const timer = window.setTimeout(() => setShown(true), delayMs)
    return () => window.clearTimeout(timer)
  }, [flag, delayMs])
  return shown
}

type CardBrowserProps = {
  legacy: boolean
  extension?: CardBrowserExtension
}

/** Filters, sort and the card listing of /cards/ and /cards/legacy/. */
export function CardBrowser({ legacy, extension }: CardBrowserProps) {
  const { draft, applied, update } = useCardFilters()
  const loggedIn = useAppStore((state) => state.session !== null)
  const releaseFilter = useAppStore((state) => state.preferences.releaseFilter)
  const storedGallery = useAppStore((state) => state.preferences.galleryStyle)
  const setPreference = useAppStore((state) => state.setPreference)
  // Legacy cards have no pictures worth a binder; they always list.
  const galleryStyle = legacy ? 'list' : storedGallery

  const query = useMemo(
    () =>
      cardListApiQuery(applied, {
        legacy,
        releaseFilter: loggedIn && !legacy ? releaseFilter : 'all',
        extra: extension?.query,
      }),
    [applied, legacy, loggedIn, releaseFilter, extension?.query],
  )
  const listing = useInfiniteQuery({ ...cardListQuery(query), placeholderData: keepPreviousData })
  const loading = listing.isFetching
  const showSkeleton = useDelayedFlag(listing.isPending, 300)
  const controls = useFocusKeptThroughLoading(loading)

  // A search term the API could not read is said under the search box, not in a toast.
  const termError = searchTermError(listing.error)
  useEffect(() => {
    if (listing.error && !searchTermError(listing.error)) {
      notify.error(listingErrorMessage(listing.error))
    }
  }, [listing.error])
  const chips = useSearchChips(draft, update, legacy)

  // Fifty cards render as a deferred update, which React splits into short tasks; the query's
  // own update would render them in one long task and hold up the page.
  const pages = useDeferredValue(listing.data?.pages)
  const loaded: Card[] = useMemo(() => pages?.flatMap((page) => page.results) ?? [], [pages])
  const narrowed = useNarrowedCards(loaded, draft.q, {
    applied: applied.q,
    settled: Boolean(listing.data) && !listing.isPlaceholderData,
    complete: !listing.hasNextPage,
  })
  const cards = narrowed?.cards ?? loaded
  const count = narrowed ? (narrowed.complete ? cards.length : undefined) : pages?.[0]?.count
  // Narrowed, every loaded card of a complete answer has been read: none is none.
  const isEmpty = narrowed
    ? narrowed.complete && cards.length === 0
    : !listing.isPlaceholderData && count === 0
  // On phones the filters fold away under one button, leaving the search and the cards.
  const [filtersOpen, setFiltersOpen] = useState(false)
  const foldId = useId()
  const activeFilters =
    chips.selected.dice.length + chips.selected.types.length + chips.selected.releases.length

  return (
    <div className={styles.browser}>
      <div ref={controls} className={styles.controls}>
        <div className={styles.topRow}>
          <div className={styles.fold} data-open={filtersOpen}>
            <DiceFilter
              dice={chips.selected.dice}
              includes={isIncludes(draft)}
              disabled={loading}
              onToggleDie={chips.toggleDie}
              onToggleLogic={() => update(toggleDiceLogic)}
            />
          </div>
          <div className={styles.search}>
            <TextFilter
              value={draft.q}
              disabled={loading}
              onChange={(q) => update((filters) => ({ ...filters, q }))}
              onClear={() => update((filters) => ({ ...filters, q: '' }))}
              onSubmit={() => update((filters) => filters, { immediate: true })}
            />
            <SearchHelp />
          </div>
          <button
            type="button"
            className={styles.foldToggle}
            aria-expanded={filtersOpen}
            aria-controls={foldId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <Icon name="filter" />
            Filters
            {activeFilters > 0 ? (
              <span className={styles.foldCount}> ({activeFilters})</span>
            ) : null}
          </button>
        </div>
        <div id={foldId} className={`${styles.fold} ${styles.rows}`} data-open={filtersOpen}>
          <div className={styles.row}>
            <TypeFilter
              types={chips.selected.types}
              disabled={loading}
              onToggle={chips.toggleType}
            />
            <ReleaseFilter
              legacy={legacy}
              selected={chips.selected.releases}
              disabled={loading}
              onApply={chips.applyReleases}
            />
          </div>
          <div className={styles.row}>
            <SortControl
              sort={draft.sort}
              order={draft.order}
              disabled={loading}
              onSort={(sort) => update((filters) => ({ ...filters, sort }))}
              onToggleOrder={() =>
                update((filters) => ({
                  ...filters,
                  order: filters.order === 'desc' ? 'asc' : 'desc',
                }))
              }
            />
            {legacy ? null : (
              <GallerySwitch
                value={galleryStyle}
                disabled={loading}
                onChange={(value) => setPreference('galleryStyle', value)}
              />
            )}
          </div>
          {extension?.controls ? <div className={styles.row}>{extension.controls}</div> : null}
        </div>
      </div>

      {termError ? (
        <Alert tone="error" title="This search cannot be run">
          <p>{termError}</p>
        </Alert>
      ) : isEmpty ? (
        <EmptyState
          title="No cards found"
          action={
            <Button
              variant="primary"
              onClick={() => {
                if (releaseFilter !== 'all') setPreference('releaseFilter', 'all')
                update(clearCardFilters, { immediate: true })
              }}
            >
              Clear filters
            </Button>
          }
        />
      ) : narrowed && !narrowed.complete && cards.length === 0 ? (
        // The loaded cards hold none of them; the API may have more.
        <p className={styles.count} aria-live="polite">
          Searching all cards...
        </p>
      ) : cards.length ? (
        <>
          <p className={styles.count} aria-live="polite">
            {count === undefined
              ? `${cards.length} of the cards shown match; searching all cards...`
              : count === 1
                ? '1 card'
                : `${count} cards`}
          </p>
          <CardList
            cards={cards}
            galleryStyle={galleryStyle}
            legacy={legacy}
            renderActions={extension?.renderActions}
            stale={!narrowed && listing.isPlaceholderData}
          />
          {listing.hasNextPage && !narrowed ? (
            <LoadMore loading={loading} onLoadMore={() => void listing.fetchNextPage()} />
          ) : null}
        </>
      ) : showSkeleton ? (
        <SkeletonRows rows={12} rowHeight={44} label="Loading cards..." />
      ) : null}
    </div>
  )
}
