import { describe, expect, it } from 'vitest'
import { card, FIVE, THIRTY } from '../test/draw-deck.ts'
import {
  binomial,
  DRAW_ODDS_ROUNDS,
  type DrawDeck,
  drawChance,
  drawOdds,
  drawOddsModel,
  drawSetup,
  type ExactChance,
  formatExactChance,
} from './draw-odds.ts'

const percents = (chances: readonly ExactChance[]) => chances.map(formatExactChance)
const rowOf = (deck: DrawDeck, stub: string) => {
  const row = drawOdds(deck).rows.find((entry) => entry.stub === stub)
  if (!row) throw new Error(`no row for ${stub}`)
  return row
}

describe('binomial', () => {
  it.each([
    [25, 5, 53_130n],
    [22, 5, 26_334n],
    [25, 10, 3_268_760n],
    [30, 15, 155_117_520n],
    [0, 0, 1n],
    [5, 0, 1n],
    [5, 6, 0n],
    [-1, 0, 0n],
    // Past 2^53: exact only in big integers.
    [90, 45, 103_827_421_287_553_411_369_671_120n],
  ])('C(%i, %i) = %s', (n, k, expected) => expect(binomial(n, k)).toBe(expected))
})

describe('the chance to have drawn a card, worked out by hand', () => {
  it.each<[string, number, number, number, [bigint, bigint], string]>([
    // The First Five's pile of 25.
    [
      '3 in the pile, round 2: 1 − C(22,5)/C(25,5)',
      25,
      3,
      5,
      [53_130n - 26_334n, 53_130n],
      '50.4%',
    ],
    [
      '3 in the pile, round 3: 1 − C(22,10)/C(25,10)',
      25,
      3,
      10,
      [3_268_760n - 646_646n, 3_268_760n],
      '80.2%',
    ],
    [
      '3 in the pile, round 4: 1 − C(22,15)/C(25,15)',
      25,
      3,
      15,
      [3_268_760n - 170_544n, 3_268_760n],
      '94.8%',
    ],
    // One copy: the share of the pile drawn.
    ['1 in the pile, round 2: 5/25', 25, 1, 5, [1n, 5n], '20.0%'],
    ['1 in the pile, round 4: 15/25', 25, 1, 15, [3n, 5n], '60.0%'],
    ['2 in the pile, round 2: 1 − (20·19)/(25·24)', 25, 2, 5, [220n, 600n], '36.7%'],
    // No First Five: the whole deck of 30, five more cards each round.
    [
      '3 in 30, round 2: 1 − C(27,10)/C(30,10)',
      30,
      3,
      10,
      [30_045_015n - 8_436_285n, 30_045_015n],
      '71.9%',
    ],
    ['1 in 30, round 3: 15/30', 30, 1, 15, [1n, 2n], '50.0%'],
    ['1 in 30, round 4: 20/30', 30, 1, 20, [2n, 3n], '66.7%'],
    ['2 in 30, round 2: 1 − (20·19)/(30·29)', 30, 2, 10, [490n, 870n], '56.3%'],
    ['the whole pile drawn', 25, 1, 25, [1n, 1n], '100.0%'],
    ['no copies', 25, 0, 15, [0n, 1n], '0.0%'],
  ])('%s', (_, pile, copies, drawn, [numerator, denominator], shown) => {
    const chance = drawChance(pile, copies, drawn)
    // Equal as fractions: cross-multiplied, so the hand-written ones need not be reduced.
    expect(chance.numerator * denominator).toBe(numerator * chance.denominator)
    expect(formatExactChance(chance)).toBe(shown)
  })
})

describe('formatExactChance', () => {
  it.each<[bigint, bigint, string]>([
    [26_796n, 53_130n, '50.4%'],
    [1n, 1n, '100.0%'],
    [0n, 1n, '0.0%'],
    // Exactly on the half: up, with no floating point in the way.
    [1n, 8n, '12.5%'],
    [1n, 16n, '6.3%'],
    [3n, 16n, '18.8%'],
    [1n, 2000n, '0.1%'],
    [1n, 2001n, '0.0%'],
    [1999n, 2000n, '100.0%'],
  ])('%s/%s → %s', (numerator, denominator, shown) =>
    expect(formatExactChance({ numerator, denominator })).toBe(shown),
  )
})

describe('drawOdds', () => {
  it('takes the First Five out of the pile and holds its cards at 100.0% from round 1', () => {
    const deck = { cards: THIRTY, first_five: FIVE }
    const odds = drawOdds(deck)
    expect(odds).toMatchObject({ opening: 'first-five', size: 30, pile: 25, drawn: [5, 10, 15] })
    expect(percents(rowOf(deck, 'card-a').chances)).toEqual(['100.0%', '100.0%', '100.0%'])
    // Not in the First Five: all 3 copies are in the pile of 25.
    expect(percents(rowOf(deck, 'card-f').chances)).toEqual(['50.4%', '80.2%', '94.8%'])
  })

  it('draws round 1 from the whole deck without a complete First Five', () => {
    const deck = { cards: THIRTY, first_five: FIVE.slice(0, 4) }
    const odds = drawOdds(deck)
    expect(odds).toMatchObject({ opening: 'random', size: 30, pile: 30, drawn: [10, 15, 20] })
    // 1 − C(27,n)/C(30,n) = 1 − n(n−1)(n−2)/(30·29·28)... for n = 10, 15, 20 (as 1 − the
    // chance all three copies stay among the 30 − n undrawn): 71.9%, 88.8%, 97.0%. The marked
    // cards get no head start.
    expect(percents(rowOf(deck, 'card-a').chances)).toEqual(['71.9%', '88.8%', '97.0%'])
    expect(rowOf(deck, 'card-a').inFirstFive).toBe(false)
  })

  it('has a row per card of the deck, in its list order, not the Phoenixborn or conjurations', () => {
    const deck = {
      cards: [
        card('Zealous Ally', 3),
        card('Aradel Summergaard', 1, 'Phoenixborn'),
        card('Blood Puppet', 2, 'Conjuration'),
        card('Frost Fang', 1, 'Conjured Alteration Spell'),
        card('Anchornaut', 3),
        card('Molten Gold', 2, 'Action Spell'),
        card('Empty', 0, 'Action Spell'),
      ],
      first_five: [],
    }
    expect(drawOdds(deck).rows.map((row) => [row.name, row.copies])).toEqual([
      ['Anchornaut', 3],
      ['Zealous Ally', 3],
      ['Molten Gold', 2],
    ])
    expect(drawSetup(deck).size).toBe(8)
  })

  it('counts a deck of another size over the cards it has, and reads 30 as the issue does', () => {
    // 27 cards behind a First Five: a pile of 22. 1 − C(19,5)/C(22,5) = 1 − 11628/26334.
    const short = { cards: THIRTY.slice(0, 9), first_five: FIVE }
    expect(drawOdds(short)).toMatchObject({ size: 27, pile: 22, drawn: [5, 10, 15] })
    expect(formatExactChance(rowOf(short, 'card-f').chances[0] as ExactChance)).toBe('55.8%')
    // A deck of 7 without a First Five: everything is drawn by round 2.
    const tiny = { cards: [card('Seven', 7)], first_five: [] }
    expect(drawOdds(tiny).drawn).toEqual([7, 7, 7])
    expect(percents(drawOdds(tiny).rows[0]?.chances ?? [])).toEqual(['100.0%', '100.0%', '100.0%'])
  })

  it('needs five marked cards of the deck for a First Five: unknown and repeated ones do not count', () => {
    const marks = [...FIVE.slice(0, 4), 'not-in-this-deck', FIVE[0] as string]
    expect(drawOdds({ cards: THIRTY, first_five: marks }).opening).toBe('random')
  })

  it('has no rows for a deck without cards', () => {
    expect(drawOdds({ cards: [], first_five: [] })).toMatchObject({ size: 0, rows: [] })
  })

  it('shows the rounds of its columns', () => expect(DRAW_ODDS_ROUNDS).toEqual([2, 3, 4]))
})

describe('drawOddsModel', () => {
  it('states the First Five model with the numbers of a 30-card deck', () => {
    const text = drawOddsModel(drawOdds({ cards: THIRTY, first_five: FIVE }))
    expect(text).toContain("Round 1's hand is the First Five; the other 25 cards")
    expect(text).toContain('By the start of rounds 2, 3 and 4 you have drawn 5, 10 and 15')
    expect(text).toContain('1 − C(25 − k, d) / C(25, d)')
    expect(text).toContain('A First Five card is in hand from round 1 (100.0%).')
    expect(text).not.toContain('This deck has')
  })

  it('states the model without a First Five, and the size of a deck that is not 30', () => {
    const text = drawOddsModel(drawOdds({ cards: THIRTY.slice(0, 9), first_five: [] }))
    expect(text).toContain("Without a complete First Five, round 1's hand is 5 cards drawn")
    expect(text).toContain('you have drawn 10, 15 and 20 cards')
    expect(text).toContain('1 − C(27 − k, n) / C(27, n)')
    expect(text).toContain('This deck has 27 cards, not 30: the odds are counted over the 27')
  })
})
