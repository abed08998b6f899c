import { describe, expect, it } from 'vitest'
import { conjurationNamesIn, diceOfCosts, magicCostOf, parseCost, statOf } from './card-input.ts'

describe('parseCost', () => {
  it.each([
    ['[[main]] - 1 [[ceremonial:class]]', ['[[main]]', '1 [[ceremonial:class]]']],
    [
      '[[main]] - 1 [[charm:class]] / 1 [[sympathy:class]]',
      ['[[main]]', ['1 [[charm:class]]', '1 [[sympathy:class]]']],
    ],
    ['[[main]] or [[side]]', [['[[main]]', '[[side]]']]],
    [
      ['[[main]]', '1 [[charm:power]] or 1 [[time:power]]'],
      ['[[main]]', ['1 [[charm:power]]', '1 [[time:power]]']],
    ],
    [[['[[main]]', '[[side]]']], [['[[main]]', '[[side]]']]],
    ['', []],
    [null, []],
  ] as const)('%j', (input, expected) => {
    expect(parseCost(input as never)).toEqual(expected)
  })
})

describe('magicCostOf', () => {
  it('counts dice, folds either/or pairs and skips actions, discards and X', () => {
    expect(
      magicCostOf([
        '[[main]]',
        '1 [[ceremonial:power]]',
        '2 [[natural:class]]',
        '1 [[basic]]',
        '2 [[discard]]',
        'X [[basic]]',
        ['1 [[charm:class]]', '2 [[sympathy:class]]'],
      ]),
    ).toEqual({
      'ceremonial:power': 1,
      'natural:class': 2,
      basic: 1,
      'charm:class / sympathy:class': 2,
    })
  })
})

describe('diceOfCosts', () => {
  it('splits needed types from alternatives, in dice order', () => {
    expect(
      diceOfCosts(
        { 'time:power': 1, basic: 1, 'charm:class / sympathy:class': 1 },
        { 'ceremonial:class': 1 },
      ),
    ).toEqual({ dice: ['ceremonial', 'time', 'basic'], altDice: ['charm', 'sympathy'] })
  })
})

describe('conjurationNamesIn', () => {
  it.each([
    ['Place a [[Salamander Monk]] conjuration onto your battlefield.', ['Salamander Monk']],
    ['Place up to 2 [[Butterfly Monk]] conjurations.', ['Butterfly Monk']],
    ['Place a [[Frost Fang]] or [[Ice Golem]] conjuration.', ['Frost Fang', 'Ice Golem']],
    ['Attach a [[Spark]] conjured alteration spell.', ['Spark']],
    ['Deal 1 damage. [[main]] - [[exhaust]]', []],
    ['Search for a [[Hammer Knight]] card.', []],
    [undefined, []],
  ])('%j', (text, expected) => {
    expect(conjurationNamesIn(text)).toEqual(expected)
  })
})

describe('statOf', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    [4, 4],
    ['X', 'X'],
    ['+1', '+1'],
    ['-3', '-3'],
  ] as const)('%j → %j', (input, expected) => {
    expect(statOf(input)).toEqual(expected)
  })
})
