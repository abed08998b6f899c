import type { CardMinimal } from '@spellboard/core/card-schemas'
import { isConjurationType } from '@spellboard/core/cards'
import type { CatalogueCard, Edition } from './catalogue.ts'
import { minimalCard } from './wire.ts'

/** `related_cards` of the card details (API.md §7.2): one group of keys, or none. */
export type RelatedCards = {
  phoenixborn?: CardMinimal
  phoenixborn_conjurations?: CardMinimal[]
  phoenixborn_unique?: CardMinimal
  phoenixborn_unique_conjurations?: CardMinimal[]
  phoenixborn_unique_2?: CardMinimal
  phoenixborn_unique_2_conjurations?: CardMinimal[]
  summoning_cards?: CardMinimal[]
  conjurations?: CardMinimal[]
}

function uniqueById(cards: CatalogueCard[]): CatalogueCard[] {
  const seen = new Set<number>()
  return cards.filter((card) => !seen.has(card.id) && seen.add(card.id))
}

/**
 * Every conjuration a card can bring into play, following chains: its own links first, then
 * what each of those leads to (discovery order, no repeats, safe against cycles).
 */
export function reachableConjurations(card: CatalogueCard): CatalogueCard[] {
  const found: CatalogueCard[] = []
  const seen = new Set<number>([card.id])
  const visit = (from: CatalogueCard) => {
    const fresh = from.conjurations.filter((next) => !seen.has(next.id))
    for (const next of fresh) {
      seen.add(next.id)
      found.push(next)
    }
    for (const next of fresh) visit(next)
  }
  visit(card)
  return found
}

/** The cards at the top of every summoning chain leading to `card` (itself when nothing does). */
export function rootSummoners(card: CatalogueCard): CatalogueCard[] {
  const roots: CatalogueCard[] = []
  const seen = new Set<number>()
  const climb = (current: CatalogueCard) => {
    if (seen.has(current.id)) return
    seen.add(current.id)
    if (current.summoners.length === 0) roots.push(current)
    else for (const summoner of current.summoners) climb(summoner)
  }
  climb(card)
  return roots
}

const minimalList = (cards: CatalogueCard[]) => cards.map(minimalCard)

function phoenixbornGroup(phoenixborn: CatalogueCard, edition: Edition): RelatedCards {
  const related: RelatedCards = { phoenixborn: minimalCard(phoenixborn) }
  const own = reachableConjurations(phoenixborn)
  if (own.length > 0) related.phoenixborn_conjurations = minimalList(own)
  // Internal id order is the order the cards were added: the first unique is the main one.
  const uniques = [...edition.byStub.values()]
    .filter((card) => card.phoenixborn === phoenixborn.name && !isConjurationType(card.cardType))
    .sort((a, b) => a.id - b.id)
  const [first, second] = uniques
  if (first) {
    related.phoenixborn_unique = minimalCard(first)
    const conjurations = reachableConjurations(first)
    if (conjurations.length > 0) related.phoenixborn_unique_conjurations = minimalList(conjurations)
  }
  if (second) {
    related.phoenixborn_unique_2 = minimalCard(second)
    const conjurations = reachableConjurations(second)
    if (conjurations.length > 0) {
      related.phoenixborn_unique_2_conjurations = minimalList(conjurations)
    }
  }
  return related
}

/** The Phoenixborn a card belongs to: itself, or the owner of a unique card. */
export function owningPhoenixborn(card: CatalogueCard, edition: Edition): CatalogueCard | null {
  if (card.cardType === 'Phoenixborn') return card
  return card.phoenixborn ? (edition.phoenixbornByName.get(card.phoenixborn) ?? null) : null
}

export function relatedCards(card: CatalogueCard, edition: Edition): RelatedCards {
  const phoenixborn = owningPhoenixborn(card, edition)
  if (phoenixborn) return phoenixbornGroup(phoenixborn, edition)

  let summoners: CatalogueCard[]
  let conjurations: CatalogueCard[]
  if (isConjurationType(card.cardType)) {
    // Start from the top so that every other card summoning the same family shows too.
    summoners = rootSummoners(card)
    conjurations = uniqueById(summoners.flatMap(reachableConjurations))
  } else {
    conjurations = reachableConjurations(card)
    summoners = uniqueById(conjurations.flatMap(rootSummoners))
  }
  if (conjurations.length === 0) return {}
  return { summoning_cards: minimalList(summoners), conjurations: minimalList(conjurations) }
}

/**
 * Cards whose deck use counts as use of this card (§7.2 usage): the card itself, or for a
 * conjuration the cards that bring it into play.
 */
export function rootCards(card: CatalogueCard): CatalogueCard[] {
  return isConjurationType(card.cardType) ? rootSummoners(card) : [card]
}
