import type { Release } from '@spellboard/core/card-schemas'
import type { CollectionBoxes, ReleaseBox } from '@spellboard/core/collection-schemas'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from './client.ts'

/** Public releases of an edition in publication order; `is_mine` only when logged in. */
export const releasesQuery = (legacy: boolean, viewer: string | null) =>
  queryOptions({
    queryKey: ['releases', legacy ? 'legacy' : 'reborn', viewer],
    queryFn: ({ signal }) =>
      api<Release[]>('/releases', { query: legacy ? { show_legacy: true } : {}, signal }),
  })

/** Boxes of each Reborn release the player owns (only those owned). */
export const collectionQuery = (viewer: string | null) =>
  queryOptions({
    queryKey: ['collection', viewer],
    queryFn: ({ signal }) => api<CollectionBoxes>('/players/me/collection', { signal }),
    enabled: viewer !== null,
    staleTime: 60_000,
  })

/** What one box of each Reborn release holds (copies per card, the precon holding them). */
export const releaseBoxesQuery = () =>
  queryOptions({
    queryKey: ['releases', 'boxes'],
    queryFn: ({ signal }) => api<ReleaseBox[]>('/releases/boxes', { signal }),
    staleTime: 10 * 60_000,
  })

/** Replaces the player's collection: boxes per release (0 or absent: not owned). */
export function useSaveCollection(viewer: string | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (releases: Record<string, number>) =>
      api<CollectionBoxes>('/players/me/collection', { method: 'PUT', json: { releases } }),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionQuery(viewer).queryKey, collection)
      // `is_mine`, a card listing filtered by "Mine" and "decks I can build" follow the collection.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: releasesQuery(false, viewer).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['cards', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['decks', 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['decks', 'mine'] }),
      ])
    },
  })
}
