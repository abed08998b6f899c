import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatSampleSeed, parseSampleRounds, parseSampleSeed } from './sample-seed.ts'

describe('seeds and rounds in the address', () => {
  it.each([
    ['0', 0],
    ['z', 35],
    ['1z141z3', 0xffff_ffff],
    ['K3X9A', Number.parseInt('k3x9a', 36)],
  ])('reads %s', (text, seed) => expect(parseSampleSeed(text)).toBe(seed))

  it.each(['', '1z141z4', '12345678', 'a-b', ' 1', '1.5', null, undefined])('refuses %s', (text) =>
    expect(parseSampleSeed(text)).toBeNull(),
  )

  it('writes any 32-bit seed so that it reads back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (seed) => {
        expect(parseSampleSeed(formatSampleSeed(seed))).toBe(seed)
      }),
    )
  })

  it.each([
    ['3', 3],
    ['1', 1],
    ['0', 1],
    ['-2', 1],
    ['two', 1],
    ['1e3', 1],
    [null, 1],
  ])('reads rounds %s as %i', (text, rounds) => expect(parseSampleRounds(text)).toBe(rounds))
})
