import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cardNameLookup } from './card-name-lookup.ts'
import { MAGIC_TYPES } from './cards.ts'
import { deckExportText, type ExportableDeck, type ExportOptions } from './deck-text.ts'
import { parseDeckText } from './deck-text-import.ts'

/** The real data sets beside the repository (never copied into it). */
const DATA_DIR = path.resolve(import.meta.dirname, '../../../../shared/data')
const SETS = ['ashes-2021', 'ashes-2026']

type DataCard = {
  name: string
  stub: string
  type: string
  is_legacy: boolean
  phoenixborn?: string
  conjurations?: { stub: string }[]
  copies?: number
}
type DataDeck = {
  source_id: number
  title: string | null
  is_legacy: boolean
  phoenixborn: string
  dice: { name: string; count: number }[]
  cards: { stub: string; count: number }[]
}

const readJson = <T>(set: string, file: string): T =>
  JSON.parse(readFileSync(path.join(DATA_DIR, set, file), 'utf8')) as T

const OPTIONS: ExportOptions[] = [true, false].flatMap((showCardCounts) =>
  [true, false].flatMap((sortByType) =>
    [true, false].map((showAttribution) => ({
      showCardCounts,
      sortByType,
      showAttribution,
      origin: 'https://spellboard.example',
    })),
  ),
)

function cases() {
  if (!existsSync(DATA_DIR)) return []
  return SETS.flatMap((set) => {
    const cards = readJson<DataCard[]>(set, 'cards.json')
    return readJson<DataDeck[]>(set, 'decks.json').map((deck) => ({
      name: `${set} #${deck.source_id} ${deck.is_legacy ? 'Legacy' : 'Reborn'} ${deck.title}`,
      deck,
      cards: cards.filter((card) => card.is_legacy === deck.is_legacy),
    }))
  })
}

/** The deck as the deck page holds it: named cards and the conjurations they bring. */
function exportable(deck: DataDeck, cards: DataCard[], title: string | null): ExportableDeck {
  const byStub = new Map(cards.map((card) => [card.stub, card]))
  const get = (stub: string) => {
    const card = byStub.get(stub)
    if (!card) throw new Error(`no card ${stub}`)
    return card
  }
  const phoenixborn = get(deck.phoenixborn)
  const entries = deck.cards.map((entry) => ({ ...get(entry.stub), count: entry.count }))
  const conjurations = new Map<string, DataCard>()
  const visit = (card: DataCard) => {
    for (const { stub } of card.conjurations ?? []) {
      if (conjurations.has(stub)) continue
      conjurations.set(stub, get(stub))
      visit(get(stub))
    }
  }
  for (const card of [phoenixborn, ...entries]) visit(card)
  return {
    title,
    phoenixborn,
    dice: deck.dice,
    cards: entries,
    conjurations: [...conjurations.values()].map((card) => ({ ...card, count: card.copies ?? 1 })),
  }
}

const byStub = (a: { stub: string }, b: { stub: string }) => (a.stub < b.stub ? -1 : 1)

describe.skipIf(!existsSync(DATA_DIR))('export → import gives the same deck', () => {
  const all = cases()

  it('covers every deck of both data sets', () => {
    expect(all.length).toBeGreaterThanOrEqual(124)
  })

  it.each(all)('$name', ({ deck, cards }) => {
    const lookup = cardNameLookup(cards)
    const dice = MAGIC_TYPES.flatMap((name) =>
      deck.dice.filter((die) => die.name === name && die.count > 0),
    )
    for (const title of [deck.title, null]) {
      for (const options of OPTIONS) {
        const text = deckExportText(exportable(deck, cards, title), options)
        const result = parseDeckText(text, lookup)
        expect(result.outcome, text).toBe('deck')
        expect(result.phoenixborn?.stub).toBe(deck.phoenixborn)
        expect(result.title).toBe(title)
        expect(result.dice).toEqual(dice)
        expect(
          result.cards.map((entry) => ({ stub: entry.card.stub, count: entry.count })).sort(byStub),
        ).toEqual([...deck.cards].sort(byStub))
        expect(
          result.lines.filter((line) => line.status === 'unmatched'),
          text,
        ).toEqual([])
      }
    }
  })
})
