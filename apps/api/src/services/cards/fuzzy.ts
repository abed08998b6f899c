import { stubify } from '@spellboard/core/stubs'
import type { Db } from '../../db/client.ts'
import { byName, type Catalogue, type CatalogueCard, editionOf } from './catalogue.ts'
import { parseTextQuery } from './full-text.ts'
import { cardsMatchingText } from './text-search.ts'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * How well a stub answers a typed name: the whole stub, or whole words of it, beat a stub that
 * merely contains the text, which beats a card found only through its rules text. Asking for a
 * summon (or not) and getting one (or not) breaks near ties: "hydra" means the Hydra itself.
 */
export function fuzzyScore(stub: string, wanted: string): number {
  let score = 0
  if (wanted) {
    if (stub === wanted) score = 300
    else if (new RegExp(`(^|-)${escapeRegExp(wanted)}($|-)`).test(stub)) score = 200
    else if (stub.includes(wanted)) score = 100
  }
  const summonWanted = wanted.includes('summon')
  if (summonWanted === stub.includes('summon')) score += 10
  return score
}

/** `GET /v2/cards/fuzzy-lookup` (API.md §7.2): the best visible card for a typed name. */
export async function fuzzyLookup(
  db: Db,
  catalogue: Catalogue,
  q: string,
  isLegacy: boolean,
): Promise<CatalogueCard | null> {
  const edition = editionOf(catalogue, isLegacy)
  const wanted = stubify(q)
  const text = parseTextQuery(q)
  const textIds = text ? await cardsMatchingText(db, catalogue, isLegacy, text) : new Set<number>()
  let best: { card: CatalogueCard; score: number } | null = null
  for (const card of edition.sorted.name) {
    const inStub = wanted !== '' && card.stub.includes(wanted)
    if (!inStub && !textIds.has(card.id)) continue
    const score = fuzzyScore(card.stub, wanted)
    if (!best || score > best.score || (score === best.score && byName(card, best.card) < 0)) {
      best = { card, score }
    }
  }
  return best?.card ?? null
}
