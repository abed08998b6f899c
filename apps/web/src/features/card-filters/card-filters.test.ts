import { describe, expect, it } from 'vitest'
import {
  type CardFilters,
  cardFiltersSearch,
  cardListApiQuery,
  clearCardFilters,
  DEFAULT_CARD_FILTERS,
  parseCardFilters,
  toggleDiceLogic,
  toggleDie,
  toggleType,
} from './card-filters.ts'

const filters = (patch: Partial<CardFilters>): CardFilters => ({
  ...DEFAULT_CARD_FILTERS,
  ...patch,
})

describe('the URL mirrors the filters', () => {
  it.each<[string, Partial<CardFilters>, string]>([
    ['defaults are omitted', {}, ''],
    ['search text, trimmed', { q: '  hammer knight ' }, '?q=hammer+knight'],
    ['dice repeat', { dice: ['charm', 'time'] }, '?dice=charm&dice=time'],
    ['only is the default logic', { dice: ['charm'], diceLogic: 'only' }, '?dice=charm'],
    [
      'includes is written',
      { dice: ['charm'], diceLogic: 'includes' },
      '?dice=charm&dice_logic=includes',
    ],
    ['types repeat', { types: ['ally', 'summon'] }, '?types=ally&types=summon'],
    [
      'releases repeat as r',
      { releases: ['master-set', 'the-frostdale-giants'] },
      '?r=master-set&r=the-frostdale-giants',
    ],
    ['sort name and order asc are omitted', { sort: 'name', order: 'asc' }, ''],
    [
      'other sorts and orders are written',
      { sort: 'cost', order: 'desc' },
      '?sort=cost&order=desc',
    ],
    [
      'every filter in a fixed order',
      {
        q: 'x',
        dice: ['basic'],
        types: ['ally'],
        releases: ['a'],
        sort: 'dice',
        order: 'desc',
        diceLogic: 'includes',
      },
      '?q=x&dice=basic&dice_logic=includes&types=ally&r=a&sort=dice&order=desc',
    ],
  ])('%s', (_, patch, search) => {
    expect(cardFiltersSearch(filters(patch))).toBe(search)
  })

  it.each([
    '',
    '?q=fire',
    '?dice=charm&dice=time&dice_logic=includes',
    '?types=ally&types=conjurations&r=master-set&sort=release&order=desc',
  ])('reads back what it writes: %s', (search) => {
    expect(cardFiltersSearch(parseCardFilters(search))).toBe(search)
  })

  it('reads a single occurrence as a one-element list and drops duplicates and blanks', () => {
    expect(parseCardFilters('?dice=charm&dice=charm&dice=&types=ally')).toEqual(
      filters({ dice: ['charm'], types: ['ally'] }),
    )
  })

  it('passes unknown values through for the API to judge', () => {
    expect(parseCardFilters('?sort=bogus&dice=plasma')).toEqual(
      filters({ sort: 'bogus', dice: ['plasma'] }),
    )
  })
})

describe('dice logic', () => {
  it('toggles dice on and off', () => {
    const once = toggleDie(DEFAULT_CARD_FILTERS, 'charm')
    expect(once.dice).toEqual(['charm'])
    expect(toggleDie(once, 'charm').dice).toEqual([])
  })

  it('switching to includes clears the basic die', () => {
    const next = toggleDiceLogic(filters({ dice: ['basic', 'time'] }))
    expect(next).toEqual(filters({ dice: ['time'], diceLogic: 'includes' }))
  })

  it('basic cannot be chosen while the logic is includes', () => {
    const includes = filters({ diceLogic: 'includes' })
    expect(toggleDie(includes, 'basic')).toBe(includes)
  })

  it('switching back to only keeps the chosen dice', () => {
    expect(toggleDiceLogic(filters({ dice: ['time'], diceLogic: 'includes' }))).toEqual(
      filters({ dice: ['time'] }),
    )
  })
})

describe('clearing', () => {
  it('resets every filter but keeps the sort', () => {
    const busy = filters({
      q: 'x',
      dice: ['charm'],
      diceLogic: 'includes',
      types: ['ally'],
      releases: ['a'],
      sort: 'cost',
      order: 'desc',
    })
    expect(clearCardFilters(busy)).toEqual(filters({ sort: 'cost', order: 'desc' }))
  })

  it('toggles types', () => {
    expect(toggleType(toggleType(DEFAULT_CARD_FILTERS, 'ally'), 'ally').types).toEqual([])
  })
})

describe('the API query', () => {
  const reborn: { legacy: boolean; releaseFilter: 'all' | 'mine' } = {
    legacy: false,
    releaseFilter: 'all',
  }

  it.each<[string, Partial<CardFilters>, typeof reborn, Record<string, unknown>]>([
    ['defaults', {}, reborn, { limit: 50, sort: 'name', order: 'asc' }],
    [
      'Legacy',
      {},
      { ...reborn, legacy: true },
      { limit: 50, sort: 'name', order: 'asc', show_legacy: true },
    ],
    ['trimmed text', { q: ' owl ' }, reborn, { limit: 50, sort: 'name', order: 'asc', q: 'owl' }],
    [
      'dice logic only travels with dice',
      { diceLogic: 'includes' },
      reborn,
      { limit: 50, sort: 'name', order: 'asc' },
    ],
    [
      'dice with their logic',
      { dice: ['charm'], diceLogic: 'includes' },
      reborn,
      { limit: 50, sort: 'name', order: 'asc', dice_logic: 'includes', dice: ['charm'] },
    ],
    [
      'summons become show_summons',
      { types: ['summon', 'ally'] },
      reborn,
      { limit: 50, sort: 'name', order: 'asc', types: ['ally'], show_summons: true },
    ],
    [
      'only summons',
      { types: ['summon'] },
      reborn,
      { limit: 50, sort: 'name', order: 'asc', show_summons: true },
    ],
    [
      'chosen releases',
      { releases: ['master-set'] },
      reborn,
      { limit: 50, sort: 'name', order: 'asc', r: ['master-set'] },
    ],
    [
      'my releases win over chosen ones',
      { releases: ['master-set'] },
      { ...reborn, releaseFilter: 'mine' },
      { limit: 50, sort: 'name', order: 'asc', releases: 'mine' },
    ],
  ])('%s', (_, patch, context, query) => {
    expect(cardListApiQuery(filters(patch), context)).toEqual(query)
  })

  it('keeps the parameter order of the reference client', () => {
    const query = cardListApiQuery(
      filters({ q: 'a', dice: ['time'], types: ['summon', 'ally'], releases: ['x'] }),
      { legacy: true, releaseFilter: 'all', extra: { mode: 'deckbuilder' } },
    )
    expect(Object.keys(query)).toEqual([
      'limit',
      'sort',
      'order',
      'show_legacy',
      'q',
      'dice_logic',
      'dice',
      'types',
      'show_summons',
      'r',
      'mode',
    ])
  })
})
