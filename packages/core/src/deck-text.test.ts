import { describe, expect, it } from 'vitest'
import { deckExportText, type ExportableDeck, type ExportOptions } from './deck-text.ts'

const deck: ExportableDeck = {
  title: 'Embers',
  phoenixborn: { name: 'Sera Emberlock' },
  dice: [
    { name: 'ceremonial', count: 6 },
    { name: 'charm', count: 4 },
  ],
  cards: [
    { name: 'Quick Study', stub: 'quick-study', type: 'Action Spell', count: 3 },
    { name: 'Ashbound Acolyte', stub: 'ashbound-acolyte', type: 'Ally', count: 3 },
    {
      name: "Sera's Firebrand",
      stub: 'seras-firebrand',
      type: 'Ready Spell',
      count: 1,
      phoenixborn: 'Sera Emberlock',
    },
    { name: 'Charmed Guardian', stub: 'charmed-guardian', type: 'Ally', count: 2 },
  ],
  conjurations: [
    { name: 'Lantern Moth', stub: 'lantern-moth', type: 'Conjuration', count: 3 },
    { name: 'Cinder Hound', stub: 'cinder-hound', type: 'Conjuration', count: 2 },
  ],
}

const options = (change: Partial<ExportOptions> = {}): ExportOptions => ({
  showCardCounts: true,
  sortByType: true,
  showAttribution: true,
  origin: 'https://spellboard.example',
  ...change,
})

const HEAD = `Embers

Phoenixborn: Sera Emberlock

Dice:
6x Ceremonial
4x Charm`

describe('deck export text', () => {
  it('groups by type with totals and attribution (the defaults)', () => {
    expect(deckExportText(deck, options())).toBe(`${HEAD}

Cards (9 / 30):

Ready Spells (1):
1x Sera's Firebrand (Sera Emberlock)

Allies (5):
3x Ashbound Acolyte
2x Charmed Guardian

Action Spells (3):
3x Quick Study

Conjuration Pile (5):
2x Cinder Hound
3x Lantern Moth

Created with Spellboard: https://spellboard.example/`)
  })

  it('drops the totals and the attribution when asked', () => {
    expect(
      deckExportText(deck, options({ showCardCounts: false, showAttribution: false })),
    ).toBe(`${HEAD}

Ready Spells:
1x Sera's Firebrand (Sera Emberlock)

Allies:
3x Ashbound Acolyte
2x Charmed Guardian

Action Spells:
3x Quick Study

Conjuration Pile:
2x Cinder Hound
3x Lantern Moth`)
  })

  it('lists every card by name when not sorted by type', () => {
    const text = deckExportText(deck, options({ sortByType: false, showAttribution: false }))
    expect(text).toBe(`${HEAD}

Cards (9 / 30):
3x Ashbound Acolyte
2x Charmed Guardian
3x Quick Study
1x Sera's Firebrand (Sera Emberlock)

Conjuration Pile (5):
2x Cinder Hound
3x Lantern Moth`)
    expect(deckExportText(deck, options({ sortByType: false, showCardCounts: false }))).toContain(
      'Cards:\n3x Ashbound Acolyte',
    )
  })

  it('falls back to the untitled name and skips empty parts', () => {
    const empty: ExportableDeck = {
      title: null,
      phoenixborn: { name: 'Sera Emberlock' },
      dice: [],
      cards: [],
      conjurations: [],
    }
    expect(deckExportText(empty, options({ showAttribution: false }))).toBe(
      'Untitled Sera Emberlock\n\nPhoenixborn: Sera Emberlock',
    )
  })
})
