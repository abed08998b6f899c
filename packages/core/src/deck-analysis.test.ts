import { describe, expect, it } from 'vitest'
import { hasRealData, loadRealData } from '../test/real-data.ts'
import {
  type AnalysisDeck,
  analyseDeck,
  COST_CURVE_LABELS,
  cardsByType,
  costCurve,
  diceAnalysis,
} from './deck-analysis.ts'
import { problemLines } from './deck-problem-text.ts'
import { DECK_SECTION_ORDER } from './deck-sections.ts'
import { type CostedCard, cardLookup } from './magic-costs.ts'

const costed = (stub: string, type: string, extra: Partial<CostedCard> = {}): CostedCard => ({
  stub,
  name: stub,
  type,
  ...extra,
})

const lookup = cardLookup([
  costed('free', 'Ready Spell'),
  costed('one-basic', 'Ally', { magicCost: { basic: 1 } }),
  costed('charm-two', 'Action Spell', {
    magicCost: { 'charm:class': 1, 'charm:power': 1 },
    effectMagicCost: { 'charm:class': 1 },
  }),
  costed('either', 'Reaction Spell', {
    magicCost: { 'charm:class / sympathy:class': 1, basic: 2 },
  }),
  costed('big', 'Alteration Spell', { magicCost: { 'time:class': 3, basic: 3 } }),
  // An X cost: not in magicCost, only its type in `dice`.
  costed('x-cost', 'Action Spell', { dice: ['charm'] }),
  costed('hero', 'Phoenixborn', { effectMagicCost: { 'astral:class': 1 }, dice: ['astral'] }),
])

const entry = (stub: string, count: number) => {
  const card = lookup(stub)
  return { stub, count, name: card?.name ?? stub, type: card?.type ?? 'Ally' }
}

const deck: AnalysisDeck = {
  phoenixborn: { name: 'Hero', stub: 'hero' },
  dice: [
    { name: 'charm', count: 6 },
    { name: 'time', count: 4 },
  ],
  cards: [
    entry('free', 3),
    entry('one-basic', 2),
    entry('charm-two', 3),
    entry('either', 1),
    entry('big', 2),
    entry('x-cost', 1),
    entry('mystery', 3),
  ],
  conjurations: [{ count: 5 }, { count: 2 }],
}

describe('cards by type', () => {
  it('counts copies per section in section order, and the conjuration pile', () => {
    expect(cardsByType(deck)).toEqual({
      sections: [
        { type: 'Ready Spell', title: 'Ready Spells', copies: 3 },
        { type: 'Ally', title: 'Allies', copies: 5 },
        { type: 'Alteration Spell', title: 'Alteration Spells', copies: 2 },
        { type: 'Action Spell', title: 'Action Spells', copies: 4 },
        { type: 'Reaction Spell', title: 'Reaction Spells', copies: 1 },
      ],
      cards: 15,
      conjurations: 7,
    })
  })

  it('has no conjuration pile without conjurations', () => {
    expect(cardsByType({ cards: [] })).toEqual({ sections: [], cards: 0, conjurations: 0 })
  })
})

describe('cost curve', () => {
  it('buckets copies by dice in the play cost, 5 and more together', () => {
    // free 0 (3) · one-basic 1 (2) · charm-two 2 (3) · either 1 + 2 = 3 (1) · big 6 (2) ·
    // x-cost 0 (1); mystery is unknown (3).
    expect(costCurve(deck.cards, lookup)).toEqual({
      columns: [
        { label: '0', copies: 4 },
        { label: '1', copies: 2 },
        { label: '2', copies: 3 },
        { label: '3', copies: 1 },
        { label: '4', copies: 0 },
        { label: '5+', copies: 2 },
      ],
      unknown: 3,
    })
  })
})

describe('dice', () => {
  it('counts the symbols each type is asked for beside the dice chosen', () => {
    const dice = diceAnalysis(deck, lookup)
    expect(dice.types).toEqual([
      {
        type: 'charm',
        dice: 6,
        play: { class: 3, power: 3 },
        effect: { class: 3, power: 0 },
        either: 1,
        needed: true,
        missing: false,
      },
      {
        type: 'sympathy',
        dice: 0,
        play: { class: 0, power: 0 },
        effect: { class: 0, power: 0 },
        either: 1,
        // One way to pay the either/or cost; charm dice pay it, so nothing is missing.
        needed: true,
        missing: false,
      },
      {
        type: 'time',
        dice: 4,
        play: { class: 6, power: 0 },
        effect: { class: 0, power: 0 },
        either: 0,
        needed: true,
        missing: false,
      },
      {
        type: 'astral',
        dice: 0,
        play: { class: 0, power: 0 },
        effect: { class: 1, power: 0 },
        either: 0,
        needed: true,
        missing: true,
      },
    ])
    // one-basic 2 + either 2 + big 6.
    expect(dice.basic).toBe(2 + 2 + 6)
  })

  it('lists dice chosen that nothing needs', () => {
    const unused = diceAnalysis({ ...deck, cards: [], phoenixborn: null }, lookup)
    expect(unused.types.map(({ type, needed, missing }) => [type, needed, missing])).toEqual([
      ['charm', false, false],
      ['time', false, false],
    ])
  })

  it('flags both sides of an either/or neither of whose types is chosen', () => {
    const noCharm = { ...deck, dice: [{ name: 'time', count: 10 }], cards: [entry('either', 1)] }
    const flagged = diceAnalysis(noCharm, lookup).types.filter((type) => type.missing)
    expect(flagged.map((type) => type.type)).toEqual(['charm', 'sympathy', 'astral'])
  })
})

describe('the whole analysis', () => {
  it('lists the same unmet needs as the problems', () => {
    const analysis = analyseDeck(deck, lookup)
    expect(problemLines(analysis.problems)).toEqual(['15 of 30 cards', 'hero needs astral dice'])
    expect(analysis.dice.types.filter((type) => type.missing).map((type) => type.type)).toEqual([
      'astral',
    ])
  })
})

describe.skipIf(!hasRealData)('the 2026 preconstructed decks', () => {
  const { lookup: cards, decks } = hasRealData
    ? loadRealData()
    : { lookup: () => undefined, decks: [] }
  const byTitle = (title: string) => {
    const found = decks.find((candidate) => candidate.title === title)
    if (!found) throw new Error(`no deck ${title}`)
    return found
  }

  it.each(decks.map((real) => [real.title, real] as const))('%s adds up', (_, real) => {
    const analysis = analyseDeck(real, cards)
    const order: readonly string[] = DECK_SECTION_ORDER
    const ranks = analysis.cardsByType.sections.map((section) => order.indexOf(section.type))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(analysis.cardsByType.sections.reduce((sum, s) => sum + s.copies, 0)).toBe(30)
    expect(analysis.costCurve.columns.map((column) => column.label)).toEqual([...COST_CURVE_LABELS])
    expect(analysis.costCurve.columns.reduce((sum, column) => sum + column.copies, 0)).toBe(30)
    expect(analysis.costCurve.unknown).toBe(0)
    // Every precon is legal and brings the dice its cards ask for.
    expect(problemLines(analysis.problems)).toEqual(['No problems found'])
    expect(analysis.dice.types.filter((type) => type.missing)).toEqual([])
  })

  it('reads The Spark of Invention (artifice, one of the 2026 types)', () => {
    const analysis = analyseDeck(byTitle('The Spark of Invention'), cards)
    expect(analysis.cardsByType.sections.map((section) => [section.title, section.copies])).toEqual(
      [
        ['Ready Spells', 12],
        ['Allies', 6],
        ['Alteration Spells', 3],
        ['Action Spells', 6],
        ['Reaction Spells', 3],
      ],
    )
    expect(analysis.costCurve.columns.map((column) => column.copies)).toEqual([9, 15, 6, 0, 0, 0])
    // Issa Brightmore's ability asks 1 artifice class on top of the cards' 6.
    expect(analysis.dice).toEqual({
      types: [
        {
          type: 'artifice',
          dice: 10,
          play: { class: 12, power: 6 },
          effect: { class: 7, power: 0 },
          either: 0,
          needed: true,
          missing: false,
        },
      ],
      basic: 12,
    })
  })

  it('reads The Bloodwoods Queen (an either/or cost)', () => {
    const analysis = analyseDeck(byTitle('The Bloodwoods Queen'), cards)
    expect(analysis.costCurve.columns.map((column) => column.copies)).toEqual([9, 15, 3, 3, 0, 0])
    expect(
      analysis.dice.types.map((type) => [type.type, type.dice, type.either, type.missing]),
    ).toEqual([
      ['ceremonial', 5, 0, false],
      ['charm', 5, 3, false],
      ['sympathy', 0, 3, false],
    ])
  })
})
