import { describe, expect, it } from 'vitest'
import { problemLines, problemText } from './deck-problem-text.ts'
import type { DeckProblem } from './deck-rules.ts'

describe('problem lines', () => {
  it.each<[DeckProblem, string]>([
    [{ kind: 'card_count', have: 27, need: 30 }, '27 of 30 cards'],
    [{ kind: 'card_count', have: 31, need: 30 }, '31 of 30 cards'],
    [{ kind: 'dice_count', have: 9, need: 10 }, '9 of 10 dice'],
    [{ kind: 'no_phoenixborn' }, 'No Phoenixborn chosen'],
    [
      { kind: 'too_many_copies', stub: 'fire', name: 'Fire', have: 4, max: 3 },
      '4 copies of Fire (3 at most)',
    ],
    [{ kind: 'too_many_uniques', have: 4, max: 3 }, '4 unique cards (3 at most)'],
    [
      {
        kind: 'ineligible_card',
        stub: 'fire-archer',
        name: 'Fire Archer',
        reason: 'other_phoenixborn',
        phoenixborn: 'Coal Roarkwin',
      },
      'Fire Archer is unique to Coal Roarkwin',
    ],
    [
      {
        kind: 'ineligible_card',
        stub: 'blue-jaguar',
        name: 'Blue Jaguar',
        reason: 'conjuration',
        phoenixborn: null,
      },
      'Blue Jaguar is a conjuration',
    ],
    [
      { kind: 'ineligible_card', stub: 'old', name: 'Old', reason: 'legacy', phoenixborn: null },
      'Old is a Legacy card',
    ],
    [
      {
        kind: 'ineligible_card',
        stub: 'coal',
        name: 'Coal',
        reason: 'phoenixborn',
        phoenixborn: null,
      },
      'Coal is a Phoenixborn',
    ],
    [
      { kind: 'missing_magic', stub: 'molten-gold', name: 'Molten Gold', types: ['ceremonial'] },
      'Molten Gold needs ceremonial dice',
    ],
    [
      {
        kind: 'missing_magic',
        stub: 'living-doll',
        name: 'Living Doll',
        types: ['charm', 'sympathy'],
      },
      'Living Doll needs charm or sympathy dice',
    ],
  ])('%j', (problem, line) => expect(problemText(problem)).toBe(line))

  it("reads 'No problems found' when there are none", () => {
    expect(problemLines([])).toEqual(['No problems found'])
  })

  it('gives one line per problem, in order', () => {
    expect(
      problemLines([
        { kind: 'dice_count', have: 9, need: 10 },
        { kind: 'card_count', have: 27, need: 30 },
      ]),
    ).toEqual(['9 of 10 dice', '27 of 30 cards'])
  })
})
