import { cardNameLookup } from '@spellboard/core/card-name-lookup'
import type { Card } from '@spellboard/core/card-schemas'
import { parseDeckText } from '@spellboard/core/deck-text-import'
import { describe, expect, it } from 'vitest'
import { deckToSave, importBody, type ReadDeck } from './create-deck.ts'

const card = (name: string, type: string): Card =>
  ({
    name,
    stub: name.toLowerCase().replace(/\W+/g, '-'),
    type,
    release: { name: 'Master Set', stub: 'master-set' },
  }) as Card

const lookup = cardNameLookup([
  card('Sera Emberlock', 'Phoenixborn'),
  card('Quick Study', 'Action Spell'),
  card('Charmed Guardian', 'Ally'),
])

const read = (text: string) => {
  const result = parseDeckText(text, lookup)
  if (result.outcome !== 'deck') throw new Error('no deck')
  return result as ReadDeck
}

describe('deckToSave', () => {
  it('keeps a deck within the rules as it is', () => {
    const deck = deckToSave(read('Embers\nSera Emberlock\n5 Charm, 5 Ceremonial\n3x Quick Study'))
    expect(deck.notes).toEqual([])
    expect(deck.dice).toEqual([
      { name: 'ceremonial', count: 5 },
      { name: 'charm', count: 5 },
    ])
    expect(deck.cards.map((c) => [c.stub, c.count])).toEqual([['quick-study', 3]])
  })

  it('cuts copies to 3 and dice to the first 10, and says so', () => {
    const deck = deckToSave(
      read(
        'Sera Emberlock\n8 Ceremonial, 4 Charm\n2x Quick Study\n3x Quick Study\n1x Charmed Guardian',
      ),
    )
    expect(deck.cards.map((c) => [c.stub, c.count])).toEqual([
      ['quick-study', 3],
      ['charmed-guardian', 1],
    ])
    expect(deck.dice).toEqual([
      { name: 'ceremonial', count: 8 },
      { name: 'charm', count: 2 },
    ])
    expect(deck.notes).toEqual([
      'Quick Study: 5 copies listed; a deck holds at most 3, so 3 will be saved.',
      '12 dice listed; a deck holds 10, so the first 10 will be saved.',
    ])
  })
})

describe('importBody', () => {
  it('is a new private working deck: no id, the Phoenixborn by stub, cards by stub and count', () => {
    expect(
      importBody(read('Embers\nPhoenixborn: Sera Emberlock\n10 charm\n2 Charmed Guardian')),
    ).toEqual({
      title: 'Embers',
      description: null,
      phoenixborn: 'sera-emberlock',
      dice: [{ name: 'charm', count: 10 }],
      cards: [{ stub: 'charmed-guardian', count: 2 }],
      first_five: [],
      effect_costs: [],
      tutor_map: {},
      is_red_rains: false,
    })
  })
})
