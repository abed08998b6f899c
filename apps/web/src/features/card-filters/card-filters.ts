import { DICE_NAMES } from '@spellboard/core/cards'
import { LIMITS } from '@spellboard/core/limits'
import type { QueryValue } from '../../api/client.ts'

/**
 * The card browser's filters as the URL holds them (SPEC "Card browser"): `q`, `dice`
 * (repeated), `dice_logic`, `types` (repeated), `r` (repeated release stubs), `sort`, `order`.
 * Values pass through unchanged, so an address someone typed reaches the API as written.
 */
export type CardFilters = {
  q: string
  dice: string[]
  diceLogic: string
  types: string[]
  releases: string[]
  sort: string
  order: string
}

export const DEFAULT_CARD_FILTERS: CardFilters = {
  q: '',
  dice: [],
  diceLogic: 'only',
  types: [],
  releases: [],
  sort: 'name',
  order: 'asc',
}

/** The "at least one of them" dice logic; the other choice is the default, `only`. */
export const INCLUDES = 'includes'

/** `types` value of the Summons toggle; sent to the API as `show_summons=true`. */
export const SUMMON_TYPE = 'summon'

export const TYPE_OPTIONS = [
  { value: 'ally', label: 'Ally' },
  { value: 'action_spell', label: 'Action Spell' },
  { value: 'reaction_spell', label: 'Reaction Spell' },
  { value: 'alteration_spell', label: 'Alteration Spell' },
  { value: 'ready_spell', label: 'Ready Spell' },
  { value: 'phoenixborn', label: 'Phoenixborn' },
  { value: 'conjurations', label: 'Conjuration' },
] as const

export const SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'type', label: 'Type' },
  { value: 'cost', label: 'Cost' },
  { value: 'dice', label: 'Dice' },
  { value: 'release', label: 'Release' },
] as const

/** Dice the filter offers: every magic type, then basic (any die). */
export const FILTER_DICE: readonly string[] = DICE_NAMES

const unique = (values: string[]) => [...new Set(values.filter(Boolean))]

export function parseCardFilters(search: string | URLSearchParams): CardFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return {
    q: (params.get('q') ?? '').trim(),
    dice: unique(params.getAll('dice')),
    diceLogic: params.get('dice_logic') || DEFAULT_CARD_FILTERS.diceLogic,
    types: unique(params.getAll('types')),
    releases: unique(params.getAll('r')),
    sort: params.get('sort') || DEFAULT_CARD_FILTERS.sort,
    order: params.get('order') || DEFAULT_CARD_FILTERS.order,
  }
}

/** The query string for some filters, defaults left out; '' when everything is default. */
export function cardFiltersSearch(filters: CardFilters): string {
  const params = new URLSearchParams()
  const q = filters.q.trim()
  if (q) params.set('q', q)
  for (const die of filters.dice) params.append('dice', die)
  if (filters.diceLogic !== DEFAULT_CARD_FILTERS.diceLogic)
    params.set('dice_logic', filters.diceLogic)
  for (const type of filters.types) params.append('types', type)
  for (const release of filters.releases) params.append('r', release)
  if (filters.sort !== DEFAULT_CARD_FILTERS.sort) params.set('sort', filters.sort)
  if (filters.order !== DEFAULT_CARD_FILTERS.order) params.set('order', filters.order)
  const search = params.toString()
  return search ? `?${search}` : ''
}

export function isIncludes(filters: CardFilters): boolean {
  return filters.diceLogic === INCLUDES
}

export function toggleDie(filters: CardFilters, die: string): CardFilters {
  // "At least one of" a basic die means nothing, so basic is off in that mode.
  if (die === 'basic' && isIncludes(filters)) return filters
  const dice = filters.dice.includes(die)
    ? filters.dice.filter((value) => value !== die)
    : [...filters.dice, die]
  return { ...filters, dice }
}

/** Flips between `only` and `includes`; switching to includes drops the basic die. */
export function toggleDiceLogic(filters: CardFilters): CardFilters {
  if (isIncludes(filters)) return { ...filters, diceLogic: DEFAULT_CARD_FILTERS.diceLogic }
  return { ...filters, diceLogic: INCLUDES, dice: filters.dice.filter((die) => die !== 'basic') }
}

export function toggleType(filters: CardFilters, type: string): CardFilters {
  const types = filters.types.includes(type)
    ? filters.types.filter((value) => value !== type)
    : [...filters.types, type]
  return { ...filters, types }
}

/** Everything back to the defaults except the sort, which is a view choice, not a filter. */
export function clearCardFilters(filters: CardFilters): CardFilters {
  return { ...DEFAULT_CARD_FILTERS, sort: filters.sort, order: filters.order }
}

export function hasActiveFilters(filters: CardFilters): boolean {
  return (
    filters.q.trim() !== '' ||
    filters.dice.length > 0 ||
    filters.types.length > 0 ||
    filters.releases.length > 0
  )
}

type ListingContext = {
  legacy: boolean
  /** The releases preference, already resolved: `mine` only for a logged-in Reborn browser. */
  releaseFilter: 'all' | 'mine'
  /** Deck-builder additions (`mode=deckbuilder`, `include_uniques_for`). */
  extra?: Record<string, QueryValue>
}

/** The `GET /v2/cards` query for some filters, in the order SPEC §7 lists the parameters. */
export function cardListApiQuery(
  filters: CardFilters,
  { legacy, releaseFilter, extra }: ListingContext,
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    limit: LIMITS.cardPageSize,
    sort: filters.sort,
    order: filters.order,
  }
  if (legacy) query.show_legacy = true
  const q = filters.q.trim()
  if (q) query.q = q
  if (filters.dice.length) {
    query.dice_logic = filters.diceLogic
    query.dice = filters.dice
  }
  const types = filters.types.filter((type) => type !== SUMMON_TYPE)
  if (types.length) query.types = types
  if (filters.types.includes(SUMMON_TYPE)) query.show_summons = true
  if (releaseFilter === 'mine') query.releases = 'mine'
  else if (filters.releases.length) query.r = filters.releases
  return { ...query, ...extra }
}
