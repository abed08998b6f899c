import { describe, expect, it } from 'vitest'
import { DATA_SETS, hasDataSets, readDataSet } from '../test/real-data.ts'
import {
  boxesNeeded,
  boxIndex,
  copiesPerBox,
  deckNeeds,
  listedNeeds,
  missingCards,
  missingLine,
  oneCollection,
  oneCollectionText,
  type PoolCard,
  type Precon,
} from './collection.ts'
import type { ReleaseBox } from './collection-schemas.ts'

type DataCard = {
  name: string
  stub: string
  type: string
  is_legacy: boolean
  release_stub: string
  release: { name: string; stub: string }
  conjurations?: { stub: string }[]
  copies?: number
}
type DataDeck = {
  title: string
  is_legacy: boolean
  is_preconstructed?: boolean
  preconstructed_release: string | null
  phoenixborn: string
  cards: { stub: string; count: number }[]
}

/** Reborn cards and precons of a data set, a precon's release being its Phoenixborn's when unnamed. */
function readSet(set: string) {
  const data = readDataSet<DataCard[]>(set, 'cards.json').filter((card) => !card.is_legacy)
  const cards: PoolCard[] = data.map((card) => ({
    stub: card.stub,
    release: card.release_stub,
    type: card.type,
    copies: card.copies ?? null,
    conjurations: (card.conjurations ?? []).map((c) => c.stub),
  }))
  const releaseOf = new Map(cards.map((card) => [card.stub, card.release]))
  const precons: Precon[] = readDataSet<DataDeck[]>(set, 'decks.json')
    .filter((deck) => deck.is_preconstructed && !deck.is_legacy)
    .map((deck) => ({
      title: deck.title,
      release: deck.preconstructed_release ?? releaseOf.get(deck.phoenixborn) ?? '',
      phoenixborn: deck.phoenixborn,
      cards: deck.cards,
    }))
  const boxes: ReleaseBox[] = []
  const copies = copiesPerBox(cards, precons)
  for (const card of data) {
    let box = boxes.find((release) => release.stub === card.release_stub)
    if (!box) {
      box = { stub: card.release_stub, name: card.release.name, cards: [] }
      boxes.push(box)
    }
    const held = copies.get(card.stub)
    if (held) box.cards.push({ stub: card.stub, name: card.name, ...held })
  }
  return { data, cards, precons, copies, index: boxIndex(boxes) }
}

describe.skipIf(!hasDataSets).each(DATA_SETS)('copies per box in %s', (set) => {
  const { data, cards, precons, copies, index } = readSet(set)
  const byStub = new Map(cards.map((card) => [card.stub, card]))
  const masterSet = precons.filter((precon) => precon.release === 'master-set')

  it('reads the Master Set as its six precons', () => {
    expect(masterSet).toHaveLength(6)
    expect(masterSet.map((precon) => precon.title)).toContain('The Iron Men')
  })

  it("adds up each card over its release's precons, Phoenixborn and conjurations included", () => {
    for (const card of cards.filter((c) => c.release === 'master-set')) {
      const expected = masterSet.reduce(
        (sum, precon) => sum + (deckNeeds(precon, (stub) => byStub.get(stub)).get(card.stub) ?? 0),
        0,
      )
      const held = copies.get(card.stub)
      if (expected > 0) expect(held?.copies, card.stub).toBe(expected)
      else
        expect(held, card.stub).toEqual({
          copies: card.type.startsWith('Conjur') ? (card.copies ?? 3) : 3,
          deck: null,
        })
    }
    for (const precon of masterSet) {
      expect(copies.get(precon.phoenixborn)).toEqual({ copies: 1, deck: precon.title })
    }
  })

  it('names the precon a conjuration comes in, at its copies', () => {
    const rhino = data.find((card) => card.name === 'Iron Rhino')
    expect(rhino && copies.get(rhino.stub)).toEqual({ copies: rhino?.copies, deck: 'The Iron Men' })
  })

  it('counts 3 for cards in no precon of their release', () => {
    const withPrecon = new Set(precons.map((precon) => precon.release))
    const loose = cards.filter((c) => !withPrecon.has(c.release) && !c.type.startsWith('Conjur'))
    expect(loose.length).toBeGreaterThan(0)
    for (const card of loose) expect(copies.get(card.stub)?.copies).toBe(3)
  })

  it('builds every Master Set precon from one box, and no more than one', () => {
    for (const precon of masterSet) {
      const needs = deckNeeds(precon, (stub) => byStub.get(stub))
      expect(missingCards(needs, index, { 'master-set': 1 })).toEqual([])
      expect(boxesNeeded(needs, (stub) => index.get(stub))).toEqual(new Map([['master-set', 1]]))
      expect(oneCollectionText(oneCollection(needs, index))).toBe('One Collection: legal')
      const missing = missingCards(needs, index, {})
      expect(missing.reduce((sum, card) => sum + card.count, 0)).toBe(
        [...needs.values()].reduce((sum, count) => sum + count, 0),
      )
    }
  })

  it('says what is missing and why One Collection refuses a deck', () => {
    const iron = masterSet.find((precon) => precon.title === 'The Iron Men')
    if (!iron) throw new Error('no Iron Men')
    const needs = deckNeeds(iron, (stub) => byStub.get(stub))
    const rhino = data.find((card) => card.name === 'Iron Rhino')
    expect(missingCards(needs, index, {}).map(missingLine)).toContain(
      `${rhino?.copies}× Iron Rhino — The Iron Men`,
    )
    expect(oneCollectionText(oneCollection(needs, index))).toBe('One Collection: legal')
  })
})

describe('deckNeeds', () => {
  const pool: PoolCard[] = [
    { stub: 'pb', release: 'a', type: 'Phoenixborn', conjurations: ['c1'] },
    { stub: 'x', release: 'a', type: 'Ready Spell', conjurations: ['c1', 'c2'] },
    { stub: 'c1', release: 'a', type: 'Conjuration', copies: 2, conjurations: ['c2'] },
    { stub: 'c2', release: 'b', type: 'Conjuration', copies: 4 },
  ]
  const cardOf = (stub: string) => pool.find((card) => card.stub === stub)

  it('counts the Phoenixborn once and every conjuration once at its copies, chains included', () => {
    const needs = deckNeeds(
      {
        phoenixborn: 'pb',
        cards: [
          { stub: 'x', count: 3 },
          { stub: 'nope', count: 1 },
        ],
      },
      cardOf,
    )
    expect(Object.fromEntries(needs)).toEqual({ pb: 1, x: 3, c1: 2, c2: 4 })
  })

  it('derives a box from precons of its own release only', () => {
    const copies = copiesPerBox(pool, [
      { title: 'A deck', release: 'a', phoenixborn: 'pb', cards: [{ stub: 'x', count: 1 }] },
    ])
    expect(Object.fromEntries(copies)).toEqual({
      pb: { copies: 1, deck: 'A deck' },
      x: { copies: 1, deck: 'A deck' },
      c1: { copies: 2, deck: 'A deck' },
      c2: { copies: 4, deck: null },
    })
  })

  it('names the first card one of each product holds too few of', () => {
    const copies = copiesPerBox(pool, [
      { title: 'A deck', release: 'a', phoenixborn: 'pb', cards: [{ stub: 'x', count: 2 }] },
    ])
    const held = (stub: string) => copies.get(stub) ?? { copies: 0, deck: null }
    const index = boxIndex([
      {
        stub: 'a',
        name: 'Release A',
        cards: ['pb', 'x', 'c1'].map((stub) => ({
          stub,
          name: stub.toUpperCase(),
          ...held(stub),
        })),
      },
      { stub: 'b', name: 'Release B', cards: [{ stub: 'c2', name: 'C2', ...held('c2') }] },
    ])
    const needs = deckNeeds({ phoenixborn: 'pb', cards: [{ stub: 'x', count: 3 }] }, cardOf)
    expect(oneCollectionText(oneCollection(needs, index))).toBe(
      'One Collection: needs 3× X; one of each product holds 2',
    )
    expect(Object.fromEntries(boxesNeeded(needs, (stub) => index.get(stub)))).toEqual({
      a: 2,
      b: 1,
    })
    expect(missingCards(needs, index, { a: 1, b: 1 }).map(missingLine)).toEqual(['1× X — A deck'])
    expect(missingCards(needs, index, { a: 2, b: 1 })).toEqual([])
    expect(missingCards(needs, index, { a: 2 }).map(missingLine)).toEqual(['4× C2 — Release B'])
  })
})

describe('listedNeeds', () => {
  it('reads a deck of the API: Phoenixborn once, cards and the conjuration pile', () => {
    const needs = listedNeeds({
      phoenixborn: { stub: 'pb' },
      cards: [
        { stub: 'x', count: 3 },
        { stub: 'y', count: 0 },
      ],
      conjurations: [{ stub: 'c', count: 4 }, { count: 2 }],
    })
    expect(Object.fromEntries(needs)).toEqual({ pb: 1, x: 3, c: 4 })
  })
})
