import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { AnalysisDeck } from '../src/deck-analysis.ts'
import type { FirstFiveDeck } from '../src/first-five.ts'
import { type CardLookup, type CostedCard, cardLookup } from '../src/magic-costs.ts'

/**
 * Tests only: the 2026 real data set beside the project, read at test time (never copied into
 * the repository). Tests that need it skip when the folder is missing.
 */
export const REAL_DATA_DIR = path.resolve(import.meta.dirname, '../../../../shared/data/ashes-2026')
export const hasRealData = existsSync(path.join(REAL_DATA_DIR, 'decks.json'))

type DataCard = CostedCard & {
  conjurations?: { stub: string }[]
  copies?: number
  is_legacy?: boolean
}
type DataDeck = {
  title: string
  is_snapshot: boolean
  phoenixborn: string
  dice: { name: string; count: number }[]
  cards: { stub: string; count: number }[]
  first_five?: string[]
}

export type RealDeck = AnalysisDeck & FirstFiveDeck & { title: string }

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(REAL_DATA_DIR, file), 'utf8')) as T

/** The cards and the source decks (not their snapshots), as the API would serve them. */
export function loadRealData(): { lookup: CardLookup; decks: RealDeck[] } {
  const cards = read<DataCard[]>('cards.json').filter((card) => !card.is_legacy)
  const byStub = new Map(cards.map((card) => [card.stub, card]))
  const lookup = cardLookup(cards)
  const find = (stub: string): DataCard => {
    const card = byStub.get(stub)
    if (!card) throw new Error(`unknown card ${stub}`)
    return card
  }
  const decks = read<DataDeck[]>('decks.json')
    .filter((deck) => !deck.is_snapshot)
    .map((deck): RealDeck => {
      const phoenixborn = find(deck.phoenixborn)
      const cards = deck.cards.map(({ stub, count }) => {
        const card = find(stub)
        return {
          stub,
          count,
          name: card.name,
          type: card.type,
          phoenixborn: card.phoenixborn ?? null,
        }
      })
      return {
        title: deck.title,
        phoenixborn: { name: phoenixborn.name, stub: phoenixborn.stub },
        dice: deck.dice,
        cards,
        conjurations: conjurationPile([phoenixborn, ...cards.map(({ stub }) => find(stub))], find),
        first_five: deck.first_five ?? [],
        effect_costs: [],
      }
    })
  return { lookup, decks }
}

/** Every conjuration reachable from the cards, following chains, once each (API.md §5.4). */
function conjurationPile(from: DataCard[], find: (stub: string) => DataCard) {
  const seen = new Map<string, DataCard>()
  const queue = from.flatMap((card) => card.conjurations ?? [])
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (seen.has(next.stub)) continue
    const conjuration = find(next.stub)
    seen.set(next.stub, conjuration)
    queue.push(...(conjuration.conjurations ?? []))
  }
  return [...seen.values()].map((card) => ({ count: card.copies ?? 0 }))
}

/** Both real data sets (2021 and 2026), read at test time by tests that cover each. */
export const DATA_SETS_DIR = path.resolve(import.meta.dirname, '../../../../shared/data')
export const DATA_SETS = ['ashes-2021', 'ashes-2026'] as const
export const hasDataSets = existsSync(DATA_SETS_DIR)

/** One JSON file of a data set. */
export const readDataSet = <T>(set: string, file: string): T =>
  JSON.parse(readFileSync(path.join(DATA_SETS_DIR, set, file), 'utf8')) as T
