import { describe, expect, it } from 'vitest'
import {
  type CostedCard,
  cardLookup,
  costTerms,
  isNeedMet,
  magicNeeds,
  parseDiceKey,
  playDiceCount,
} from './magic-costs.ts'

const card = (extra: Partial<CostedCard> = {}): CostedCard => ({
  stub: 'a-card',
  name: 'A Card',
  type: 'Action Spell',
  ...extra,
})

describe('dice keys', () => {
  it.each([
    ['basic', [{ face: 'basic' }]],
    ['charm:class', [{ face: 'class', magic: 'charm' }]],
    ['astral:power', [{ face: 'power', magic: 'astral' }]],
    [
      'charm:class / sympathy:class',
      [
        { face: 'class', magic: 'charm' },
        { face: 'class', magic: 'sympathy' },
      ],
    ],
    ['divince:class', null],
    ['charm', null],
    ['charm:gold', null],
    ['charm:class / divince:class', null],
  ])('%s', (key, options) => expect(parseDiceKey(key)).toEqual(options))

  it('keeps positive whole counts of known keys only', () => {
    expect(costTerms({ basic: 1, 'time:power': 0, 'time:class': 1.5, 'divince:class': 2 })).toEqual(
      [{ options: [{ face: 'basic' }], count: 1 }],
    )
    expect(costTerms(undefined)).toEqual([])
  })
})

describe('dice in the play cost', () => {
  it.each<[string, CostedCard['magicCost'], number]>([
    ['no cost', undefined, 0],
    ['plain keys add up', { 'charm:class': 2, basic: 1 }, 3],
    ['an either/or counts once', { 'charm:class / sympathy:class': 1, basic: 1 }, 2],
    ['a typo still counts its dice', { 'divince:class': 2 }, 2],
  ])('%s', (_, magicCost, dice) => expect(playDiceCount({ magicCost })).toBe(dice))
})

describe('magic types a card needs', () => {
  it.each<[string, Partial<CostedCard>, string[][]]>([
    ['no dice at all', {}, []],
    ['basic only', { magicCost: { basic: 2 }, dice: ['basic'] }, []],
    [
      'play and effect costs, in type order',
      { magicCost: { 'time:class': 1 }, effectMagicCost: { 'charm:power': 1 } },
      [['charm'], ['time']],
    ],
    [
      // Living Doll: ceremonial plus charm or sympathy.
      'either/or needs one of its types',
      {
        magicCost: { 'ceremonial:class': 1, 'charm:class / sympathy:class': 1 },
        dice: ['ceremonial'],
        altDice: ['charm', 'sympathy'],
      },
      [['ceremonial'], ['charm', 'sympathy']],
    ],
    [
      // Seeds of Aggression lists both alternatives in `dice` too.
      'either/or types in `dice` are not needed alone',
      {
        magicCost: { 'charm:power / sympathy:power': 1 },
        dice: ['charm', 'sympathy'],
        altDice: ['charm', 'sympathy'],
      },
      [['charm', 'sympathy']],
    ],
    [
      // Aradel Summergaard: her ability's cost is in her text only.
      'a type named only in `dice`',
      { type: 'Phoenixborn', dice: ['natural'] },
      [['natural']],
    ],
    ['a basic side needs no type', { magicCost: { 'basic / charm:class': 1 } }, []],
    [
      'an either/or settled by a type needed alone',
      { magicCost: { 'charm:class': 1, 'charm:class / time:class': 1 } },
      [['charm']],
    ],
    [
      'unknown names are left out',
      { effectMagicCost: { 'divince:class': 2 }, dice: ['divine', 'nature'] },
      [['divine']],
    ],
  ])('%s', (_, extra, needs) => expect(magicNeeds(card(extra))).toEqual(needs))

  it('is met by any one alternative', () => {
    expect(isNeedMet(['charm', 'sympathy'], new Set(['sympathy']))).toBe(true)
    expect(isNeedMet(['charm'], new Set(['time']))).toBe(false)
  })
})

describe('card lookup', () => {
  it('finds cards by stub', () => {
    const lookup = cardLookup([card(), card({ stub: 'b', name: 'B' })])
    expect(lookup('b')?.name).toBe('B')
    expect(lookup('missing')).toBeUndefined()
  })
})
