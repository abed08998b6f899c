import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { mersenne } from 'pure-rand/generator/mersenne'
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator'
import { type DrawDeck, drawSetup } from './draw-odds.ts'
import { DECK_RULES } from './limits.ts'

/**
 * The 'Sample hand': one shuffle of a deck, dealt round by round as the draw odds count it
 * (`draw-odds.ts`). Round 1's hand is the complete First Five, or the first five cards of the
 * shuffled deck; each round after draws the next five from the shuffled pile until it runs out.
 * A seed names the shuffle (`sample-seed.ts`), so an address shows the same cards everywhere.
 */

/**
 * MurmurHash3's 32-bit finalizer: a bijection that sends neighbouring numbers far apart. The
 * Mersenne Twister's own seeding is a simple recurrence, so seeds 1, 2, 3... give related
 * starting states: over seeds 1 to 20,000 a 30-card deck's position counts fail the chi-square
 * test of `sample-hand.test.ts`, and pass it once the seeds go through this first.
 */
function spread(seed: number): number {
  let hash = seed >>> 0
  hash = Math.imul(hash ^ (hash >>> 16), 0x85eb_ca6b)
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2_ae35)
  return (hash ^ (hash >>> 16)) >>> 0
}

/** The generator a seed names: a Mersenne Twister (MT19937) seeded with the spread seed. */
export function seededRandom(seed: number): RandomGenerator {
  return mersenne(spread(seed))
}

/**
 * The items in an order drawn by `seed`: Fisher–Yates over `seededRandom(seed)`, indices drawn
 * without modulo bias (pure-rand's `uniformInt`). Every order is equally likely over the seeds.
 */
export function shuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed)
  const order = [...items]
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniformInt(random, 0, i)
    const item = order[i] as T
    order[i] = order[j] as T
    order[j] = item
  }
  return order
}

export type SampleCard = { stub: string; name: string }
export type SampleRound = { round: number; cards: SampleCard[] }

export type SampleHand = {
  /** Round 1's hand: the complete First Five, or five cards drawn at random. */
  opening: 'first-five' | 'random'
  /** Round 1 up to the round asked for, never past `lastRound`. */
  rounds: SampleRound[]
  /** The round that empties the draw pile (0 for a deck without cards). */
  lastRound: number
  /** Cards still in the draw pile. */
  left: number
}

/** Rounds 1 to `rounds` of the shuffle `seed` of a deck. */
export function sampleHand(deck: DrawDeck, seed: number, rounds: number): SampleHand {
  const setup = drawSetup(deck)
  const hand = DECK_RULES.hand
  const names = new Map(setup.cards.map((card) => [card.stub, card.name]))
  const firstFive = setup.firstFive ?? []
  // Every copy once, in the deck list's order, less the copy of each First Five card in hand.
  const copies = setup.cards.flatMap((card) =>
    Array<string>(card.count - (firstFive.includes(card.stub) ? 1 : 0)).fill(card.stub),
  )
  const pile = shuffle(copies, seed)
  const opening = setup.firstFive ? [setup.firstFive] : []
  const dealt = Math.ceil(pile.length / hand)
  const lastRound = opening.length + dealt
  const shown = Math.min(Math.max(1, Math.floor(rounds)), lastRound)
  const hands = [
    ...opening,
    ...Array.from({ length: dealt }, (_, i) => pile.slice(i * hand, (i + 1) * hand)),
  ]
  const drawnFromPile = Math.min(pile.length, hand * (shown - opening.length))
  return {
    opening: setup.firstFive ? 'first-five' : 'random',
    rounds: hands.slice(0, shown).map((stubs, index) => ({
      round: index + 1,
      cards: stubs.map((stub) => ({ stub, name: names.get(stub) ?? stub })),
    })),
    lastRound,
    left: pile.length - drawnFromPile,
  }
}
