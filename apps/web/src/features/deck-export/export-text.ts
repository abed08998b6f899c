import { countCopies, deckSections, deckTitle } from '@spellboard/core/deck-sections'
import { DECK_RULES } from '@spellboard/core/limits'

type ExportCard = {
  name: string
  stub: string
  type: string
  count: number
  phoenixborn?: string | null
}

/** What the export text needs of a deck; saved decks and the builder's deck both fit. */
export type ExportableDeck = {
  title?: string | null
  phoenixborn: { name: string }
  dice: readonly { name: string; count: number }[]
  cards: readonly ExportCard[]
  conjurations: readonly ExportCard[]
}

export type ExportOptions = {
  /** Totals: 'x / 30' and the count of each section. */
  showCardCounts: boolean
  /** Cards grouped under their type headings instead of one list by name. */
  sortByType: boolean
  /** A closing line naming the site the deck came from. */
  showAttribution: boolean
  /** The site's address for the attribution line. */
  origin: string
}

const capitalise = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`
const byName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

function cardLines(cards: readonly ExportCard[]): string[] {
  return cards.map(
    (card) => `${card.count}x ${card.name}${card.phoenixborn ? ` (${card.phoenixborn})` : ''}`,
  )
}

/** A heading line, with its total in brackets when counts are on. */
function heading(title: string, count: string | number, showCount: boolean): string {
  return showCount ? `${title} (${count}):` : `${title}:`
}

/**
 * The plain-text form of a deck for forums and chat: title, Phoenixborn, dice, the cards with
 * their counts, and the conjuration pile, in blocks separated by blank lines.
 */
export function deckExportText(deck: ExportableDeck, options: ExportOptions): string {
  const blocks: string[][] = [[deckTitle(deck)], [`Phoenixborn: ${deck.phoenixborn.name}`]]

  const dice = deck.dice.filter((die) => die.count > 0)
  if (dice.length) {
    blocks.push(['Dice:', ...dice.map((die) => `${die.count}x ${capitalise(die.name)}`)])
  }

  const cards = deck.cards.filter((card) => card.count > 0)
  if (cards.length) {
    const total = `${countCopies(cards)} / ${DECK_RULES.cards}`
    if (options.sortByType) {
      if (options.showCardCounts) blocks.push([heading('Cards', total, true)])
      for (const section of deckSections(cards)) {
        blocks.push([
          heading(section.title, section.count, options.showCardCounts),
          ...cardLines(section.cards),
        ])
      }
    } else {
      blocks.push([
        heading('Cards', total, options.showCardCounts),
        ...cardLines([...cards].sort(byName)),
      ])
    }
  }

  const conjurations = deck.conjurations.filter((card) => card.count > 0)
  if (conjurations.length) {
    blocks.push([
      heading('Conjuration Pile', countCopies(conjurations), options.showCardCounts),
      ...cardLines([...conjurations].sort(byName)),
    ])
  }

  if (options.showAttribution) blocks.push([`Created with Spellboard: ${options.origin}/`])
  return blocks.map((lines) => lines.join('\n')).join('\n\n')
}

/** `{origin}/decks/share/{uuid}/`: anyone with it can see the deck. */
export function shareUrl(origin: string, uuid: string): string {
  return `${origin}/decks/share/${uuid}/`
}
