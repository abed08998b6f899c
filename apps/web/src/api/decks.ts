import type { Card } from '@spellboard/core/card-schemas'
import type {
  DeckDetails,
  DeckFullOut,
  DeckOut,
  DeckSaveOut,
  SnapshotEdit,
} from '@spellboard/core/decks'
import type { Page } from '@spellboard/core/pagination'
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { ApiError, api, type QueryValue, type RequestOptions } from './client.ts'
import { fetchDeckDetails } from './details-requests.ts'

export type DeckListQuery = Record<string, QueryValue>

/**
 * Every deck query starts with 'decks', so a change to any deck (save, delete, snapshot, clone)
 * can refresh them all with one invalidation.
 */
const DECKS = 'decks'

/**
 * A page of decks: the public listing (`GET /v2/decks`, the latest public snapshot of each deck)
 * or the player's working decks (`GET /v2/decks/mine`, cached per account).
 */
export const deckListQuery = (
  scope: 'public' | 'mine',
  query: DeckListQuery,
  viewer: string | null,
) =>
  queryOptions({
    // "Decks I can build" differ by reader; everyone else shares the public pages.
    queryKey:
      scope === 'mine'
        ? [DECKS, 'mine', viewer, query]
        : [DECKS, 'list', query, query.buildable ? viewer : null],
    queryFn: ({ signal }) =>
      api<Page<DeckOut>>(scope === 'mine' ? '/decks/mine' : '/decks', { query, signal }),
  })

/** At most this many public decks are read for My decks' 'Published' marks (100 a page). */
const PUBLISHED_PAGES = 20

/**
 * Which of a player's working decks of one kind (legacy, Red Rains) have a published snapshot:
 * the public listing by that author holds the latest public snapshot of each, and its
 * `source_id` is the working deck. Answers the working decks' ids.
 */
export const publishedDeckIdsQuery = (
  badge: string,
  kind: { legacy: boolean; redRains: boolean },
) =>
  queryOptions({
    queryKey: [DECKS, 'published', badge, kind],
    queryFn: async ({ signal }) => {
      const query = {
        player: badge,
        limit: 100,
        ...(kind.legacy ? { show_legacy: true } : {}),
        ...(kind.redRains ? { show_red_rains: true } : {}),
      }
      let page = await api<Page<DeckOut>>('/decks', { query, signal, auth: false })
      const ids = page.results.map((deck) => deck.source_id)
      for (let pages = 1; page.next && pages < PUBLISHED_PAGES; pages += 1) {
        page = await api<Page<DeckOut>>(page.next, { signal, auth: false })
        ids.push(...page.results.map((deck) => deck.source_id))
      }
      return ids.filter((id): id is number => id !== null)
    },
  })

/** The Phoenixborn of an edition, for the listing filter (every one of them, by name). */
export const phoenixbornOptionsQuery = (legacy: boolean) =>
  queryOptions({
    queryKey: ['cards', 'phoenixborn', legacy ? 'legacy' : 'reborn'],
    queryFn: ({ signal }) =>
      api<Page<Card>>('/cards', {
        query: { types: 'phoenixborn', ...(legacy ? { show_legacy: true } : {}) },
        signal,
      }),
    select: (page) => page.results.map(({ name, stub }) => ({ name, stub })),
    staleTime: Number.POSITIVE_INFINITY,
  })

/**
 * `GET /v2/decks/{id}?full_cards=true`; `mine` asks for the saved working deck (`show_saved`).
 * `viewer` keys the cache by account: ownership, share links and the subscription marker differ.
 */
export const deckDetailsQuery = (id: number, mine: boolean, viewer: string | null) =>
  queryOptions({
    queryKey: [DECKS, 'details', id, mine ? 'mine' : 'public', viewer],
    queryFn: ({ signal }) => fetchDeckDetails(id, mine, signal),
  })

/** `GET /v2/decks/shared/{uuid}`: any deck by its share link; the header is not needed. */
export const sharedDeckQuery = (uuid: string) =>
  queryOptions({
    queryKey: [DECKS, 'shared', uuid],
    queryFn: ({ signal }) =>
      api<DeckFullOut>(`/decks/shared/${encodeURIComponent(uuid)}`, { signal, auth: false }),
  })

/** A deck's snapshots, newest first; further pages follow the absolute `next` URL. */
export const deckSnapshotsQuery = (id: number, publicOnly: boolean, viewer: string | null) =>
  infiniteQueryOptions({
    queryKey: [DECKS, 'snapshots', id, publicOnly ? 'public' : 'all', viewer],
    queryFn: ({ pageParam, signal }) =>
      pageParam
        ? api<Page<DeckOut>>(pageParam, { signal })
        : api<Page<DeckOut>>(`/decks/${id}/snapshots`, {
            query: publicOnly ? { show_public_only: true } : {},
            signal,
          }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  })

/**
 * The id of a working deck's latest public snapshot (its public page, `/decks/{id}/`), or null
 * when it has never been published.
 */
export const latestPublicSnapshotQuery = (workingId: number) =>
  queryOptions({
    queryKey: [DECKS, 'snapshots', workingId, 'latest-public'],
    queryFn: ({ signal }) =>
      api<Page<DeckOut>>(`/decks/${workingId}/snapshots`, {
        query: { show_public_only: true, limit: 1 },
        signal,
      }).then((page) => page.results[0]?.id ?? null),
  })

/** A saved deck with its version: the `ETag` its answer came with (null when it had none). */
export type VersionedDeck = { deck: DeckSaveOut; version: string | null }

/** Calls `path` and answers its body with the answer's `ETag`. */
async function versioned<T>(path: string, options: RequestOptions): Promise<[T, string | null]> {
  let version: string | null = null
  const seen = (headers: Headers) => {
    version = headers.get('etag')
  }
  const body = await api<T>(path, { ...options, seen })
  return [body, version]
}

/** The working deck as saved, to load into the builder (`GET /v2/decks/{id}?show_saved=true`). */
export async function fetchSavedDeck(id: number): Promise<VersionedDeck> {
  const [details, version] = await versioned<DeckDetails>(`/decks/${id}`, {
    query: { show_saved: true },
  })
  return { deck: details.deck, version }
}

/**
 * `PUT /v2/decks`. With `version` (`If-Match`) the server refuses the save with 412 when the
 * deck was changed since that version; see `isStaleVersion`.
 */
export async function putDeck(body: object, version?: string | null): Promise<VersionedDeck> {
  const headers: Record<string, string> = version ? { 'If-Match': version } : {}
  const [deck, next] = await versioned<DeckSaveOut>('/decks', {
    method: 'PUT',
    json: body,
    headers,
  })
  return { deck, version: next }
}

/** The save was refused because the deck changed since the version it named. */
export const isStaleVersion = (error: unknown) => error instanceof ApiError && error.status === 412

function useRefreshDecks() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [DECKS] })
}

/** `DELETE /v2/decks/{id}`: a working deck (with its snapshots) or one snapshot. */
export function useDeleteDeck() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api<void>(`/decks/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => {
      // The page showing the deck is about to leave; asking for it again would only earn a 404.
      queryClient.removeQueries({ queryKey: [DECKS, 'details', id] })
      return queryClient.invalidateQueries({ queryKey: [DECKS], refetchType: 'none' })
    },
  })
}

export type CloneOptions = {
  id: number
  /** The mode of the copy; a share-link clone leaves it out and gets a competitive deck. */
  redRains?: boolean
  /** Clones a deck the player may only see through its share link. */
  directShareUuid?: string
}

/** `GET /v2/decks/{id}/clone`: a new working deck (plus its "Source" snapshot) for the player. */
export function useCloneDeck() {
  const refresh = useRefreshDecks()
  return useMutation({
    mutationFn: ({ id, redRains, directShareUuid }: CloneOptions) =>
      api<DeckSaveOut>(`/decks/${id}/clone`, {
        query: { red_rains: redRains, direct_share_uuid: directShareUuid },
      }),
    onSuccess: refresh,
  })
}

/** `PATCH /v2/decks/snapshots/{id}`: a snapshot's title and description. */
export function useEditSnapshot() {
  const refresh = useRefreshDecks()
  return useMutation({
    mutationFn: ({ id, edit }: { id: number; edit: SnapshotEdit }) =>
      api<DeckSaveOut>(`/decks/snapshots/${id}`, { method: 'PATCH', json: edit }),
    onSuccess: refresh,
  })
}
