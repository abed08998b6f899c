import { describe, expect, it } from 'vitest'
import { collectionRequires, deckBoxFits, type FitPool } from './box-fits.ts'

/** Two releases (ids 4 and 7): a card held once a box, one held three times, a conjuration. */
const pool: FitPool = {
  releaseIds: [7, 4],
  cards: new Map([
    ['pb', { stub: 'pb', release: '4', type: 'Phoenixborn', boxCopies: 1 }],
    ['rare', { stub: 'rare', release: '4', type: 'Ally', boxCopies: 1, conjurations: ['conj'] }],
    ['common', { stub: 'common', release: '7', type: 'Ally', boxCopies: 3 }],
    ['conj', { stub: 'conj', release: '7', type: 'Conjuration', copies: 2, boxCopies: 2 }],
  ]),
}

/** Whether a collection (boxes by release id) builds a deck, as `box_fits @> required` asks. */
function builds(deck: Parameters<typeof deckBoxFits>[0], owned: [number, number][]): boolean {
  const fits = new Set(deckBoxFits(deck, pool))
  return collectionRequires(new Map(owned), pool.releaseIds).every((n) => fits.has(n))
}

describe('box fits', () => {
  const deck = { phoenixborn: 'pb', cards: [{ stub: 'rare', count: 2 }] }

  it('asks for as many boxes as the scarcest card needs, conjurations included', () => {
    expect(
      builds(deck, [
        [4, 2],
        [7, 1],
      ]),
    ).toBe(true)
    expect(
      builds(deck, [
        [4, 1],
        [7, 1],
      ]),
    ).toBe(false)
    expect(builds(deck, [[4, 2]])).toBe(false)
    expect(
      builds(deck, [
        [4, 9],
        [7, 9],
      ]),
    ).toBe(true)
  })

  it('lets any collection build what needs nothing of a release it lacks', () => {
    const small = { phoenixborn: 'pb', cards: [] }
    expect(builds(small, [[4, 1]])).toBe(true)
    expect(builds(small, [])).toBe(false)
    expect(
      builds({ phoenixborn: 'pb', cards: [{ stub: 'common', count: 3 }] }, [
        [4, 1],
        [7, 1],
      ]),
    ).toBe(true)
  })

  it('requires nothing of a release owned three times or more', () => {
    expect(
      collectionRequires(
        new Map([
          [4, 3],
          [7, 0],
        ]),
        pool.releaseIds,
      ),
    ).toEqual([7 * 3])
    expect(
      collectionRequires(
        new Map([
          [4, 1],
          [7, 2],
        ]),
        pool.releaseIds,
      ),
    ).toEqual([4 * 3 + 1, 7 * 3 + 2])
  })
})
