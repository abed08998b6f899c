import { isConjurationType, type MagicType } from './cards.ts'
import { countCopies } from './deck-sections.ts'
import { DECK_RULES } from './limits.ts'
import {
  type CardLookup,
  type CostedCard,
  isNeedMet,
  type MagicNeed,
  magicNeeds,
} from './magic-costs.ts'

/**
 * Deck-building rules shared by the builder (live counters, disabled buttons, its problem list),
 * the deck pages' 'Problems' and the API (publishing). Pure functions over plain shapes;
 * problems are returned, never thrown (`deck-problem-text.ts` words them).
 */

/** What the rules need to know about a card; wire cards and deck card entries both fit. */
export type RuleCard = {
  stub: string
  /** Shown in problems; the stub stands in without it. */
  name?: string | undefined
  type: string
  /** Name of the Phoenixborn the card is unique to. */
  phoenixborn?: string | null | undefined
  is_legacy?: boolean | null | undefined
}
export type DraftCard = RuleCard & { count: number }
export type DraftDie = { name: string; count: number }

export type DeckDraft = {
  /** With its stub, the Phoenixborn's own dice needs are checked too. */
  phoenixborn: { name: string; stub?: string | undefined } | null | undefined
  dice: readonly DraftDie[]
  cards: readonly DraftCard[]
}

/** Why a card cannot go into a deck's 30 (conjurations and the Phoenixborn live elsewhere). */
export type Ineligibility = 'legacy' | 'phoenixborn' | 'conjuration' | 'other_phoenixborn'

export type DeckProblem =
  | { kind: 'no_phoenixborn' }
  | { kind: 'dice_count'; have: number; need: number }
  | { kind: 'card_count'; have: number; need: number }
  | { kind: 'too_many_copies'; stub: string; name: string; have: number; max: number }
  | { kind: 'too_many_uniques'; have: number; max: number }
  | {
      kind: 'ineligible_card'
      stub: string
      name: string
      reason: Ineligibility
      /** The Phoenixborn the card is unique to, when it has one. */
      phoenixborn: string | null
    }
  /** The card (or the Phoenixborn) needs dice of one of `types`, and no chosen die is of them. */
  | { kind: 'missing_magic'; stub: string; name: string; types: readonly MagicType[] }

export type DeckProblemKind = DeckProblem['kind']

export function diceTotal(dice: readonly DraftDie[]): number {
  return countCopies(dice)
}

/** Cards toward the 30; conjurations are never listed among a deck's cards. */
export function cardTotal(cards: readonly { count: number }[]): number {
  return countCopies(cards)
}

export function isUnique(card: RuleCard): boolean {
  return Boolean(card.phoenixborn)
}

/** Copies of Phoenixborn-unique cards in the deck (each copy counts toward the limit of 3). */
export function uniqueCount(cards: readonly DraftCard[]): number {
  return countCopies(cards.filter(isUnique))
}

/** How many dice of `name` still fit: the ten slots minus every other type's dice. */
export function maxDiceFor(name: string, dice: readonly DraftDie[]): number {
  const others = countCopies(dice.filter((die) => die.name !== name))
  return Math.max(0, DECK_RULES.dice - others)
}

/**
 * The highest count the builder may offer for `card`: 3, or less for a unique card when the
 * deck's other uniques already use part of the allowance.
 */
export function maxCopiesFor(card: RuleCard, cards: readonly DraftCard[]): number {
  if (!isUnique(card)) return DECK_RULES.maxCopies
  const others = uniqueCount(cards.filter((entry) => entry.stub !== card.stub))
  return Math.max(0, Math.min(DECK_RULES.maxCopies, DECK_RULES.maxUniques - others))
}

export function cardIneligibility(
  card: RuleCard,
  phoenixbornName: string | null | undefined,
): Ineligibility | null {
  if (card.is_legacy) return 'legacy'
  if (card.type === 'Phoenixborn') return 'phoenixborn'
  if (isConjurationType(card.type)) return 'conjuration'
  if (card.phoenixborn && card.phoenixborn !== phoenixbornName) return 'other_phoenixborn'
  return null
}

/** Whether the card may be among a deck's 30 for a deck built around `phoenixbornName`. */
export function isCardEligible(
  card: RuleCard,
  phoenixbornName: string | null | undefined,
): boolean {
  return cardIneligibility(card, phoenixbornName) === null
}

/** Exactly 10 dice and exactly 30 cards, from totals (the server counts them in SQL). */
export function countProblems(totals: { dice: number; cards: number }): DeckProblem[] {
  const problems: DeckProblem[] = []
  if (totals.dice !== DECK_RULES.dice) {
    problems.push({ kind: 'dice_count', have: totals.dice, need: DECK_RULES.dice })
  }
  if (totals.cards !== DECK_RULES.cards) {
    problems.push({ kind: 'card_count', have: totals.cards, need: DECK_RULES.cards })
  }
  return problems
}

/** The problems that stop a deck from being published (SPEC §5): the rest are advice. */
const PUBLISH_BLOCKERS: ReadonlySet<DeckProblemKind> = new Set([
  'no_phoenixborn',
  'dice_count',
  'card_count',
])

export function blocksPublishing(problem: DeckProblem): boolean {
  return PUBLISH_BLOCKERS.has(problem.kind)
}

/** The problems of `checkDeck` that publishing refuses: a Phoenixborn, 10 dice and 30 cards. */
export function publishProblems(draft: DeckDraft): DeckProblem[] {
  return checkDeck(draft).filter(blocksPublishing)
}

/**
 * Whether Publish... (and Snapshot...) may be offered for the deck's contents. It reads the same
 * problems the builder lists, so a disabled Publish is always explained by the list.
 */
export function canPublish(draft: DeckDraft): boolean {
  return !checkDeck(draft).some(blocksPublishing)
}

const nameOf = (card: RuleCard) => card.name ?? card.stub

/**
 * Every rule of a legal deck, in a stable order the builder can render as a list: the
 * Phoenixborn, the counts, each card's copies and eligibility, the unique cards, then the magic
 * types each card (Phoenixborn first) needs and no chosen die has. That last rule reads costs
 * through `lookup`; without one, or for a card it does not know, it is not checked.
 */
export function checkDeck(draft: DeckDraft, lookup?: CardLookup): DeckProblem[] {
  const problems: DeckProblem[] = draft.phoenixborn ? [] : [{ kind: 'no_phoenixborn' }]
  problems.push(...countProblems({ dice: diceTotal(draft.dice), cards: cardTotal(draft.cards) }))
  const phoenixbornName = draft.phoenixborn?.name
  for (const card of draft.cards) {
    if (card.count > DECK_RULES.maxCopies) {
      problems.push({
        kind: 'too_many_copies',
        stub: card.stub,
        name: nameOf(card),
        have: card.count,
        max: DECK_RULES.maxCopies,
      })
    }
    const reason = cardIneligibility(card, phoenixbornName)
    if (reason) {
      problems.push({
        kind: 'ineligible_card',
        stub: card.stub,
        name: nameOf(card),
        reason,
        phoenixborn: card.phoenixborn ?? null,
      })
    }
  }
  const uniques = uniqueCount(draft.cards)
  if (uniques > DECK_RULES.maxUniques) {
    problems.push({ kind: 'too_many_uniques', have: uniques, max: DECK_RULES.maxUniques })
  }
  if (lookup) problems.push(...magicProblems(draft, lookup))
  return problems
}

function magicProblems(draft: DeckDraft, lookup: CardLookup): DeckProblem[] {
  return unmetMagicNeeds(draft, lookup).map(({ card, types }) => ({
    kind: 'missing_magic',
    stub: card.stub,
    name: card.name,
    types,
  }))
}

/**
 * Each magic need (see `magicNeeds`) of the Phoenixborn and the deck's cards, Phoenixborn first,
 * then cards in deck order. Cards the deck may not hold are left to their own problem; cards the
 * lookup does not know are skipped.
 */
export function deckMagicNeeds(
  draft: Pick<DeckDraft, 'phoenixborn' | 'cards'>,
  lookup: CardLookup,
): { card: CostedCard; types: MagicNeed }[] {
  const phoenixborn = draft.phoenixborn?.stub ? lookup(draft.phoenixborn.stub) : undefined
  const eligible = draft.cards.filter(
    (card) => card.count > 0 && !cardIneligibility(card, draft.phoenixborn?.name),
  )
  return [phoenixborn, ...eligible.map((card) => lookup(card.stub))]
    .filter((card): card is CostedCard => card !== undefined)
    .flatMap((card) => magicNeeds(card).map((types) => ({ card, types })))
}

/** The needs of `deckMagicNeeds` that no chosen die meets. */
export function unmetMagicNeeds(
  draft: DeckDraft,
  lookup: CardLookup,
): { card: CostedCard; types: MagicNeed }[] {
  const chosen = new Set(draft.dice.filter((die) => die.count > 0).map((die) => die.name))
  return deckMagicNeeds(draft, lookup).filter(({ types }) => !isNeedMet(types, chosen))
}

/**
 * Dice as a deck stores them: repeated names merged into their first position, and counts cut
 * so the running total never passes 10 (the die that crosses the line is cut down, the rest
 * dropped). Names are expected already normalised (lower-case magic types).
 */
export function normaliseDice(dice: readonly DraftDie[]): DraftDie[] {
  const merged = new Map<string, number>()
  let total = 0
  for (const die of dice) {
    const count = Math.min(Math.max(0, die.count), DECK_RULES.dice - total)
    if (count <= 0) continue
    total += count
    merged.set(die.name, (merged.get(die.name) ?? 0) + count)
  }
  return [...merged].map(([name, count]) => ({ name, count }))
}
