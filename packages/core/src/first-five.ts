import { isConjurationType } from './cards.ts'
import { costsOdds, type DicePool, formatChance, type PayOdds } from './dice-odds.ts'
import { DECK_RULES } from './limits.ts'
import type { CardLookup, CostedCard, MagicCostMap } from './magic-costs.ts'

/**
 * The First Five: up to five different cards of the deck a player opens with, and the dice odds
 * of paying for them on the first roll (the model is in `dice-odds.ts`). Stubs are those of
 * `first_five` and `effect_costs` (API.md §7.5); costs come through a `CardLookup`.
 */

/**
 * Whether a card may be marked as one of the First Five: not the Phoenixborn, not a conjuration
 * (they are never in the hand), not a chained card (API.md §6.7: not in the First Five).
 */
export function isFirstFiveCandidate(card: Pick<CostedCard, 'type' | 'chained'>): boolean {
  return card.type !== 'Phoenixborn' && !isConjurationType(card.type) && card.chained !== true
}

/** A deck as the First Five reads it: any deck of the API (§5.4 with `first_five`) fits. */
export type FirstFiveDeck = {
  dice: DicePool
  first_five: readonly string[]
  /** First Five cards, or the Phoenixborn, whose effect the player means to pay in round 1. */
  effect_costs?: readonly string[] | undefined
  phoenixborn?: { stub: string } | null | undefined
}

/** The cards of a round-1 plan: whose play costs, and whose effect costs, are paid. */
export type RoundPlan = { play: readonly string[]; effects?: readonly string[] | undefined }

export type CardOdds = PayOdds & { stub: string; name: string }

export type FirstFiveOdds = {
  /** Each First Five card the lookup knows, in the deck's order: one roll paying its play cost. */
  cards: CardOdds[]
  /** One roll paying the play costs of all of them at once ('All five on the first roll'). */
  all: PayOdds
  /** The same plus the effect costs marked in `effect_costs`; null when none is marked. */
  allWithEffects: PayOdds | null
  /** The plan the player ticked (see `roundPlan`), or null without one. */
  plan: PayOdds | null
}

const unique = (stubs: readonly string[]) => [...new Set(stubs)]

/** The deck's First Five, without repeats and never more than five. */
export function firstFiveStubs(deck: Pick<FirstFiveDeck, 'first_five'>): string[] {
  return unique(deck.first_five).slice(0, DECK_RULES.firstFive)
}

/** The chance one roll pays a card's play cost (also the builder list's hint). */
export function cardOdds(dice: DicePool, card: Pick<CostedCard, 'magicCost'>): PayOdds {
  return costsOdds(dice, [card.magicCost])
}

/**
 * The chance one roll pays a plan: the play costs of `play` and the effect costs of `effects`.
 * Cards the lookup does not know add no cost.
 */
export function planOdds(dice: DicePool, lookup: CardLookup, plan: RoundPlan): PayOdds {
  const costs: (MagicCostMap | null | undefined)[] = []
  for (const stub of unique(plan.play)) costs.push(lookup(stub)?.magicCost)
  for (const stub of unique(plan.effects ?? [])) costs.push(lookup(stub)?.effectMagicCost)
  return costsOdds(dice, costs)
}

/**
 * The plan for the cards a player ticks among the First Five: their play costs, and the effect
 * costs marked in `effect_costs` of those cards and of the Phoenixborn (whose ability needs no
 * card in hand). A marked card that is not ticked is not played, so its effect is not paid.
 */
export function roundPlan(deck: FirstFiveDeck, ticked: readonly string[]): RoundPlan {
  const play = unique(ticked)
  const payable = new Set([...play, ...(deck.phoenixborn ? [deck.phoenixborn.stub] : [])])
  return { play, effects: unique(deck.effect_costs ?? []).filter((stub) => payable.has(stub)) }
}

/**
 * Every First Five odds a deck page shows: each card, all five together (play costs, and with
 * the marked effects), and the plan of the `ticked` cards when given.
 */
export function firstFiveOdds(
  deck: FirstFiveDeck,
  lookup: CardLookup,
  ticked?: readonly string[],
): FirstFiveOdds {
  const stubs = firstFiveStubs(deck)
  const cards: CardOdds[] = []
  for (const stub of stubs) {
    const card = lookup(stub)
    if (card) cards.push({ stub, name: card.name, ...cardOdds(deck.dice, card) })
  }
  const everything = roundPlan(deck, stubs)
  const marked = (everything.effects ?? []).length > 0
  return {
    cards,
    all: planOdds(deck.dice, lookup, { play: stubs }),
    allWithEffects: marked ? planOdds(deck.dice, lookup, everything) : null,
    plan: ticked ? planOdds(deck.dice, lookup, roundPlan(deck, ticked)) : null,
  }
}

/** The line under the First Five: 'All five on the first roll: 43.2%'. */
export function allFiveLine(all: Pick<PayOdds, 'chance'>): string {
  return `All five on the first roll: ${formatChance(all.chance)}`
}
