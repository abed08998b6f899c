import type { FirstFiveDeck } from '../src/first-five.ts'
import { type CardLookup, type CostedCard, cardLookup } from '../src/magic-costs.ts'

/**
 * Tests and benchmarks only: a harder deck than any in the data, 10 dice over 5 types and an
 * either/or cost in every card, the Phoenixborn's marked effect included.
 */
export const SPREAD_DECK: FirstFiveDeck = {
  dice: ['charm', 'time', 'sympathy', 'natural', 'illusion'].map((name) => ({ name, count: 2 })),
  first_five: ['a', 'b', 'c', 'd', 'e'],
  effect_costs: ['a', 'b', 'hero'],
  phoenixborn: { stub: 'hero' },
}

export const SPREAD_CARDS: CardLookup = cardLookup([
  card('a', { 'charm:power': 1, 'time:class / sympathy:class': 1 }, { 'natural:class': 1 }),
  card(
    'b',
    { 'sympathy:power / natural:power': 1, basic: 1 },
    { 'charm:class / illusion:class': 1 },
  ),
  card('c', { 'illusion:class': 1, 'charm:class / time:class': 1 }),
  card('d', { 'natural:class / illusion:power': 1, 'time:power': 1 }),
  card('e', { 'sympathy:class': 1, basic: 1 }),
  card('hero', {}, { 'time:class / sympathy:class': 1 }),
])

function card(stub: string, play: CostedCard['magicCost'], effect?: CostedCard['magicCost']) {
  return { stub, name: stub, type: 'Ally', magicCost: play, effectMagicCost: effect }
}
