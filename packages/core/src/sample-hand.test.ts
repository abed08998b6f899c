import fc from 'fast-check'
import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { mersenne } from 'pure-rand/generator/mersenne'
import { describe, expect, it } from 'vitest'
import { card, FIVE, THIRTY } from '../test/draw-deck.ts'
import { sampleHand, seededRandom, shuffle } from './sample-hand.ts'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

/**
 * Pearson's chi-square of how often each of n items lands in each of n positions over `seeds`,
 * against the uniform n × n table (S/n in every cell), with (n − 1)² degrees of freedom.
 */
function positionChiSquare(
  order: (items: number[], seed: number) => number[],
  n: number,
  seeds: number,
) {
  const counts = range(n).map(() => new Array<number>(n).fill(0))
  for (let seed = 1; seed <= seeds; seed++) {
    order(range(n), seed).forEach((item, position) => {
      const row = counts[item] as number[]
      row[position] = (row[position] as number) + 1
    })
  }
  const expected = seeds / n
  const statistic = counts.flat().reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0)
  return { statistic, freedom: (n - 1) ** 2 }
}

/** The chi-square quantile for a normal quantile z (Wilson–Hilferty; close for many degrees). */
function chiSquareQuantile(freedom: number, z: number): number {
  const spread = 2 / (9 * freedom)
  return freedom * (1 - spread + z * Math.sqrt(spread)) ** 3
}

/** Neither too uneven nor too even: inside the central 99.9% of the chi-square distribution. */
function isUniform({ statistic, freedom }: { statistic: number; freedom: number }): boolean {
  return (
    statistic > chiSquareQuantile(freedom, -3.29) && statistic < chiSquareQuantile(freedom, 3.29)
  )
}

describe('shuffle', () => {
  it('puts every card of a 25-card pile in every position equally often over 20,000 seeds', () => {
    const result = positionChiSquare(shuffle, 25, 20_000)
    expect(result.freedom).toBe(576)
    expect(isUniform(result)).toBe(true)
  })

  it('does so for a deck of 30, and for 6 cards over more seeds', () => {
    expect(isUniform(positionChiSquare(shuffle, 30, 20_000))).toBe(true)
    expect(isUniform(positionChiSquare(shuffle, 6, 60_000))).toBe(true)
  })

  it('tells a biased shuffle, a too regular one and badly seeded one apart from a fair one', () => {
    // The classic mistake: swapping each place with any place, not one not yet shuffled.
    const naive = (items: number[], seed: number) => {
      const random = seededRandom(seed)
      const order = [...items]
      for (let i = 0; i < order.length; i++) {
        const j = uniformInt(random, 0, order.length - 1)
        ;[order[i], order[j]] = [order[j] as number, order[i] as number]
      }
      return order
    }
    expect(isUniform(positionChiSquare(naive, 6, 60_000))).toBe(false)
    // Rotating by the seed fills every position exactly evenly: too good to be a shuffle.
    const rotate = (items: number[], seed: number) =>
      items.map((_, i) => items[(i + seed) % items.length] as number)
    expect(isUniform(positionChiSquare(rotate, 6, 60_000))).toBe(false)
    // The Twister seeded with the bare seed: neighbouring seeds start it in related states.
    const bareSeed = (items: number[], seed: number) => {
      const random = mersenne(seed)
      const order = [...items]
      for (let i = order.length - 1; i > 0; i--) {
        const j = uniformInt(random, 0, i)
        ;[order[i], order[j]] = [order[j] as number, order[i] as number]
      }
      return order
    }
    expect(isUniform(positionChiSquare(bareSeed, 30, 20_000))).toBe(false)
  })

  it('gives the same order for the same seed, and keeps every item', () => {
    const items = range(30)
    expect(shuffle(items, 12_345)).toEqual(shuffle(items, 12_345))
    expect(shuffle(items, 12_345)).not.toEqual(shuffle(items, 12_346))
    expect([...shuffle(items, 7)].sort((a, b) => a - b)).toEqual(items)
    expect(items).toEqual(range(30))
  })
})

describe('sampleHand', () => {
  const count = (stubs: string[]) =>
    stubs.reduce((counts, stub) => counts.set(stub, (counts.get(stub) ?? 0) + 1), new Map())

  it('opens with the First Five and deals the other 25 in five rounds of five', () => {
    const deck = { cards: THIRTY, first_five: FIVE }
    const sample = sampleHand(deck, 42, 99)
    expect(sample.opening).toBe('first-five')
    expect(sample.lastRound).toBe(6)
    expect(sample.left).toBe(0)
    expect(sample.rounds.map((round) => round.round)).toEqual([1, 2, 3, 4, 5, 6])
    expect(sample.rounds[0]?.cards.map((entry) => entry.stub)).toEqual(FIVE)
    expect(sample.rounds.map((round) => round.cards.length)).toEqual([5, 5, 5, 5, 5, 5])
    // Every copy of the deck exactly once across the rounds.
    const all = count(sample.rounds.flatMap((round) => round.cards.map((entry) => entry.stub)))
    expect(Object.fromEntries(all)).toEqual(
      Object.fromEntries(THIRTY.map((entry) => [entry.stub, 3])),
    )
  })

  it('draws round 1 from the shuffled deck without a complete First Five', () => {
    const sample = sampleHand({ cards: THIRTY, first_five: FIVE.slice(0, 2) }, 42, 1)
    expect(sample).toMatchObject({ opening: 'random', lastRound: 6, left: 25 })
    expect(sample.rounds).toHaveLength(1)
    expect(sample.rounds[0]?.cards).toHaveLength(5)
  })

  it('shows the same cards for the same seed, whatever the order of the deck list', () => {
    const deck = { cards: THIRTY, first_five: [] }
    const reversed = { cards: [...THIRTY].reverse(), first_five: [] }
    expect(sampleHand(reversed, 9, 3)).toEqual(sampleHand(deck, 9, 3))
    // Round 3 of a sample is round 3 of the same shuffle drawn further.
    expect(sampleHand(deck, 9, 6).rounds.slice(0, 3)).toEqual(sampleHand(deck, 9, 3).rounds)
    expect(sampleHand(deck, 10, 1)).not.toEqual(sampleHand(deck, 9, 1))
  })

  it('ends a pile that does not divide by five with a short round', () => {
    const sample = sampleHand({ cards: THIRTY.slice(0, 9), first_five: FIVE }, 3, 9)
    // 27 cards: the First Five, then 22 in rounds of 5, 5, 5, 5 and 2.
    expect(sample.lastRound).toBe(6)
    expect(sample.rounds.map((round) => round.cards.length)).toEqual([5, 5, 5, 5, 5, 2])
  })

  it('has no rounds for a deck without cards', () => {
    expect(sampleHand({ cards: [], first_five: [] }, 1, 1)).toEqual({
      opening: 'random',
      rounds: [],
      lastRound: 0,
      left: 0,
    })
  })

  it('never shows more copies of a card than the deck holds, nor the Phoenixborn or conjurations', () => {
    const deckArbitrary = fc
      .uniqueArray(fc.constantFrom(...THIRTY), {
        minLength: 1,
        maxLength: 10,
        selector: (c) => c.stub,
      })
      .chain((cards) =>
        fc.record({
          cards: fc
            .tuple(...cards.map(() => fc.integer({ min: 1, max: 3 })))
            .map((counts) => [
              ...cards.map((entry, i) => ({ ...entry, count: counts[i] as number })),
              card('Aradel Summergaard', 1, 'Phoenixborn'),
              card('Blood Puppet', 2, 'Conjuration'),
            ]),
          first_five: fc.subarray(cards.map((entry) => entry.stub)),
        }),
      )
    fc.assert(
      fc.property(
        deckArbitrary,
        fc.nat(0xffff_ffff),
        fc.integer({ min: 1, max: 8 }),
        (deck, seed, rounds) => {
          const sample = sampleHand(deck, seed, rounds)
          const drawn = count(
            sample.rounds.flatMap((round) => round.cards.map((entry) => entry.stub)),
          )
          for (const [stub, copies] of drawn) {
            const held = deck.cards.find((entry) => entry.stub === stub)
            expect(held?.type).toBe('Ally')
            expect(copies).toBeLessThanOrEqual(held?.count ?? 0)
          }
          const size = deck.cards
            .filter((entry) => entry.type === 'Ally')
            .reduce((n, c) => n + c.count, 0)
          const shown = [...drawn.values()].reduce((n, c) => n + c, 0)
          expect(shown + sample.left).toBe(size)
          expect(sample.rounds.length).toBe(Math.min(rounds, sample.lastRound))
        },
      ),
    )
  })
})
