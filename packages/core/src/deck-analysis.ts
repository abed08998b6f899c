import { MAGIC_TYPES, type MagicType } from './cards.ts'
import {
  checkDeck,
  type DeckDraft,
  type DeckProblem,
  deckMagicNeeds,
  unmetMagicNeeds,
} from './deck-rules.ts'
import { countCopies, deckSections } from './deck-sections.ts'
import { type CardLookup, type CostedCard, costTerms, playDiceCount } from './magic-costs.ts'

/**
 * The 'Deck analysis' of a deck page and the builder's Preview: cards by type, the cost curve,
 * the dice the cards need beside the dice chosen, and the deck's problems. Deck entries carry no
 * costs (API.md §5.4), so costs come through a `CardLookup` over the cards the page fetched.
 */

/** A deck as the pages hold it: a deck of the API (§5.4) and the builder's deck both fit. */
export type AnalysisDeck = DeckDraft & {
  cards: readonly { stub: string; name: string; type: string; count: number }[]
  /** The conjuration pile; each entry's count is the conjuration's copies. */
  conjurations?: readonly { count: number }[] | undefined
}

export type TypeCount = {
  type: string
  /** Plural heading: 'Ready Spells', 'Allies'... */
  title: string
  copies: number
}

export type CardsByType = {
  /** Copies per deck section, in the deck's section order (SPEC §3). */
  sections: TypeCount[]
  /** Copies of all the deck's cards (toward the 30). */
  cards: number
  /** Copies in the conjuration pile. */
  conjurations: number
}

export function cardsByType(deck: Pick<AnalysisDeck, 'cards' | 'conjurations'>): CardsByType {
  return {
    sections: deckSections(deck.cards).map(({ type, title, count }) => ({
      type,
      title,
      copies: count,
    })),
    cards: countCopies(deck.cards),
    conjurations: countCopies(deck.conjurations ?? []),
  }
}

/** The cost curve's columns: dice in the play cost, the last one gathering 5 and more. */
export const COST_CURVE_LABELS = ['0', '1', '2', '3', '4', '5+'] as const
export type CostCurveLabel = (typeof COST_CURVE_LABELS)[number]

export type CostCurve = {
  /** Always the six columns, in order. */
  columns: { label: CostCurveLabel; copies: number }[]
  /** Copies of cards the lookup does not know, so in no column. */
  unknown: number
}

/**
 * Copies of the deck's cards by dice in their play cost (`playDiceCount`: the sum of `magicCost`;
 * an either/or cost counts its count once, an `X` counts 0). The Phoenixborn and the conjuration
 * pile are not played from the hand, so they are not on the curve.
 */
export function costCurve(cards: AnalysisDeck['cards'], lookup: CardLookup): CostCurve {
  const columns = COST_CURVE_LABELS.map((label) => ({ label, copies: 0 }))
  let unknown = 0
  for (const entry of cards) {
    if (entry.count <= 0) continue
    const card = lookup(entry.stub)
    if (!card) {
      unknown += entry.count
      continue
    }
    const column = columns[Math.min(playDiceCount(card), columns.length - 1)]
    if (column) column.copies += entry.count
  }
  return { columns, unknown }
}

export type SymbolCounts = { class: number; power: number }

export type DiceNeed = {
  type: MagicType
  /** Dice of this type chosen. */
  dice: number
  /** Class and power symbols of this type in the cards' play costs (each copy counted). */
  play: SymbolCounts
  /** The same in their effect costs (`effectMagicCost`), the Phoenixborn's once. */
  effect: SymbolCounts
  /** Symbols of either/or costs this type is one of the ways to pay. */
  either: number
  /** Some card or the Phoenixborn needs dice of this type (alone, or as one alternative). */
  needed: boolean
  /** A need of this type is unmet: the deck's problems name it (`missing_magic`). */
  missing: boolean
}

export type DiceAnalysis = {
  /** Every magic type chosen or needed, in `MAGIC_TYPES` order. */
  types: DiceNeed[]
  /** Basic symbols (any face) in the play and effect costs. */
  basic: number
}

const noSymbols = (): SymbolCounts => ({ class: 0, power: 0 })

/** The symbols the deck's cards and its Phoenixborn need, type by type, beside the dice chosen. */
export function diceAnalysis(deck: AnalysisDeck, lookup: CardLookup): DiceAnalysis {
  const needs = new Map<MagicType, DiceNeed>()
  const need = (type: MagicType) => {
    let entry = needs.get(type)
    if (!entry) {
      const dice = countCopies(deck.dice.filter((die) => die.name === type && die.count > 0))
      entry = {
        type,
        dice,
        play: noSymbols(),
        effect: noSymbols(),
        either: 0,
        needed: false,
        missing: false,
      }
      needs.set(type, entry)
    }
    return entry
  }
  for (const die of deck.dice) {
    const type = MAGIC_TYPES.find((name) => name === die.name)
    if (type && die.count > 0) need(type)
  }
  let basic = 0
  const count = (card: CostedCard, copies: number) => {
    for (const [costs, part] of [
      [card.magicCost, 'play'],
      [card.effectMagicCost, 'effect'],
    ] as const) {
      for (const term of costTerms(costs)) {
        const symbols = term.count * copies
        for (const option of term.options) {
          if (option.face === 'basic') {
            if (term.options.length === 1) basic += symbols
          } else if (term.options.length === 1) need(option.magic)[part][option.face] += symbols
          else need(option.magic).either += symbols
        }
      }
    }
  }
  const phoenixborn = deck.phoenixborn?.stub ? lookup(deck.phoenixborn.stub) : undefined
  if (phoenixborn) count(phoenixborn, 1)
  for (const entry of deck.cards) {
    const card = entry.count > 0 ? lookup(entry.stub) : undefined
    if (card) count(card, entry.count)
  }
  // The same needs as the deck's problems, so a flag here always has its line there.
  for (const { types } of deckMagicNeeds(deck, lookup)) {
    for (const type of types) need(type).needed = true
  }
  for (const { types } of unmetMagicNeeds(deck, lookup)) {
    for (const type of types) need(type).missing = true
  }
  const order = (type: MagicType) => MAGIC_TYPES.indexOf(type)
  return { types: [...needs.values()].sort((a, b) => order(a.type) - order(b.type)), basic }
}

export type DeckAnalysis = {
  cardsByType: CardsByType
  costCurve: CostCurve
  dice: DiceAnalysis
  /** The deck's problems from the shared rules (`problemLines` words them). */
  problems: DeckProblem[]
}

/** The whole 'Deck analysis' section of a deck. */
export function analyseDeck(deck: AnalysisDeck, lookup: CardLookup): DeckAnalysis {
  return {
    cardsByType: cardsByType(deck),
    costCurve: costCurve(deck.cards, lookup),
    dice: diceAnalysis(deck, lookup),
    problems: checkDeck(deck, lookup),
  }
}
