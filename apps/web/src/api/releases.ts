import type { Release } from '@spellboard/core/card-schemas'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './client.ts'

/** Public releases of an edition in publication order; `is_mine` only when logged in. */
export const releasesQuery = (legacy: boolean, viewer: string | null) =>
  queryOptions({
    queryKey: ['releases', legacy ? 'legacy' : 'reborn', viewer],
    queryFn: ({ signal }) =>
      api<Release[]>('/releases', { query: legacy ? { show_legacy: true } : {}, signal }),
  })

/** Replaces the player's collection (Reborn releases they own). */
export function useSaveMyReleases(viewer: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (stubs: string[]) =>
      api<Release[]>('/releases/mine', { method: 'PUT', json: stubs }),
    onSuccess: (releases) => {
      queryClient.setQueryData(releasesQuery(false, viewer).queryKey, releases)
      // A listing filtered by "Mine" depends on the collection the server holds.
      return queryClient.invalidateQueries({ queryKey: ['cards', 'list'] })
    },
  })
}
