import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ComparedCard, type ComparedDeck, compareDecks } from './deck-compare.ts'

const card = (name: string, type: string, count: number): ComparedCard => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  count,
})

const left: ComparedDeck<ComparedCard> = {
  phoenixborn: { name: 'Aradel Summergaard', stub: 'aradel-summergaard' },
  dice: [
    { name: 'natural', count: 5 },
    { name: 'charm', count: 5 },
  ],
  cards: [
    card('Hammer Knight', 'Ally', 3),
    card('Anchornaut', 'Ally', 2),
    card('Summon Iron Rhino', 'Ready Spell', 1),
    card('Molten Gold', 'Action Spell', 3),
  ],
}

const right: ComparedDeck<ComparedCard> = {
  phoenixborn: { name: 'Aradel Summergaard', stub: 'aradel-summergaard' },
  dice: [
    { name: 'natural', count: 6 },
    { name: 'illusion', count: 4 },
  ],
  cards: [
    card('Hammer Knight', 'Ally', 3),
    card('Anchornaut', 'Ally', 3),
    card('Summon Iron Rhino', 'Ready Spell', 2),
    card('Chant of Revenge', 'Action Spell', 1),
    card('Fear', 'Reaction Spell', 2),
  ],
}

describe('compareDecks', () => {
  it('splits cards into only-left, only-right and different counts', () => {
    const result = compareDecks(left, right)
    expect(result.onlyLeft.map((c) => [c.name, c.count])).toEqual([['Molten Gold', 3]])
    expect(result.onlyRight.map((c) => [c.name, c.count])).toEqual([
      ['Chant of Revenge', 1],
      ['Fear', 2],
    ])
    // Deck order: Ready Spells before Allies.
    expect(result.differentCounts.map((c) => [c.card.name, c.left, c.right])).toEqual([
      ['Summon Iron Rhino', 1, 2],
      ['Anchornaut', 2, 3],
    ])
    expect(result.sameCount).toBe(1)
    expect(result.identical).toBe(false)
  })

  it('lists the dice of both sides in magic-type order with their differences', () => {
    const result = compareDecks(left, right)
    expect(result.dice).toEqual([
      { name: 'charm', left: 5, right: 0, difference: -5 },
      { name: 'illusion', left: 0, right: 4, difference: 4 },
      { name: 'natural', left: 5, right: 6, difference: 1 },
    ])
    expect(result.diceDiffer).toBe(true)
  })

  it('names both Phoenixborn only when they differ', () => {
    expect(compareDecks(left, right).phoenixborn).toBeNull()
    const other = { ...right, phoenixborn: { name: 'Coal Roarkwin', stub: 'coal-roarkwin' } }
    expect(compareDecks(left, other).phoenixborn).toEqual({
      left: left.phoenixborn,
      right: other.phoenixborn,
    })
  })

  it('finds a deck identical to itself, whatever the order of its entries', () => {
    const shuffled = {
      ...left,
      dice: [...(left.dice ?? [])].reverse(),
      cards: [...(left.cards ?? [])].reverse(),
    }
    const result = compareDecks(left, shuffled)
    expect(result.identical).toBe(true)
    expect(result.diceDiffer).toBe(false)
    expect(result.sameCount).toBe(4)
  })

  it('adds up repeated entries, ignores empty ones and reads die names in any case', () => {
    const a = {
      ...left,
      dice: [{ name: 'Natural', count: 10 }],
      cards: [card('Fear', 'Reaction Spell', 1), card('Fear', 'Reaction Spell', 1)],
    }
    const b = {
      ...left,
      dice: [
        { name: 'natural', count: 10 },
        { name: 'charm', count: 0 },
      ],
      cards: [card('Fear', 'Reaction Spell', 2), card('Anchornaut', 'Ally', 0)],
    }
    expect(compareDecks(a, b).identical).toBe(true)
  })

  it('treats missing card and dice lists as empty', () => {
    const bare = { phoenixborn: left.phoenixborn, dice: null, cards: null }
    const result = compareDecks(bare, left)
    expect(result.onlyRight).toHaveLength(4)
    expect(result.dice.every((die) => die.left === 0)).toBe(true)
  })
})

/** The real data sets beside the repository (never copied into it). */
const DATA_DIR = path.resolve(import.meta.dirname, '../../../../shared/data/ashes-2026')

describe.runIf(existsSync(DATA_DIR))('compareDecks over the real decks', () => {
  it('turns each deck into the next one by its differences', () => {
    const cards = new Map(
      (JSON.parse(readFileSync(path.join(DATA_DIR, 'cards.json'), 'utf8')) as ComparedCard[]).map(
        (c) => [c.stub, c],
      ),
    )
    const raw = JSON.parse(readFileSync(path.join(DATA_DIR, 'decks.json'), 'utf8')) as {
      phoenixborn: string
      dice: { name: string; count: number }[]
      cards: { stub: string; count: number }[]
    }[]
    const decks = raw.slice(0, 200).map((deck) => ({
      phoenixborn: { name: deck.phoenixborn, stub: deck.phoenixborn },
      dice: deck.dice,
      cards: deck.cards.map((entry) => ({
        ...(cards.get(entry.stub) ?? { name: entry.stub, stub: entry.stub, type: 'Ally' }),
        count: entry.count,
      })),
    }))
    expect(decks.length).toBeGreaterThan(10)
    for (const [index, a] of decks.entries()) {
      const b = decks[(index + 1) % decks.length] as (typeof decks)[number]
      const diff = compareDecks(a, b)
      // Apply the differences to the left deck: the right deck comes out.
      const rebuilt = new Map(a.cards.map((c) => [c.stub, c.count]))
      for (const gone of diff.onlyLeft) rebuilt.delete(gone.stub)
      for (const added of diff.onlyRight) rebuilt.set(added.stub, added.count)
      for (const change of diff.differentCounts) rebuilt.set(change.card.stub, change.right)
      expect(rebuilt).toEqual(new Map(b.cards.map((c) => [c.stub, c.count])))
      const total = (side: 'left' | 'right') => diff.dice.reduce((sum, d) => sum + d[side], 0)
      expect(total('left')).toBe(a.dice.reduce((sum, d) => sum + d.count, 0))
      expect(total('right')).toBe(b.dice.reduce((sum, d) => sum + d.count, 0))
      expect(diff.identical).toBe(compareDecks(b, a).identical)
    }
  })
})
