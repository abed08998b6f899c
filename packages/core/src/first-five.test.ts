import { describe, expect, it } from 'vitest'
import { hasRealData, loadRealData } from '../test/real-data.ts'
import { costsOdds, formatChance } from './dice-odds.ts'
import {
  allFiveLine,
  cardOdds,
  type FirstFiveDeck,
  firstFiveOdds,
  firstFiveStubs,
  isFirstFiveCandidate,
  planOdds,
  roundPlan,
} from './first-five.ts'
import { type CostedCard, cardLookup } from './magic-costs.ts'

const costed = (stub: string, extra: Partial<CostedCard> = {}): CostedCard => ({
  stub,
  name: stub.toUpperCase(),
  type: 'Ally',
  ...extra,
})

// One charm die and one time die keep the hand computations small.
const lookup = cardLookup([
  costed('free'),
  costed('charm', { magicCost: { 'charm:class': 1 } }),
  costed('time', { magicCost: { 'time:class': 1 }, effectMagicCost: { 'time:power': 1 } }),
  costed('either', { magicCost: { 'charm:class / time:class': 1 } }),
  costed('hero', { type: 'Phoenixborn', effectMagicCost: { basic: 1 } }),
])
const deck: FirstFiveDeck = {
  dice: [
    { name: 'charm', count: 1 },
    { name: 'time', count: 1 },
  ],
  first_five: ['free', 'charm', 'time', 'either', 'unknown'],
  effect_costs: ['time', 'hero'],
  phoenixborn: { stub: 'hero' },
}

describe('First Five candidates', () => {
  it.each<[string, Pick<CostedCard, 'type' | 'chained'>, boolean]>([
    ['an ally', { type: 'Ally' }, true],
    ['a chained spell', { type: 'Ready Spell', chained: true }, false],
    ['an unchained spell', { type: 'Ready Spell', chained: false }, true],
    ['a conjuration', { type: 'Conjuration' }, false],
    ['a conjured alteration', { type: 'Conjured Alteration Spell' }, false],
    ['the Phoenixborn', { type: 'Phoenixborn' }, false],
  ])('%s → %s', (_, card, expected) => expect(isFirstFiveCandidate(card)).toBe(expected))

  it('keeps five different cards at most', () => {
    expect(firstFiveStubs({ first_five: ['a', 'b', 'a', 'c', 'd', 'e', 'f'] })).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ])
  })
})

describe('First Five odds', () => {
  const odds = firstFiveOdds(deck, lookup, ['charm', 'time'])

  it('gives each known card its chance', () => {
    expect(odds.cards.map((card) => [card.name, formatChance(card.chance)])).toEqual([
      ['FREE', '100.0%'],
      ['CHARM', '66.7%'],
      ['TIME', '66.7%'],
      // 1 - (2/6)^2
      ['EITHER', '88.9%'],
    ])
  })

  it('pays all five at once: the charm die for charm, the time die for time, none left', () => {
    // The either/or needs a third die: no roll pays, Meditate cannot help.
    expect(odds.all).toEqual({ chance: 0, meditate: null })
    expect(allFiveLine(odds.all)).toBe('All five on the first roll: 0.0%')
    expect(allFiveLine({ chance: 0.432 })).toBe('All five on the first roll: 43.2%')
  })

  it('adds the marked effects of the five and of the Phoenixborn', () => {
    expect(odds.allWithEffects).toEqual({ chance: 0, meditate: null })
    // Play 'time' and pay its effect: 2 time symbols from 1 time die.
    expect(planOdds(deck.dice, lookup, { play: ['time'], effects: ['time'] }).chance).toBe(0)
  })

  it('computes the ticked plan with the effects it can pay', () => {
    // charm + time played; time's effect (time:power) and the Phoenixborn's basic are marked.
    expect(roundPlan(deck, ['charm', 'time'])).toEqual({
      play: ['charm', 'time'],
      effects: ['time', 'hero'],
    })
    expect(odds.plan).toEqual({ chance: 0, meditate: null })
    const plan = firstFiveOdds(deck, lookup, ['charm']).plan
    // charm:class from the charm die, the Phoenixborn's basic from the time die: 4/6.
    expect(plan?.chance).toBeCloseTo(4 / 6, 12)
  })

  it('leaves out the effects of cards not ticked', () => {
    expect(roundPlan(deck, ['free']).effects).toEqual(['hero'])
    expect(roundPlan({ ...deck, phoenixborn: null }, ['free']).effects).toEqual([])
  })

  it('has no plan until one is ticked, and no effect line without marks', () => {
    const plain = firstFiveOdds({ ...deck, effect_costs: [] }, lookup)
    expect(plain.plan).toBeNull()
    expect(plain.allWithEffects).toBeNull()
  })

  it('gives an empty plan 100.0%', () => {
    expect(planOdds(deck.dice, lookup, { play: [] })).toEqual({ chance: 1, meditate: 0 })
    expect(firstFiveOdds({ ...deck, first_five: [] }, lookup).all.chance).toBe(1)
  })

  it('hints a single card from its play cost', () => {
    expect(cardOdds(deck.dice, { magicCost: { 'charm:power': 1 } }).chance).toBeCloseTo(1 / 6, 12)
  })
})

describe.skipIf(!hasRealData)('First Five odds of the 2026 preconstructed decks', () => {
  const { lookup: cards, decks } = hasRealData
    ? loadRealData()
    : { lookup: () => undefined, decks: [] }
  const odds = (title: string) => {
    const found = decks.find((candidate) => candidate.title === title)
    if (!found) throw new Error(`no deck ${title}`)
    return firstFiveOdds(found, cards)
  }
  const percent = (title: string) => {
    const result = odds(title)
    return {
      cards: Object.fromEntries(result.cards.map((card) => [card.name, formatChance(card.chance)])),
      all: formatChance(result.all.chance),
    }
  }

  it('The Scholar of Ruin: Crypt Guardian needs a ceremonial power face of 5 dice', () => {
    // 1 ceremonial:power of 5 ceremonial dice, 1 time:class of 5 time dice, 1 basic of the rest.
    const hand = (1 - (5 / 6) ** 5) * (1 - (1 / 3) ** 5)
    const result = odds('The Scholar of Ruin')
    expect(result.cards.find((card) => card.stub === 'crypt-guardian')?.chance).toBeCloseTo(
      hand,
      12,
    )
    expect(percent('The Scholar of Ruin').cards['Crypt Guardian']).toBe('59.6%')
  })

  it('The Ghost Guardian: Hollow takes a power face of either of its two types', () => {
    // Misses only when none of the 10 dice shows power.
    const result = odds('The Ghost Guardian')
    const hollow = result.cards.find((card) => card.stub === 'hollow')
    expect(hollow?.chance).toBeCloseTo(1 - (5 / 6) ** 10, 12)
    expect(hollow?.meditate).toBeCloseTo((5 / 6) ** 10, 12)
  })

  it('The Spark of Invention: ten artifice dice pay its opening', () => {
    expect(percent('The Spark of Invention')).toEqual({
      cards: {
        Reconfigure: '100.0%',
        'Summon Spark Drone': '100.0%',
        'Summon Thunder Hulk': '100.0%',
        Supercharge: '100.0%',
        'Systems Drafter': '100.0%',
      },
      // Two class-or-power faces of 10: 1 - (1/3)^10 - 10 (2/3) (1/3)^9.
      all: formatChance(1 - (1 / 3) ** 10 - 10 * (2 / 3) * (1 / 3) ** 9),
    })
  })

  it.each(decks.map((real) => [real.title, real] as const))(
    '%s: five cards, and all five no likelier than the hardest',
    (_, real) => {
      const result = firstFiveOdds(real, cards)
      expect(result.cards).toHaveLength(5)
      const hardest = Math.min(...result.cards.map((card) => card.chance))
      expect(result.all.chance).toBeLessThanOrEqual(hardest + 1e-12)
      const costs = result.cards.map((card) => cards(card.stub)?.magicCost)
      expect(result.all).toEqual(costsOdds(real.dice, costs))
    },
  )
})
