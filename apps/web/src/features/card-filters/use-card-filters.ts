import { TIMINGS } from '@spellboard/core/limits'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { type CardFilters, cardFiltersSearch, parseCardFilters } from './card-filters.ts'

export type UpdateFilters = (
  change: (filters: CardFilters) => CardFilters,
  options?: { immediate?: boolean },
) => void

/**
 * Filters that live in the URL. Controls edit a draft at once; the draft reaches the URL (one
 * history entry) after a 1250 ms pause, or at once for `immediate` changes. The listing reads
 * `applied`, so Back and Forward restore both the controls and the cards.
 */
export function useCardFilters(): {
  draft: CardFilters
  applied: CardFilters
  update: UpdateFilters
} {
  const location = useLocation()
  const navigate = useNavigate()
  const applied = useMemo(() => parseCardFilters(location.search), [location.search])
  const [draft, setDraft] = useState(applied)
  const draftRef = useRef(draft)
  const appliedRef = useRef(applied)
  appliedRef.current = applied
  const timer = useRef<number | undefined>(undefined)
  // The query string we navigated to ourselves; any other change came from outside.
  const pushed = useRef<string | null>(null)

  useEffect(() => {
    if (pushed.current !== null && location.search === pushed.current) {
      // Our own push: the draft is already there (or ahead, if the player kept typing).
      pushed.current = null
      return
    }
    window.clearTimeout(timer.current)
    draftRef.current = applied
    setDraft(applied)
  }, [location.search, applied])

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const commit = useCallback(() => {
    const search = cardFiltersSearch(draftRef.current)
    if (search === cardFiltersSearch(appliedRef.current)) return
    pushed.current = search
    navigate({ search })
  }, [navigate])

  const update = useCallback<UpdateFilters>(
    (change, { immediate = false } = {}) => {
      const next = change(draftRef.current)
      draftRef.current = next
      setDraft(next)
      window.clearTimeout(timer.current)
      if (immediate) commit()
      else timer.current = window.setTimeout(commit, TIMINGS.cardFilterDebounceMs)
    },
    [commit],
  )

  return { draft, applied, update }
}
