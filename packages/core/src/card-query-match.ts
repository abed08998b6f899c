import {
  type CardQuery,
  type CardTerm,
  type ReleaseName,
  releaseMatches,
  termGroups,
} from './card-query.ts'
import type { CostEntry } from './card-schemas.ts'
import { DICE_NAMES } from './cards.ts'

/**
 * What the terms of a search mean for one card. The caller runs the free text (PostgreSQL's
 * full-text search) and combines it with AND; here each term kind gets its pure test:
 *
 * - `type:` — the card's type is one the term names;
 * - `dice:` — as the `dice` filter with `dice_logic=includes` (the card's dice or either/or
 *   dice include the type); `dice:basic` as that filter with `basic` and `only` (a card that
 *   needs no magic type, conjurations aside). The API's dice filter already does both;
 * - `release:` — `releaseMatches` on the card's release;
 * - `text:` — the phrase appears in the card's text, ignoring case, markup brackets,
 *   apostrophes and line breaks (`textTermMatches`);
 * - `cost` — compares the dice in the play cost (`playCostDice`).
 */

/** AND over the groups, OR within one, each term's result flipped when it is negated. */
export function matchesCardQuery(
  query: CardQuery,
  matchTerm: (term: CardTerm) => boolean,
): boolean {
  return termGroups(query).every((group) => group.some((term) => matchTerm(term) !== term.negated))
}

export function typeTermMatches(term: Extract<CardTerm, { key: 'type' }>, type: string): boolean {
  return (term.types as readonly string[]).includes(type)
}

export function releaseTermMatches(
  term: Extract<CardTerm, { key: 'release' }>,
  release: ReleaseName,
): boolean {
  return releaseMatches(term.value, release)
}

const DICE = new Set<string>(DICE_NAMES)
/** `N [[die]]`, `N [[die:class]]`, `N [[die:power]]` at the start of a cost entry. */
const DICE_COST = /^\s*(\d+)\s*\[\[\s*([a-z]+)\s*(?::\s*(?:class|power)\s*)?\]\]/i

function entryDice(entry: string): number | null {
  const match = DICE_COST.exec(entry)
  return match && DICE.has((match[2] ?? '').toLowerCase()) ? Number(match[1]) : null
}

/** A pair of dice costs needs its larger side; a pair with a way to pay without dice, none. */
function pairDice(first: string, second: string): number {
  const [a, b] = [entryDice(first), entryDice(second)]
  return a === null || b === null ? 0 : Math.max(a, b)
}

/**
 * Dice in a play cost, as `magicCost` counts them: each `N [[type]]` entry counts N (basic
 * included), an either/or pair of dice its larger side, `X` and a pair that a main or side
 * action can pay nothing. A card without a cost needs 0 dice.
 */
export function playCostDice(cost: readonly CostEntry[] | undefined): number {
  return (cost ?? []).reduce(
    (sum, entry) =>
      sum + (typeof entry === 'string' ? (entryDice(entry) ?? 0) : pairDice(entry[0], entry[1])),
    0,
  )
}

export function costTermMatches(term: Extract<CardTerm, { key: 'cost' }>, dice: number): boolean {
  switch (term.operator) {
    case '=':
      return dice === term.value
    case '<':
      return dice < term.value
    case '<=':
      return dice <= term.value
    case '>':
      return dice > term.value
    case '>=':
      return dice >= term.value
  }
}

/**
 * Card text as the `text:` term reads it: lower case, `[[`/`]]` and apostrophes gone (as in
 * the search text of §6.10: "Summon's" reads "summons"), every run of whitespace one space.
 * Worth keeping per card: the listing compares it for every card.
 */
export function plainCardText(text: string | null | undefined): string {
  return (text ?? '')
    .toLowerCase()
    .replace(/\[\[|\]\]|['\u2019]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** `plainText` is the card's `plainCardText`. */
export function textTermMatches(
  term: Extract<CardTerm, { key: 'text' }>,
  plainText: string,
): boolean {
  return plainText.includes(plainCardText(term.value))
}

/** What the terms other than `dice:` read of a card. */
export type CardTermFacts = {
  type: string
  release: ReleaseName
  /** `plainCardText` of the card's text. */
  plainText: string
  /** `playCostDice` of the card's cost. */
  costDice: number
}

/**
 * One term on one card. `dice:` needs what only the caller knows (the API's dice flags), so the
 * caller answers it.
 */
export function termMatches(
  term: CardTerm,
  card: CardTermFacts,
  dice: (term: Extract<CardTerm, { key: 'dice' }>) => boolean,
): boolean {
  switch (term.key) {
    case 'type':
      return typeTermMatches(term, card.type)
    case 'dice':
      return dice(term)
    case 'release':
      return releaseTermMatches(term, card.release)
    case 'text':
      return textTermMatches(term, card.plainText)
    case 'cost':
      return costTermMatches(term, card.costDice)
  }
}
