import type { Card } from '@spellboard/core/card-schemas'
import type { DeckOut } from '@spellboard/core/decks'
import { LIMITS } from '@spellboard/core/limits'
import type { Page } from '@spellboard/core/pagination'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api, type QueryValue } from './client.ts'
import { fetchCardDetails } from './details-requests.ts'

export type CardListQuery = Record<string, QueryValue>

/**
 * The card browser's listing: the first page from the filters, each further page from the
 * absolute `next` URL the API hands back.
 */
export const cardListQuery = (query: CardListQuery) =>
  infiniteQueryOptions({
    queryKey: ['cards', 'list', query],
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? api<Page<Card>>(pageParam, { signal })
        : api<Page<Card>>('/cards', { query, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  })

/** One Reborn card (the hover preview and the deck builder). */
export const cardQuery = (stub: string) =>
  queryOptions({
    queryKey: ['cards', 'card', stub],
    queryFn: ({ signal }) => api<Card>(`/cards/${encodeURIComponent(stub)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** `viewer` keys the cache by account, since the subscription marker is per player. */
export const cardDetailsQuery = (stub: string, legacy: boolean, viewer: string | null) =>
  queryOptions({
    queryKey: ['cards', 'details', legacy ? 'legacy' : 'reborn', stub, viewer],
    queryFn: ({ signal }) => fetchCardDetails(stub, legacy, signal),
  })

/**
 * The public decks that use a card, newest first (the card page's "Recent decks"). Decks never
 * list their Phoenixborn among their cards, so a Phoenixborn's decks are found by that filter.
 */
export const cardRecentDecksQuery = (stub: string, legacy: boolean, isPhoenixborn = false) => {
  const query = {
    [isPhoenixborn ? 'phoenixborn' : 'card']: stub,
    limit: LIMITS.recentDecks,
    ...(legacy ? { show_legacy: true } : {}),
  }
  return queryOptions({
    queryKey: ['decks', 'list', query],
    queryFn: ({ signal }) => api<Page<DeckOut>>('/decks', { query, signal }),
  })
}
