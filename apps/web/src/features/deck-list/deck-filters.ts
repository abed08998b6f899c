import { LIMITS } from '@spellboard/core/limits'
import type { QueryValue } from '../../api/client.ts'
import { parsePageNumber } from '../../lib/page-number.ts'

/** The filters of a deck listing, as the address keeps them. */
export type DeckFilters = {
  /** Title search, already trimmed. */
  q: string
  /** Phoenixborn stub. */
  phoenixborn: string | null
  preconstructed: boolean
  /** Card stubs (the card page's "see all" link); a deck with any of them matches. */
  cards: string[]
  /** Author badges (the profile page's "see all" link). */
  players: string[]
  /** 'Only decks I can build' (`buildable=1`): decks the player's collection builds. */
  buildable: boolean
  /** 1-based. */
  page: number
}

export const EMPTY_DECK_FILTERS: DeckFilters = {
  q: '',
  phoenixborn: null,
  preconstructed: false,
  cards: [],
  players: [],
  buildable: false,
  page: 1,
}

const FALSE_WORDS = new Set(['false', '0', 'no', 'off', 'f', 'n'])

/**
 * Reads filters from a query string. `preconstructed` is on when present without a value
 * (`?preconstructed`), and an `offset` from older links still finds its page.
 */
export function parseDeckFilters(search: string): DeckFilters {
  const params = new URLSearchParams(search)
  const precon = params.get('preconstructed')
  const buildable = params.get('buildable')
  const offset = parsePageNumber(params.get('offset'))
  return {
    q: (params.get('q') ?? '').trim(),
    phoenixborn: params.get('phoenixborn') || null,
    preconstructed: precon !== null && !FALSE_WORDS.has(precon.toLowerCase()),
    cards: unique(params.getAll('card').filter(Boolean)),
    players: unique(params.getAll('player').filter(Boolean)),
    buildable: buildable !== null && !FALSE_WORDS.has(buildable.toLowerCase()),
    page:
      parsePageNumber(params.get('page')) ??
      (offset ? Math.floor(offset / LIMITS.deckPageSize) + 1 : 1),
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

/** The query string of some filters ('' when none); defaults are left out. */
export function deckFiltersSearch(filters: DeckFilters): string {
  const parts: string[] = []
  const add = (key: string, value: string) =>
    parts.push(`${key}=${encodeURIComponent(value).replace(/%20/g, '+')}`)
  if (filters.q.trim()) add('q', filters.q.trim())
  if (filters.phoenixborn) add('phoenixborn', filters.phoenixborn)
  for (const card of filters.cards) add('card', card)
  for (const player of filters.players) add('player', player)
  if (filters.preconstructed) parts.push('preconstructed')
  if (filters.buildable) parts.push('buildable=1')
  if (filters.page > 1) add('page', String(filters.page))
  return parts.length ? `?${parts.join('&')}` : ''
}

/** Whether anything narrows the listing (then an empty result offers 'Clear filters'). */
export function hasActiveFilters(filters: DeckFilters): boolean {
  return Boolean(
    filters.q ||
      filters.phoenixborn ||
      filters.preconstructed ||
      filters.cards.length ||
      filters.players.length ||
      filters.buildable,
  )
}

export type DeckListKind = { legacy: boolean; redRains: boolean }

/** The listing call's query for some filters (page size 30, offset from the page). */
export function deckListApiQuery(
  filters: DeckFilters,
  kind: DeckListKind,
  extra: Record<string, QueryValue> = {},
): Record<string, QueryValue> {
  return {
    limit: LIMITS.deckPageSize,
    offset: (filters.page - 1) * LIMITS.deckPageSize,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.phoenixborn ? { phoenixborn: filters.phoenixborn } : {}),
    ...(filters.cards.length ? { card: filters.cards } : {}),
    ...(filters.players.length ? { player: filters.players } : {}),
    ...(filters.preconstructed ? { show_preconstructed: true } : {}),
    ...(filters.buildable ? { buildable: true } : {}),
    ...(kind.legacy ? { show_legacy: true } : {}),
    ...(kind.redRains ? { show_red_rains: true } : {}),
    ...extra,
  }
}

export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / LIMITS.deckPageSize))
}
