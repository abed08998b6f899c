import { selectedByTerms } from '@spellboard/core/card-query-edit'
import type { DiceName } from '@spellboard/core/cards'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { ApiError } from '../../api/client.ts'
import { releasesQuery } from '../../api/releases.ts'
import { useAppStore } from '../../store/app-store.ts'
import type { CardFilters } from './card-filters.ts'
import {
  applyReleaseChoice,
  chipSelection,
  clickDieChip,
  clickTypeChip,
  readSearch,
} from './search-terms.ts'
import type { UpdateFilters } from './use-card-filters.ts'

/**
 * The chip rows wired to the search text (see `search-terms.ts`): what they show and what a
 * click does. Release names are fetched only when the text names releases.
 */
export function useSearchChips(draft: CardFilters, update: UpdateFilters, legacy: boolean) {
  const viewer = useAppStore((state) => state.session?.badge ?? null)
  const namesReleases = useMemo(() => {
    const query = readSearch(draft.q)
    return query !== null && selectedByTerms(query).releases.length > 0
  }, [draft.q])
  const releases = useQuery({ ...releasesQuery(legacy, viewer), enabled: namesReleases })
  const known = releases.data ?? []
  return {
    selected: chipSelection(draft, known),
    toggleType: (value: string) => update((filters) => clickTypeChip(filters, value)),
    toggleDie: (die: string) => update((filters) => clickDieChip(filters, die as DiceName)),
    applyReleases: (stubs: string[]) =>
      update((filters) => applyReleaseChoice(filters, stubs, known), { immediate: true }),
  }
}

/** The API's word on a search text it could not read (a 422 about `q`), or null. */
export function searchTermError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !Array.isArray(error.detail)) {
    return null
  }
  const issue = error.detail.find((item) => item.loc.join('.') === 'query.q')
  return issue?.msg ?? null
}
