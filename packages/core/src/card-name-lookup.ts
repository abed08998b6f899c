import { stubify } from './stubs.ts'

/**
 * Finding cards by the names players type. The deck text import takes any `CardNameLookup`:
 * the API can back it with its fuzzy lookup, tests and small callers with `cardNameLookup`.
 */

/** What a lookup needs of a card; wire cards and deck entries both fit. */
export type NamedCard = { name: string; stub: string; type: string }

export type CardNameLookup<C extends NamedCard> = {
  /** The card this name means, or null. Should be exact up to case, spaces and punctuation. */
  find(name: string): C | null
  /** Card names close to one that matched nothing, best first (a few are enough). */
  nearest?(name: string): readonly string[]
}

/** Nearest names offered for an unmatched line. */
const SUGGESTIONS = 3

const words = (stub: string) => stub.split('-').filter(Boolean)

/**
 * A lookup over a list of cards of one edition: a name matches when it is the card's name in
 * any case, or gives the card's stub (so `Seras Firebrand`, `sera’s firebrand` and
 * `seras-firebrand` all find Sera's Firebrand). Nearest names share the most words with it.
 */
export function cardNameLookup<C extends NamedCard>(cards: readonly C[]): CardNameLookup<C> {
  const byName = new Map<string, C>()
  const byStub = new Map<string, C>()
  for (const card of cards) {
    byName.set(card.name.toLowerCase(), card)
    byStub.set(card.stub, card)
  }
  const indexed = cards.map((card) => ({
    name: card.name,
    stub: card.stub,
    words: words(card.stub),
  }))
  return {
    find(name) {
      const clean = name.replace(/\s+/g, ' ').trim()
      return byName.get(clean.toLowerCase()) ?? byStub.get(stubify(clean)) ?? null
    },
    nearest(name) {
      const stub = stubify(name.replace(/\s+/g, ' ').trim())
      const wanted = new Set(words(stub))
      if (wanted.size === 0) return []
      return indexed
        .map((card) => ({
          name: card.name,
          score:
            card.words.filter((word) => wanted.has(word)).length +
            (card.stub.startsWith(stub) || stub.startsWith(card.stub) ? 1 : 0),
        }))
        .filter((card) => card.score > 0)
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .slice(0, SUGGESTIONS)
        .map((card) => card.name)
    },
  }
}
