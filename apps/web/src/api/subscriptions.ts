import type { SubscriptionMarker } from '@spellboard/core/comments'
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from './client.ts'

/**
 * The cached answers that carry a thread's marker: card details (`entity_id` beside the card) and
 * deck details (`deck.comments_entity_id`), each with its `last_seen_entity_id`.
 */
type MarkerHolder = {
  last_seen_entity_id?: number | null
  entity_id?: unknown
  card?: unknown
  deck?: { comments_entity_id?: unknown }
}

function holdsThread(data: unknown, entityId: number): data is MarkerHolder {
  if (typeof data !== 'object' || data === null) return false
  const holder = data as MarkerHolder
  const isCard = holder.card !== undefined && holder.entity_id === entityId
  const isDeck = typeof holder.deck === 'object' && holder.deck?.comments_entity_id === entityId
  return isCard || isDeck
}

const threadHolders = (entityId: number) => ({
  predicate: (query: { state: { data: unknown } }) => holdsThread(query.state.data, entityId),
})

/** Keeps every cached page about this thread in step with the marker the server now holds. */
export function setCachedMarker(queryClient: QueryClient, entityId: number, marker: number | null) {
  for (const query of queryClient.getQueryCache().findAll(threadHolders(entityId))) {
    queryClient.setQueryData(query.queryKey, (old: unknown) =>
      holdsThread(old, entityId) ? { ...old, last_seen_entity_id: marker } : old,
    )
  }
}

/** Asks the server again for the pages about this thread (posting a comment subscribes its author). */
export function refreshMarkers(queryClient: QueryClient, entityId: number) {
  return queryClient.invalidateQueries(threadHolders(entityId))
}

/**
 * `POST` or `DELETE /v2/subscription/{entityId}` on a card's or deck's thread. A marker means
 * subscribed, so the call takes the current state and the caches get the new marker (or null).
 */
export function useToggleSubscription(entityId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (subscribed: boolean): Promise<number | null> => {
      const path = `/subscription/${entityId}`
      if (subscribed) {
        await api<void>(path, { method: 'DELETE' })
        return null
      }
      const answer = await api<SubscriptionMarker>(path, { method: 'POST' })
      return answer.last_seen_entity_id
    },
    onSuccess: (marker) => setCachedMarker(queryClient, entityId, marker),
  })
}

/**
 * `PATCH /v2/subscription/{entityId}`: the player has now seen everything up to `seen`. Nothing
 * waits on it and nothing is shown when it fails; the marker simply stays where it was.
 */
export function useMarkSeen(entityId: number) {
  const queryClient = useQueryClient()
  return useCallback(
    (seen: number) => {
      api<void>(`/subscription/${entityId}`, {
        method: 'PATCH',
        json: { last_seen_entity_id: seen } satisfies SubscriptionMarker,
      }).then(
        () => setCachedMarker(queryClient, entityId, seen),
        () => {},
      )
    },
    [queryClient, entityId],
  )
}
