import { DECK_RULES } from './limits.ts'

/** What the deck views need of a card entry; the minimal and the full wire entries both fit. */
export type SectionCard = { name: string; stub: string; type: string; count: number }

export type DeckSection<C extends SectionCard> = {
  type: string
  /** Plural heading: 'Ready Spells', 'Allies'... */
  title: string
  /** Copies in the section. */
  count: number
  cards: C[]
}

/** The order a deck's cards are listed in (SPEC §3); any other type follows, alphabetically. */
export const DECK_SECTION_ORDER = [
  'Ready Spell',
  'Ally',
  'Alteration Spell',
  'Action Spell',
  'Reaction Spell',
] as const

export function pluralCardType(type: string): string {
  return type.endsWith('y') && !/[aeiou]y$/.test(type) ? `${type.slice(0, -1)}ies` : `${type}s`
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

function sectionRank(type: string): number {
  const index = (DECK_SECTION_ORDER as readonly string[]).indexOf(type)
  return index === -1 ? DECK_SECTION_ORDER.length : index
}

/** A deck's cards grouped by type, in SPEC order, each group sorted by name and counted. */
export function deckSections<C extends SectionCard>(cards: readonly C[]): DeckSection<C>[] {
  const groups = new Map<string, C[]>()
  for (const card of cards) {
    if (card.count <= 0) continue
    const group = groups.get(card.type)
    if (group) group.push(card)
    else groups.set(card.type, [card])
  }
  return [...groups]
    .sort(([a], [b]) => sectionRank(a) - sectionRank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([type, group]) => ({
      type,
      title: pluralCardType(type),
      count: countCopies(group),
      cards: [...group].sort(byName),
    }))
}

export function countCopies(cards: readonly { count: number }[]): number {
  return cards.reduce((total, card) => total + card.count, 0)
}

/** A deck is complete at exactly 30 cards; anything else shows in red. */
export function isFullDeck(cardCount: number): boolean {
  return cardCount === DECK_RULES.cards
}

/** A deck without a title shows as 'Untitled' plus its Phoenixborn's name. */
export function deckTitle(deck: { title?: string | null; phoenixborn: { name: string } }): string {
  return deck.title?.trim() ? deck.title : `Untitled ${deck.phoenixborn.name}`
}
