import { TIMINGS } from '@spellboard/core/limits'
import { startTransition, useCallback, useEffect, useMemo, useOptimistic, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import {
  type DeckFilters,
  deckFiltersSearch,
  EMPTY_DECK_FILTERS,
  parseDeckFilters,
} from './deck-filters.ts'

export type DeckFilterControls = {
  /** The filters in the address, which the listing shows. */
  applied: DeckFilters
  /**
   * What the filter controls show: the address, or a change on its way there. The router
   * renders a new address in a transition, and until that commits a controlled switch or select
   * would show its old value, as if the click had been ignored.
   */
  shown: DeckFilters
  /** The title box as typed; it reaches the address after a 750 ms pause. */
  title: string
  setTitle: (title: string) => void
  /** Applies the title at once (Enter). */
  submitTitle: () => void
  /** Applies a change at once, back on the first page unless the change names one. */
  apply: (change: Partial<DeckFilters>) => void
  clear: () => void
  /** The address of a page of the current listing. */
  hrefForPage: (page: number) => string
}

/** Deck listing filters that live in the address, so links, Back and Forward restore them. */
export function useDeckFilters(): DeckFilterControls {
  const location = useLocation()
  const navigate = useNavigate()
  const applied = useMemo(() => parseDeckFilters(location.search), [location.search])
  const [shown, showPending] = useOptimistic(applied)
  const [title, setTitle] = useState(applied.q)

  // The address changed by other means (Back, Clear filters): the box follows, unless it
  // already says the same thing give or take the spaces still being typed.
  useEffect(() => {
    setTitle((current) => (current.trim() === applied.q ? current : applied.q))
  }, [applied.q])

  const apply = useCallback(
    (change: Partial<DeckFilters>) => {
      const next = { ...applied, page: 1, ...change }
      const search = deckFiltersSearch(next)
      if (search === location.search) return
      startTransition(() => {
        showPending(next)
        void navigate({ pathname: location.pathname, search })
      })
    },
    [applied, location.pathname, location.search, navigate, showPending],
  )

  useEffect(() => {
    const q = title.trim()
    if (q === applied.q) return
    const timer = window.setTimeout(() => apply({ q }), TIMINGS.deckTitleFilterDebounceMs)
    return () => window.clearTimeout(timer)
  }, [title, applied.q, apply])

  // The same path as any other change, so the controls clear at once too.
  const clear = useCallback(() => {
    setTitle('')
    apply(EMPTY_DECK_FILTERS)
  }, [apply])

  const hrefForPage = useCallback(
    (page: number) => `${location.pathname}${deckFiltersSearch({ ...applied, page })}`,
    [applied, location.pathname],
  )

  return {
    applied,
    shown,
    title,
    setTitle,
    submitTitle: () => apply({ q: title.trim() }),
    apply,
    clear,
    hrefForPage,
  }
}
