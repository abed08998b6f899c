import { type CardQuery, parseCardQuery, type ReleaseName } from '@spellboard/core/card-query'
import {
  renderCardQuery,
  selectedByTerms,
  selectedReleases,
  toggleDie as toggleDieTerm,
  toggleRelease,
  toggleTypes,
} from '@spellboard/core/card-query-edit'
import { CARD_TYPES, type CardType, type DiceName } from '@spellboard/core/cards'
import { type CardFilters, TYPE_OPTIONS, toggleDie, toggleType } from './card-filters.ts'

/**
 * Where the search box and the filter chips meet (SPEC "Card browser", issue 22). The search
 * text may hold terms that mirror the chips (`type:ally`, `dice:charm`, `release:master-set`):
 *
 * - a chip is pressed when its URL parameter or a typed term chooses it;
 * - while the text holds terms of a chip row's kind, a click on that row edits the text (the
 *   row's URL values join the text first, so one state is left); otherwise the click sets the
 *   row's URL parameter as before, so plain filtering keeps its addresses.
 *
 * The dice row also carries the Only/Incl. logic, which no term can say: its URL dice stay as
 * they are, and `dice:` terms (always "includes") are edited beside them.
 */

/** The text as a query; a text that cannot be read lights no chip and takes no chip edit. */
export function readSearch(q: string): CardQuery | null {
  const result = parseCardQuery(q)
  return result.ok ? result.query : null
}

/** The card types a type chip stands for in the text: its own, or both conjuration types. */
export function chipCardTypes(value: string): CardType[] {
  if (value === 'conjurations') return ['Conjuration', 'Conjured Alteration Spell']
  const label = TYPE_OPTIONS.find((option) => option.value === value)?.label
  return CARD_TYPES.filter((type) => type === label)
}

export type ChipSelection = { types: string[]; dice: string[]; releases: string[] }

/** What the chips show: the URL's choices and the typed terms' together. */
export function chipSelection(
  filters: CardFilters,
  releases: readonly ReleaseName[],
): ChipSelection {
  const query = readSearch(filters.q)
  if (!query) return { types: filters.types, dice: filters.dice, releases: filters.releases }
  const terms = selectedByTerms(query)
  const typed = TYPE_OPTIONS.map((option) => option.value).filter((value) => {
    const types = chipCardTypes(value)
    return types.length > 0 && types.every((type) => terms.types.includes(type))
  })
  const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])]
  return {
    types: union(filters.types, typed),
    dice: union(filters.dice, terms.dice),
    releases: union(filters.releases, selectedReleases(query, releases)),
  }
}

const withText = (filters: CardFilters, query: CardQuery): CardFilters => ({
  ...filters,
  q: renderCardQuery(query),
})

/** A click on a type chip (`value` as in `TYPE_OPTIONS`, or the Summons switch). */
export function clickTypeChip(filters: CardFilters, value: string): CardFilters {
  const query = readSearch(filters.q)
  const own = chipCardTypes(value)
  if (!query || own.length === 0 || selectedByTerms(query).types.length === 0) {
    return toggleType(filters, value)
  }
  // The URL's type chips join the text, so the click edits one list.
  let folded = query
  for (const other of filters.types) {
    const types = chipCardTypes(other)
    const chosen = selectedByTerms(folded).types
    if (types.length > 0 && !types.every((type) => chosen.includes(type))) {
      folded = toggleTypes(folded, types)
    }
  }
  const kept = filters.types.filter((other) => chipCardTypes(other).length === 0)
  return withText({ ...filters, types: kept }, toggleTypes(folded, own))
}

/** A click on a die: the text's `dice:` terms when it has any, else the URL's dice. */
export function clickDieChip(filters: CardFilters, die: DiceName): CardFilters {
  const query = readSearch(filters.q)
  const typed = query ? selectedByTerms(query).dice : []
  if (!query || typed.length === 0) return toggleDie(filters, die)
  if (filters.dice.includes(die)) {
    // Chosen by the URL (and perhaps a term too): the click takes the die away everywhere.
    const next = typed.includes(die) ? toggleDieTerm(query, die) : query
    return withText({ ...filters, dice: filters.dice.filter((value) => value !== die) }, next)
  }
  return withText(filters, toggleDieTerm(query, die))
}

/**
 * The Releases popup's choice (`stubs`, empty for everything) under All. When the text names
 * releases, the choice is written into the text and the URL's `r` joins it.
 */
export function applyReleaseChoice(
  filters: CardFilters,
  stubs: string[],
  releases: readonly ReleaseName[],
): CardFilters {
  const query = readSearch(filters.q)
  if (!query || selectedByTerms(query).releases.length === 0) return { ...filters, releases: stubs }
  // Unpicked first: a term naming several releases goes as a whole, and the picks still
  // wanted are then written back one by one.
  const chosen = (query: CardQuery, release: ReleaseName) =>
    selectedReleases(query, [release]).length > 0
  let next = query
  for (const release of releases) {
    if (!stubs.includes(release.stub) && chosen(next, release)) next = toggleRelease(next, release)
  }
  for (const release of releases) {
    if (stubs.includes(release.stub) && !chosen(next, release)) next = toggleRelease(next, release)
  }
  return withText({ ...filters, releases: [] }, next)
}
