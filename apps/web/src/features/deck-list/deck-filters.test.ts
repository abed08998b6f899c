import { describe, expect, it } from 'vitest'
import {
  type DeckFilters,
  deckFiltersSearch,
  deckListApiQuery,
  EMPTY_DECK_FILTERS,
  hasActiveFilters,
  pageCount,
  parseDeckFilters,
} from './deck-filters.ts'

const filters = (change: Partial<DeckFilters>): DeckFilters => ({
  ...EMPTY_DECK_FILTERS,
  ...change,
})

describe('deck filters in the address', () => {
  it.each([
    ['', EMPTY_DECK_FILTERS],
    ['?q=+ember+oath+', filters({ q: 'ember oath' })],
    ['?phoenixborn=sera-emberlock', filters({ phoenixborn: 'sera-emberlock' })],
    ['?preconstructed', filters({ preconstructed: true })],
    ['?preconstructed=true', filters({ preconstructed: true })],
    ['?preconstructed=false', EMPTY_DECK_FILTERS],
    ['?card=a&card=b&card=a', filters({ cards: ['a', 'b'] })],
    ['?player=1abc', filters({ players: ['1abc'] })],
    ['?page=3', filters({ page: 3 })],
    ['?page=0', EMPTY_DECK_FILTERS],
    ['?page=x', EMPTY_DECK_FILTERS],
    ['?offset=60', filters({ page: 3 })],
  ])('reads %j', (search, expected) => {
    expect(parseDeckFilters(search)).toEqual(expected)
  })

  it.each([
    [EMPTY_DECK_FILTERS, ''],
    [filters({ q: 'ember oath' }), '?q=ember+oath'],
    [filters({ q: '   ' }), ''],
    [
      filters({ phoenixborn: 'pb', cards: ['a&b'], preconstructed: true, page: 2 }),
      '?phoenixborn=pb&card=a%26b&preconstructed&page=2',
    ],
    [filters({ page: 1, players: ['1*&+'] }), '?player=1*%26%2B'],
  ])('writes %j as %s', (value, search) => {
    expect(deckFiltersSearch(value)).toBe(search)
  })

  it('round-trips', () => {
    const value = filters({ q: 'a b', phoenixborn: 'x', cards: ['c'], players: ['p'], page: 4 })
    expect(parseDeckFilters(deckFiltersSearch(value))).toEqual(value)
  })

  it('counts only real filters as active (the page is not one)', () => {
    expect(hasActiveFilters(filters({ page: 3 }))).toBe(false)
    expect(hasActiveFilters(filters({ cards: ['c'] }))).toBe(true)
    expect(hasActiveFilters(filters({ preconstructed: true }))).toBe(true)
  })
})

describe('deck listing query', () => {
  it('pages by 30 and sends only what is set', () => {
    expect(deckListApiQuery(filters({ page: 2 }), { legacy: false, redRains: false })).toEqual({
      limit: 30,
      offset: 30,
    })
    expect(
      deckListApiQuery(
        filters({ q: 'oath', phoenixborn: 'pb', cards: ['c'], preconstructed: true }),
        { legacy: true, redRains: true },
        { sort: 'modified' },
      ),
    ).toEqual({
      limit: 30,
      offset: 0,
      q: 'oath',
      phoenixborn: 'pb',
      card: ['c'],
      show_preconstructed: true,
      show_legacy: true,
      show_red_rains: true,
      sort: 'modified',
    })
  })

  it.each([
    [0, 1],
    [30, 1],
    [31, 2],
    [64, 3],
  ])('%i decks make %i pages', (count, pages) => expect(pageCount(count)).toBe(pages))
})
