import { isConjurationType } from '@spellboard/core/cards'
import { DECK_RULES } from '@spellboard/core/limits'
import type { Builder, Transition } from './builder-slice.ts'
import { change } from './builder-transitions.ts'

/** Marking the First Five and the effects paid in round 1 (saved as `first_five`, `effect_costs`). */

export const FIRST_FIVE_MESSAGES = {
  full: 'The First Five holds five cards: unmark one first.',
  notInDeck: 'Only cards of the deck can be in the First Five.',
  conjuration: 'Conjurations cannot be in the First Five.',
  notPayable: 'Mark the card as one of the First Five before paying its effect.',
  noFirstFive: 'Mark the First Five before choosing the effects paid in round 1.',
} as const

/** Marks or unmarks a card of the deck as one of the First Five. */
export function setFirstFive(state: Builder, stub: string, marked: boolean): Transition {
  const { firstFive, cards } = state.deck
  if (firstFive.includes(stub) === marked) return state
  if (!marked) return change(state, { firstFive: firstFive.filter((other) => other !== stub) })
  const card = cards.find((entry) => entry.stub === stub)
  if (!card) return { refused: FIRST_FIVE_MESSAGES.notInDeck }
  if (isConjurationType(card.type)) return { refused: FIRST_FIVE_MESSAGES.conjuration }
  if (firstFive.length >= DECK_RULES.firstFive) return { refused: FIRST_FIVE_MESSAGES.full }
  return change(state, { firstFive: [...firstFive, stub] })
}

/** Marks whether the effect of a First Five card, or of the Phoenixborn, is paid in round 1. */
export function setEffectPaid(state: Builder, stub: string, paid: boolean): Transition {
  const { effectCosts, firstFive, phoenixborn } = state.deck
  if (effectCosts.includes(stub) === paid) return state
  if (!paid) return change(state, { effectCosts: effectCosts.filter((other) => other !== stub) })
  if (firstFive.length === 0) return { refused: FIRST_FIVE_MESSAGES.noFirstFive }
  if (!firstFive.includes(stub) && phoenixborn?.stub !== stub) {
    return { refused: FIRST_FIVE_MESSAGES.notPayable }
  }
  return change(state, { effectCosts: [...effectCosts, stub] })
}
