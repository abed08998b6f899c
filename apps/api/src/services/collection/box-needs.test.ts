import { describe, expect, it } from 'vitest'
import { builds, collectionMasks, deckBoxNeeds, type NeedPool } from './box-needs.ts'

/** Two releases (ids 4 and 7): a card held once a box, one held three times, a conjuration. */
const pool: NeedPool = {
  releaseIds: [7, 4],
  cards: new Map([
    ['pb', { stub: 'pb', release: '4', type: 'Phoenixborn', boxCopies: 1 }],
    ['rare', { stub: 'rare', release: '4', type: 'Ally', boxCopies: 1, conjurations: ['conj'] }],
    ['common', { stub: 'common', release: '7', type: 'Ally', boxCopies: 3 }],
    ['conj', { stub: 'conj', release: '7', type: 'Conjuration', copies: 2, boxCopies: 2 }],
  ]),
}

type Deck = Parameters<typeof deckBoxNeeds>[0]

/** Whether a collection (boxes by release id) builds a deck, as the listing's SQL asks. */
const buildsWith = (deck: Deck, owned: [number, number][], releaseIds = pool.releaseIds) =>
  builds(deckBoxNeeds(deck, { ...pool, releaseIds }), collectionMasks(new Map(owned), releaseIds))

describe('box needs', () => {
  const deck = { phoenixborn: 'pb', cards: [{ stub: 'rare', count: 2 }] }

  it('asks for as many boxes as the scarcest card needs, conjurations included', () => {
    expect(deckBoxNeeds(deck, pool)).toEqual({ boxNeed1: 0b11n, boxNeed2: 0b01n, boxNeed3: 0n })
    expect(
      buildsWith(deck, [
        [4, 2],
        [7, 1],
      ]),
    ).toBe(true)
    expect(
      buildsWith(deck, [
        [4, 1],
        [7, 1],
      ]),
    ).toBe(false)
    expect(buildsWith(deck, [[4, 2]])).toBe(false)
    expect(
      buildsWith(deck, [
        [4, 9],
        [7, 9],
      ]),
    ).toBe(true)
  })

  it('lets any collection build what needs nothing of a release it lacks', () => {
    const small = { phoenixborn: 'pb', cards: [] }
    expect(buildsWith(small, [[4, 1]])).toBe(true)
    expect(buildsWith(small, [])).toBe(false)
    const common = { phoenixborn: 'pb', cards: [{ stub: 'common', count: 3 }] }
    expect(
      buildsWith(common, [
        [4, 1],
        [7, 1],
      ]),
    ).toBe(true)
  })

  it('owns every level of a release owned three times or more', () => {
    expect(collectionMasks(new Map([[4, 3]]), pool.releaseIds)).toEqual({
      boxNeed1: 0b01n,
      boxNeed2: 0b01n,
      boxNeed3: 0b01n,
    })
    expect(
      collectionMasks(
        new Map([
          [4, 1],
          [7, 2],
        ]),
        pool.releaseIds,
      ),
    ).toEqual({
      boxNeed1: 0b11n,
      boxNeed2: 0b10n,
      boxNeed3: 0n,
    })
  })

  it('gives the 63rd and later releases one bit, owned only where all of them are', () => {
    const many = Array.from({ length: 70 }, (_, i) => i + 1)
    const late = { ...pool, releaseIds: many }
    const lateDeck = { phoenixborn: 'pb', cards: [] }
    // 'pb' is in release 4: rank 3. Release 65 and 70 share bit 62 with release 63.
    expect(collectionMasks(new Map([[63, 1]]), many).boxNeed1).toBe(0n)
    const all = new Map(many.filter((id) => id >= 63).map((id) => [id, 1]))
    expect(collectionMasks(all, many).boxNeed1).toBe(1n << 62n)
    expect(builds(deckBoxNeeds(lateDeck, late), collectionMasks(new Map([[4, 1]]), many))).toBe(
      true,
    )
    // Masks stay positive, which the SQL's "< 1" relies on.
    expect(collectionMasks(new Map(many.map((id) => [id, 3])), many).boxNeed3 > 0n).toBe(true)
  })
})
