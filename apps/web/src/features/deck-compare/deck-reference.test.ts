import { describe, expect, it } from 'vitest'
import { comparePath, parseDeckReference } from './deck-reference.ts'

const UUID = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b'

describe('parseDeckReference', () => {
  it.each([
    ['42', { id: 42 }],
    ['  42 ', { id: 42 }],
    ['https://spellboard.example/decks/42/', { id: 42 }],
    ['https://spellboard.example/decks/42', { id: 42 }],
    ['http://localhost:3000/decks/mine/7/', { id: 7 }],
    ['/decks/mine/7/history/', { id: 7 }],
    ['https://spellboard.example/decks/42/?ref=x#comments', { id: 42 }],
    [`https://spellboard.example/decks/share/${UUID}/`, { uuid: UUID }],
    [`/decks/share/${UUID.toUpperCase()}`, { uuid: UUID }],
  ])('reads %s', (text, expected) => {
    expect(parseDeckReference(text)).toEqual(expected)
  })

  it.each([
    '',
    '0',
    'abc',
    '-3',
    '4.5',
    'https://spellboard.example/cards/hammer-knight/',
    'https://spellboard.example/decks/',
    'https://spellboard.example/decks/mine/',
    'https://spellboard.example/decks/share/not-a-uuid/',
    'https://spellboard.example/decks/42/comments/',
  ])('refuses %j', (text) => {
    expect(parseDeckReference(text)).toBeNull()
  })
})

describe('comparePath', () => {
  it('puts the left deck first', () => {
    expect(comparePath(3, 9)).toBe('/decks/compare/?left=3&right=9')
  })
})
