import { isConjurationType } from './cards.ts'
import { countCopies } from './deck-sections.ts'
import { DECK_RULES } from './limits.ts'

/**
 * Deck-building rules shared by the builder (live counters, disabled buttons) and the API
 * (publishing). Pure functions over plain shapes; problems are returned, never thrown.
 */

/** What the rules need to know about a card; wire cards and deck card entries both fit. */
export type RuleCard = {
  stub: string
  type: string
  /** Name of the Phoenixborn the card is unique to. */
  phoenixborn?: string | null | undefined
  is_legacy?: boolean | null | undefined
}
export type DraftCard = RuleCard & { count: number }
export type DraftDie = { name: string; count: number }

export type DeckDraft = {
  phoenixborn: { name: string } | null | undefined
  dice: readonly DraftDie[]
  cards: readonly DraftCard[]
}

/** Why a card cannot go into a deck's 30 (conjurations and the Phoenixborn live elsewhere). */
export type Ineligibility = 'legacy' | 'phoenixborn' | 'conjuration' | 'other_phoenixborn'

export type DeckProblem =
  | { kind: 'no_phoenixborn' }
  | { kind: 'dice_count'; have: number; need: number }
  | { kind: 'card_count'; have: number; need: number }
  | { kind: 'too_many_copies'; stub: string; have: number; max: number }
  | { kind: 'too_many_uniques'; have: number; max: number }
  | { kind: 'ineligible_card'; stub: string; reason: Ineligibility }

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

/** The checks publishing needs: a Phoenixborn, exactly 10 dice and exactly 30 cards. */
export function publishProblems(draft: DeckDraft): DeckProblem[] {
  const problems: DeckProblem[] = draft.phoenixborn ? [] : [{ kind: 'no_phoenixborn' }]
  return [
    ...problems,
    ...countProblems({ dice: diceTotal(draft.dice), cards: cardTotal(draft.cards) }),
  ]
}

export function canPublish(draft: DeckDraft): boolean {
  return publishProblems(draft).length === 0
}

/** Every rule of a legal deck, in a stable order the builder can render as a list. */
export function checkDeck(draft: DeckDraft): DeckProblem[] {
  const problems = publishProblems(draft)
  const phoenixbornName = draft.phoenixborn?.name
  for (const card of draft.cards) {
    if (card.count > DECK_RULES.maxCopies) {
      problems.push({
        kind: 'too_many_copies',
        stub: card.stub,
        have: card.count,
        max: DECK_RULES.maxCopies,
      })
    }
    const reason = cardIneligibility(card, phoenixbornName)
    if (reason) problems.push({ kind: 'ineligible_card', stub: card.stub, reason })
  }
  const uniques = uniqueCount(draft.cards)
  if (uniques > DECK_RULES.maxUniques) {
    problems.push({ kind: 'too_many_uniques', have: uniques, max: DECK_RULES.maxUniques })
  }
  return problems
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
