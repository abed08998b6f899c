import {
  type CardQuery,
  type CardQueryPart,
  type CardTerm,
  cardTypesByPrefix,
  compactTypeName,
  freeText,
  hasTerms,
  type ReleaseName,
  releaseMatches,
} from './card-query.ts'
import type { CardType, DiceName } from './cards.ts'

/**
 * Writing a parsed search back as text, and the filter chips' side of it: which chips the
 * terms light, and the query a click on a chip makes. Chips and the search box then share one
 * state, the text (the URL holds it).
 */

const QUOTE_WORTHY = /\s/

/** A value as typed back: quoted when it holds spaces. Values never hold a quote (it ends them). */
function valueText(value: string): string {
  const clean = value.replaceAll('"', '')
  return QUOTE_WORTHY.test(clean) || clean === '' ? `"${clean}"` : clean
}

/** One term in canonical form: the long key, `cost` with its operator (`cost=2`). */
export function renderTerm(term: CardTerm): string {
  const sign = term.negated ? '-' : ''
  if (term.key === 'cost') return `${sign}cost${term.operator}${term.value}`
  return `${sign}${term.key}:${valueText(term.value)}`
}

const hasOpenQuote = (text: string) => (text.match(/"/g)?.length ?? 0) % 2 === 1

/**
 * The query as text, in the order typed, so the search box and the URL follow the chips.
 * Free text comes back as typed (a query without terms, byte for byte); terms come back in
 * canonical form (`t:ally` is written `type:ally`), so `parseCardQuery(renderCardQuery(x))`
 * reads the same query again.
 */
export function renderCardQuery(query: CardQuery): string {
  if (!hasTerms(query)) return freeText(query)
  const parts = query.parts.filter((part) => part.kind === 'terms' || part.text.trim() !== '')
  return parts
    .map((part, index) => {
      if (part.kind === 'terms') return part.anyOf.map(renderTerm).join(' or ')
      const after = parts[index + 1]
      // A lone `or` between two groups would join them; quoted it stays a free-text word.
      const between = parts[index - 1]?.kind === 'terms' && after?.kind === 'terms'
      if (between && /^\s*or\s*$/i.test(part.text)) {
        return `"${part.text.trim()}"`
      }
      // An open quote would swallow the terms after it; closed, it searches the same phrase.
      // Spaces inside an open quote belong to its phrase; others are just typing.
      const text = part.text.trimStart()
      if (!hasOpenQuote(text)) return text.trimEnd()
      return after ? `${text}"` : text
    })
    .join(' ')
}

/** The filters the terms choose, as the chips show them. */
export type TermSelection = {
  types: CardType[]
  dice: DiceName[]
  /** `release:` values as typed; `selectedReleases` matches them with real releases. */
  releases: string[]
}

type ChipKey = 'type' | 'dice' | 'release'
type ChipTerm = Extract<CardTerm, { key: ChipKey }>

/**
 * A group a chip row mirrors: positive terms of one key, any of which may match, as the
 * filters combine their own values. Negated terms and mixed groups light no chip.
 */
function chipGroup<K extends ChipKey>(
  part: CardQueryPart,
  key: K,
): readonly Extract<CardTerm, { key: K }>[] | null {
  if (part.kind !== 'terms') return null
  const own = part.anyOf.every((term) => term.key === key && !term.negated)
  return own ? (part.anyOf as readonly Extract<CardTerm, { key: K }>[]) : null
}

function chipTerms<K extends ChipKey>(query: CardQuery, key: K): Extract<CardTerm, { key: K }>[] {
  return query.parts.flatMap((part) => chipGroup(part, key) ?? [])
}

const unique = <T>(values: T[]) => [...new Set(values)]

export function selectedByTerms(query: CardQuery): TermSelection {
  return {
    types: unique(chipTerms(query, 'type').flatMap((term) => [...term.types])),
    dice: unique(chipTerms(query, 'dice').map((term) => term.value)),
    releases: unique(chipTerms(query, 'release').map((term) => term.value)),
  }
}

/** Stubs of the releases the terms choose. */
export function selectedReleases(query: CardQuery, releases: readonly ReleaseName[]): string[] {
  const values = chipTerms(query, 'release').map((term) => term.value)
  return releases
    .filter((release) => values.some((value) => releaseMatches(value, release)))
    .map((release) => release.stub)
}

/**
 * `type:` terms for exactly these types: one term when a shared prefix names just them
 * (`type:conj` for both conjurations), else one term per type.
 */
export function typeTerms(types: readonly CardType[]): CardTerm[] {
  const names = types.map(compactTypeName)
  let prefix = names[0] ?? ''
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1)
  const named = cardTypesByPrefix(prefix)
  if (
    names.length > 0 &&
    named.length === new Set(types).size &&
    types.every((type) => named.includes(type))
  ) {
    return [{ key: 'type', negated: false, value: prefix, types: named }]
  }
  return types.map((type) => ({
    key: 'type',
    negated: false,
    value: compactTypeName(type),
    types: [type],
  }))
}

/** Each chip group rewritten by `edit`; a group left empty goes, free text stays as it was. */
function editChipGroups(
  query: CardQuery,
  key: ChipKey,
  edit: (term: ChipTerm) => CardTerm[],
): CardQuery {
  const parts: CardQueryPart[] = []
  for (const part of query.parts) {
    const group = chipGroup(part, key)
    if (!group) parts.push(part)
    else {
      const anyOf = group.flatMap(edit)
      if (anyOf.length > 0) parts.push({ kind: 'terms', anyOf })
    }
  }
  return { parts }
}

/** Adds terms as alternatives to the first chip group of their key, or as a new group at the end. */
function addToChipGroup(query: CardQuery, key: ChipKey, terms: CardTerm[]): CardQuery {
  const index = query.parts.findIndex((part) => chipGroup(part, key))
  const parts = [...query.parts]
  const group = parts[index]
  if (group?.kind === 'terms') parts[index] = { kind: 'terms', anyOf: [...group.anyOf, ...terms] }
  else parts.push({ kind: 'terms', anyOf: terms })
  return { parts }
}

/**
 * A click on a type chip standing for `types` (one type, or both conjuration types): when the
 * terms choose all of them, they stop choosing any (`type:a` becomes the other `a…` types);
 * otherwise the missing ones are added.
 */
export function toggleTypes(query: CardQuery, types: readonly CardType[]): CardQuery {
  const selected = selectedByTerms(query).types
  if (types.every((type) => selected.includes(type))) {
    return editChipGroups(query, 'type', (term) => {
      if (term.key !== 'type' || !term.types.some((type) => types.includes(type))) return [term]
      return typeTerms(term.types.filter((type) => !types.includes(type)))
    })
  }
  return addToChipGroup(query, 'type', typeTerms(types.filter((type) => !selected.includes(type))))
}

export function toggleDie(query: CardQuery, die: DiceName): CardQuery {
  if (selectedByTerms(query).dice.includes(die)) {
    return editChipGroups(query, 'dice', (term) => (term.value === die ? [] : [term]))
  }
  return addToChipGroup(query, 'dice', [{ key: 'dice', negated: false, value: die }])
}

/** A click on a release chip; a term naming several releases (`r:the`) goes as a whole. */
export function toggleRelease(query: CardQuery, release: ReleaseName): CardQuery {
  if (selectedReleases(query, [release]).length > 0) {
    return editChipGroups(query, 'release', (term) =>
      releaseMatches(term.value, release) ? [] : [term],
    )
  }
  return addToChipGroup(query, 'release', [{ key: 'release', negated: false, value: release.stub }])
}
