import { distance } from 'fastest-levenshtein'
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

/** Slips a typed word may hold and still mean a word: one per four letters, at most two. */
const slips = (word: string) => Math.min(2, Math.floor(word.length / 4))

/** Whether `typed` is `word` but for a few slips (a letter missed, doubled, swapped...). */
function near(typed: string, word: string): boolean {
  const allowed = slips(typed)
  return (
    allowed > 0 &&
    Math.abs(typed.length - word.length) <= allowed &&
    distance(typed, word) <= allowed
  )
}

/** How well a card's words answer the typed ones: a word in common counts 1, a near one ½. */
function wordScore(wanted: readonly string[], card: readonly string[]): number {
  let score = 0
  for (const typed of wanted) {
    if (card.includes(typed)) score += 1
    else if (card.some((word) => near(typed, word))) score += 0.5
  }
  return score
}

/**
 * A lookup over a list of cards of one edition: a name matches when it is the card's name in
 * any case, or gives the card's stub (so `Seras Firebrand`, `sera’s firebrand` and
 * `seras-firebrand` all find Sera's Firebrand). Nearest names share the most words with it,
 * a word typed with a slip or two counting half (`Strenghten` is near Strengthen); then the
 * closest whole name wins.
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
      const wanted = [...new Set(words(stub))]
      if (wanted.length === 0) return []
      return indexed
        .map((card) => {
          const whole = distance(stub, card.stub)
          const score =
            wordScore(wanted, card.words) +
            (card.stub.startsWith(stub) || stub.startsWith(card.stub) ? 1 : 0) +
            (whole <= slips(stub) ? 0.5 : 0)
          return { name: card.name, score, whole }
        })
        .filter((card) => card.score > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            a.whole - b.whole ||
            (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
        )
        .slice(0, SUGGESTIONS)
        .map((card) => card.name)
    },
  }
}
