import { describe, expect, it } from 'vitest'
import { DATA_SETS, hasDataSets, readDataSet } from '../test/real-data.ts'
import { cardNameLookup } from './card-name-lookup.ts'
import { MAGIC_TYPES } from './cards.ts'
import { deckExportText, type ExportableDeck, type ExportOptions } from './deck-text.ts'
import { parseDeckText } from './deck-text-import.ts'

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
  if (!hasDataSets) return []
  return DATA_SETS.flatMap((set) => {
    const cards = readDataSet<DataCard[]>(set, 'cards.json')
    return readDataSet<DataDeck[]>(set, 'decks.json').map((deck) => ({
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

describe.skipIf(!hasDataSets)('export → import gives the same deck', () => {
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
