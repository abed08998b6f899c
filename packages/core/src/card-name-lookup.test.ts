import { describe, expect, it } from 'vitest'
import { cardNameLookup } from './card-name-lookup.ts'

const card = (name: string, stub: string) => ({ name, stub, type: 'Ally' })
const FIREBRAND = card("Sera's Firebrand", 'seras-firebrand')
const lookup = cardNameLookup([
  FIREBRAND,
  card('Hammer Knight', 'hammer-knight'),
  card('Iron Worker', 'iron-worker'),
  card('Iron Rhino', 'iron-rhino'),
  card('Summon Iron Rhino', 'summon-iron-rhino'),
  card('Jericho, Reborn', 'jericho-reborn'),
  card('Strengthen', 'strengthen'),
  card('Shifting Mist', 'shifting-mist'),
])

describe('card name lookup', () => {
  it.each([
    ["Sera's Firebrand", FIREBRAND],
    ["sera's firebrand", FIREBRAND],
    ['  SERA’S   FIREBRAND ', FIREBRAND],
    ['Seras Firebrand', FIREBRAND],
    ['seras-firebrand', FIREBRAND],
    ['Firebrand', null],
    ['', null],
  ])('%j finds %j', (name, expected) => expect(lookup.find(name)).toBe(expected))

  it('finds names with commas', () => {
    expect(lookup.find('jericho reborn')?.name).toBe('Jericho, Reborn')
  })

  it.each([
    ['Iron Rhinos', ['Iron Rhino', 'Summon Iron Rhino', 'Iron Worker']],
    ['Rhino', ['Iron Rhino', 'Summon Iron Rhino']],
    ['Hamer Knight', ['Hammer Knight']],
    ['Strenghten', ['Strengthen']],
    ['strenthgen', ['Strengthen']],
    ['Hammerknight', ['Hammer Knight']],
    ['Sumon Iron Rino', ['Summon Iron Rhino', 'Iron Rhino', 'Iron Worker']],
    ['Shifting Mists', ['Shifting Mist']],
    ['Mist', ['Shifting Mist']],
    ['Min', []],
    ['Zzz', []],
    ['!!!', []],
  ])('%j is near %j', (name, names) => expect(lookup.nearest?.(name)).toEqual(names))
})
