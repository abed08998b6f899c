import { describe, expect, it } from 'vitest'
import { cardNameLookup, type NamedCard } from './card-name-lookup.ts'
import { type DeckTextLineOutcome, deckTextNames, parseDeckText } from './deck-text-import.ts'
import { LIMITS } from './limits.ts'

const card = (name: string, type: string): NamedCard => ({
  name,
  type,
  stub: name
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, ''),
})

const ARADEL = card('Aradel Summergaard', 'Phoenixborn')
const JERICHO = card('Jericho, Reborn', 'Phoenixborn')
const COAL = card('Coal Roarkwin', 'Phoenixborn')
const KNIGHT = card('Hammer Knight', 'Ally')
const ANCHORNAUT = card('Anchornaut', 'Ally')
const IRON_WORKER = card('Iron Worker', 'Ally')
const MONK_SPELL = card('Summon Butterfly Monk', 'Ready Spell')
const MONK = card('Butterfly Monk', 'Conjuration')
const GOLD = card('Molten Gold', 'Action Spell')
const JAGUAR_SPELL = card('Summon Blue Jaguar', 'Ready Spell')
const ROOT_ARMOR = card('Root Armor', 'Alteration Spell')
const CARDS = [
  ARADEL,
  JERICHO,
  COAL,
  KNIGHT,
  ANCHORNAUT,
  IRON_WORKER,
  MONK_SPELL,
  MONK,
  GOLD,
  JAGUAR_SPELL,
  ROOT_ARMOR,
]
const lookup = cardNameLookup(CARDS)

const read = (text: string) => parseDeckText(text, lookup)
/** Each line's outcome, without the line's number and text. */
const outcomes = (text: string): DeckTextLineOutcome<NamedCard>[] =>
  read(text).lines.map(({ line: _line, text: _text, ...outcome }) => outcome)

describe('one line at a time', () => {
  it.each<[string, DeckTextLineOutcome<NamedCard>]>([
    ['3x Hammer Knight', { status: 'matched', kind: 'card', card: KNIGHT, count: 3 }],
    ['3 Hammer Knight', { status: 'matched', kind: 'card', card: KNIGHT, count: 3 }],
    ['3 x Hammer Knight', { status: 'matched', kind: 'card', card: KNIGHT, count: 3 }],
    ['2X hammer knight', { status: 'matched', kind: 'card', card: KNIGHT, count: 2 }],
    ['Hammer Knight x3', { status: 'matched', kind: 'card', card: KNIGHT, count: 3 }],
    ['Hammer Knight ×2', { status: 'matched', kind: 'card', card: KNIGHT, count: 2 }],
    ['  - 1x   Hammer   Knight  ', { status: 'matched', kind: 'card', card: KNIGHT, count: 1 }],
    ['* 1 hammer-knight', { status: 'matched', kind: 'card', card: KNIGHT, count: 1 }],
    ['Hammer Knight', { status: 'matched', kind: 'card', card: KNIGHT, count: 1 }],
    [
      '1x Summon Blue Jaguar (Aradel Summergaard)',
      { status: 'matched', kind: 'card', card: JAGUAR_SPELL, count: 1 },
    ],
    ['Phoenixborn: Aradel Summergaard', { status: 'matched', kind: 'phoenixborn', card: ARADEL }],
    ['phoenixborn:jericho, reborn', { status: 'matched', kind: 'phoenixborn', card: JERICHO }],
    ['Jericho, Reborn', { status: 'matched', kind: 'phoenixborn', card: JERICHO }],
    ['1x Coal Roarkwin', { status: 'matched', kind: 'phoenixborn', card: COAL }],
    [
      '5 Ceremonial, 5 Illusion',
      {
        status: 'matched',
        kind: 'dice',
        dice: [
          { name: 'ceremonial', count: 5 },
          { name: 'illusion', count: 5 },
        ],
      },
    ],
    [
      '5x ceremonial',
      { status: 'matched', kind: 'dice', dice: [{ name: 'ceremonial', count: 5 }] },
    ],
    [
      'Dice: 4 charm / natural x6',
      {
        status: 'matched',
        kind: 'dice',
        dice: [
          { name: 'charm', count: 4 },
          { name: 'natural', count: 6 },
        ],
      },
    ],
    [
      '3 Astral and 7 artifice',
      {
        status: 'matched',
        kind: 'dice',
        dice: [
          { name: 'astral', count: 3 },
          { name: 'artifice', count: 7 },
        ],
      },
    ],
    ['2x Butterfly Monk', { status: 'ignored', kind: 'conjuration', card: MONK }],
    ['Allies (9)', { status: 'ignored', kind: 'heading' }],
    ['Ready Spells', { status: 'ignored', kind: 'heading' }],
    ['Cards (30 / 30):', { status: 'ignored', kind: 'heading' }],
    ['Conjuration Pile (5):', { status: 'ignored', kind: 'heading' }],
    ['Dice:', { status: 'ignored', kind: 'heading' }],
    ['Phoenixborn:', { status: 'ignored', kind: 'heading' }],
    ['My favourite bits:', { status: 'ignored', kind: 'heading' }],
    ['', { status: 'ignored', kind: 'blank' }],
    ['   \t', { status: 'ignored', kind: 'blank' }],
    [
      'Created with Spellboard: https://spellboard.example/',
      { status: 'ignored', kind: 'attribution' },
    ],
    ['https://ashes.live/decks/123/', { status: 'ignored', kind: 'attribution' }],
    [
      '3x Hammer Knigt',
      { status: 'unmatched', name: 'Hammer Knigt', count: 3, suggestions: ['Hammer Knight'] },
    ],
    [
      'Iron Workers x2',
      { status: 'unmatched', name: 'Iron Workers', count: 2, suggestions: ['Iron Worker'] },
    ],
    [
      'Something else',
      { status: 'unmatched', name: 'Something else', count: null, suggestions: [] },
    ],
    [
      'Phoenixborn: Hammer Knight',
      { status: 'unmatched', name: 'Hammer Knight', count: null, suggestions: ['Hammer Knight'] },
    ],
    ['Dice: 5 fire', { status: 'unmatched', name: 'Dice: 5 fire', count: null, suggestions: [] }],
  ])('%j', (line, outcome) => {
    // A title first, so the line under test is never the title's place.
    expect(outcomes(`A title\n${line}`)[1]).toEqual(outcome)
  })
})

describe('the title', () => {
  it.each<[string, string | null]>([
    ['Summer Storms\n\nPhoenixborn: Aradel Summergaard', 'Summer Storms'],
    ['  Summer Storms  \nAradel Summergaard', 'Summer Storms'],
    ['3 Ways to Win\nAradel Summergaard', '3 Ways to Win'],
    ['Hammer Knight\nPhoenixborn: Aradel Summergaard', 'Hammer Knight'],
    ['Aradel Summergaard\n\nPhoenixborn: Aradel Summergaard', 'Aradel Summergaard'],
    ['Aradel Summergaard\n3x Hammer Knight', null],
    ['Aradel Summergaard\n* Phoenixborn: Aradel Summergaard', 'Aradel Summergaard'],
    ['Untitled Aradel Summergaard\n\nPhoenixborn: Aradel Summergaard', null],
    ['Untitled Coal Roarkwin\n\nPhoenixborn: Aradel Summergaard', 'Untitled Coal Roarkwin'],
    ['\n\nAllies (3)\nSummer Storms\nAradel Summergaard', null],
    ['3x Hammer Knight\nSummer Storms\nAradel Summergaard', null],
    ['5 charm, 5 time\nSummer Storms\nAradel Summergaard', null],
  ])('%j has the title %j', (text, title) => expect(read(text).title).toBe(title))

  it('is cut to the longest title a deck may have', () => {
    const text = `${'é'.repeat(LIMITS.deckTitle + 10)}\nAradel Summergaard`
    expect(read(text).title).toBe('é'.repeat(LIMITS.deckTitle))
  })
})

describe('the whole deck', () => {
  it('adds up a player-typed list', () => {
    const result = read(
      [
        'Summer Storms',
        'Phoenixborn: Aradel Summergaard',
        '5 natural, 3 charm',
        '2x charm',
        'Allies (5)',
        '3x Hammer Knight',
        '2 Anchornaut',
        'Spells',
        'Molten Gold x2',
        '1x Molten Gold',
        '0x Root Armor',
        '3x Summon Butterfly Monk',
        '3x Butterfly Monk',
        'Coal Roarkwin',
        'Frobnicate x3',
      ].join('\r\n'),
    )
    expect(result.outcome).toBe('deck')
    expect(result.title).toBe('Summer Storms')
    expect(result.phoenixborn).toBe(ARADEL)
    expect(result.dice).toEqual([
      { name: 'charm', count: 5 },
      { name: 'natural', count: 5 },
    ])
    expect(result.cards).toEqual([
      { card: KNIGHT, count: 3 },
      { card: ANCHORNAUT, count: 2 },
      { card: GOLD, count: 3 },
      { card: MONK_SPELL, count: 3 },
    ])
    expect(result.lines.map((line) => [line.line, line.status])).toEqual([
      [1, 'matched'],
      [2, 'matched'],
      [3, 'matched'],
      [4, 'matched'],
      [5, 'ignored'],
      [6, 'matched'],
      [7, 'matched'],
      [8, 'ignored'],
      [9, 'matched'],
      [10, 'matched'],
      [11, 'matched'],
      [12, 'matched'],
      [13, 'ignored'],
      [14, 'ignored'],
      [15, 'unmatched'],
    ])
    expect(result.lines[13]).toMatchObject({
      kind: 'extra_phoenixborn',
      card: COAL,
      text: 'Coal Roarkwin',
    })
    expect(result.truncated).toBe(false)
  })

  it.each([
    ['', null],
    ['Summer Storms\n3x Hammer Knight\n5 charm, 5 time', 'Summer Storms'],
    ['Phoenixborn: Nobody Known\n3x Hammer Knight', null],
  ])('%j has no Phoenixborn', (text, title) => {
    const result = read(text)
    expect(result.outcome).toBe('no_phoenixborn')
    expect(result.phoenixborn).toBeNull()
    expect(result.title).toBe(title)
  })

  it(`reads ${LIMITS.deckTextLines} lines and says when it stopped`, () => {
    const filler = Array.from({ length: LIMITS.deckTextLines }, () => '1x Hammer Knight')
    const result = read(['Aradel Summergaard', ...filler].join('\n'))
    expect(result.lines).toHaveLength(LIMITS.deckTextLines)
    expect(result.cards).toEqual([{ card: KNIGHT, count: LIMITS.deckTextLines - 1 }])
    expect(result.truncated).toBe(true)
  })

  it('does not look up lines no card name could be', () => {
    const asked: string[] = []
    const long = `3x ${'a '.repeat(5000)}`
    parseDeckText(`Aradel Summergaard\n${long}\n${'x'.repeat(100_000)}`, {
      find: (name) => {
        asked.push(name)
        return lookup.find(name)
      },
      nearest: (name) => {
        asked.push(name)
        return []
      },
    })
    expect(asked).toEqual(['Aradel Summergaard'])
  })

  it('names every lookup it would make, for callers that resolve in one batch', () => {
    const text =
      'Summer Storms\nPhoenixborn: Aradel Summergaard\n1x Summon Blue Jaguar (Aradel Summergaard)\n5 charm'
    expect(deckTextNames(text)).toEqual([
      'Summer Storms',
      'Aradel Summergaard',
      'Summon Blue Jaguar (Aradel Summergaard)',
      'Summon Blue Jaguar',
    ])
  })
})
