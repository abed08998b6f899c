import type { DiceLogic, DiceName } from '@spellboard/core/cards'
import { DICE_FLAGS } from '@spellboard/core/cards'
import { describe, expect, it } from 'vitest'
import { type DiceFiltered, diceFilter } from './dice-filter.ts'

const flags = (...names: DiceName[]) => names.reduce((sum, name) => sum | DICE_FLAGS[name], 0)
const card = (dice: DiceName[], alt: DiceName[] = [], cardType = 'Action Spell'): DiceFiltered => ({
  diceFlags: flags(...dice),
  altDiceFlags: flags(...alt),
  cardType,
})

const noDice = card([])
const noDiceConjuration = card([], [], 'Conjuration')
const charm = card(['charm'])
const charmTime = card(['charm', 'time'])
const charmOrSympathy = card([], ['charm', 'sympathy'])
const natureAndCharmOrSympathy = card(['natural'], ['charm', 'sympathy'])

function matches(selected: DiceName[], logic: DiceLogic, subject: DiceFiltered): boolean {
  const filter = diceFilter(selected, logic)
  if (!filter) throw new Error('expected a filter')
  return filter(subject)
}

describe('dice filter (API.md §7.3.1 step 8)', () => {
  it.each<[string, DiceName[], DiceFiltered, boolean]>([
    ['(a) basic finds cards without dice', ['basic'], noDice, true],
    ['(a) but never conjurations', ['basic'], noDiceConjuration, false],
    ['(a) basic alone finds no coloured card', ['basic'], charm, false],
    ['(b) flags equal to the selection', ['charm'], charm, true],
    ['(b) flags a subset of the selection', ['charm', 'time', 'natural'], charmTime, true],
    ['(b) flags beyond the selection', ['charm'], charmTime, false],
    ['(b) alternatives must share a selected type', ['natural'], natureAndCharmOrSympathy, false],
    [
      '(b) alternatives sharing a selected type',
      ['natural', 'sympathy'],
      natureAndCharmOrSympathy,
      true,
    ],
    ['(c) only alternatives, one selected', ['sympathy'], charmOrSympathy, true],
    ['(c) only alternatives, none selected', ['time'], charmOrSympathy, false],
    ['coloured selection skips dice-less cards', ['charm'], noDice, false],
    ['basic plus a colour keeps both kinds', ['basic', 'charm'], noDice, true],
    ['basic plus a colour, coloured card', ['basic', 'charm'], charm, true],
  ])('only: %s', (_, selected, subject, expected) => {
    expect(matches(selected, 'only', subject)).toBe(expected)
    // `any` is the older name of `only`.
    expect(matches(selected, 'any', subject)).toBe(expected)
  })

  it.each<[string, DiceName[], DiceFiltered, boolean]>([
    ['a needed type selected', ['time'], charmTime, true],
    ['an alternative selected', ['sympathy'], charmOrSympathy, true],
    ['nothing shared', ['divine'], charmTime, false],
    ['basic is ignored next to a colour', ['basic', 'charm'], charm, true],
    ['dice-less cards never include a colour', ['charm'], noDice, false],
  ])('includes: %s', (_, selected, subject, expected) => {
    expect(matches(selected, 'includes', subject)).toBe(expected)
  })

  it('includes: basic alone filters nothing', () => {
    expect(diceFilter(['basic'], 'includes')).toBeNull()
  })

  it.each<[string, DiceName[], DiceFiltered, boolean]>([
    ['exactly the selection', ['charm', 'time'], charmTime, true],
    ['part of the selection, nothing else', ['charm', 'time'], charm, false],
    [
      'missing types offered as alternatives',
      ['natural', 'sympathy'],
      natureAndCharmOrSympathy,
      true,
    ],
    ['missing types not offered', ['natural', 'time'], natureAndCharmOrSympathy, false],
    ['every type is an alternative', ['charm', 'sympathy'], charmOrSympathy, true],
    ['one alternative selected', ['charm'], charmOrSympathy, true],
    ['exact needs but stray alternatives', ['natural'], natureAndCharmOrSympathy, false],
    ['types beyond the selection', ['charm'], charmTime, false],
    ['basic alone: only dice-less cards', ['basic'], noDice, true],
    ['basic alone: no coloured cards', ['basic'], charm, false],
  ])('all: %s', (_, selected, subject, expected) => {
    expect(matches(selected, 'all', subject)).toBe(expected)
  })

  it('no selection filters nothing', () => {
    expect(diceFilter([], 'only')).toBeNull()
    expect(diceFilter([], 'all')).toBeNull()
  })
})
