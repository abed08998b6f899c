import type { DeckDetails } from '@spellboard/core/decks'
import { queryOptions } from '@tanstack/react-query'
import { ApiError } from '../../api/client.ts'
import { fetchDeckDetails } from '../../api/details-requests.ts'

/**
 * A deck as the compare page shows it, by id. A player sees their own working deck as last saved
 * (`show_saved`, as on My decks); any other deck is asked for as its public page asks, so the
 * answer, and the refusal (403/404), is the same as the deck page's.
 */
export const comparedDeckQuery = (id: number, viewer: string | null) =>
  queryOptions({
    queryKey: ['decks', 'compare', id, viewer],
    queryFn: async ({ signal }): Promise<DeckDetails> => {
      if (viewer === null) return fetchDeckDetails(id, false, signal)
      try {
        return await fetchDeckDetails(id, true, signal)
      } catch (error) {
        // 403: not the viewer's deck; ask for it as anyone would.
        if (error instanceof ApiError && error.status === 403) {
          return fetchDeckDetails(id, false, signal)
        }
        throw error
      }
    },
    retry: false,
  })
