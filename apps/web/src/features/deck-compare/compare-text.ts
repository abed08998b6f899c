import { deckTitle } from '@spellboard/core/deck-sections'

type TitledDeck = { id: number; title?: string | null; phoenixborn: { name: string } }

/**
 * The names the compare page gives its two sides: each deck's title ('Untitled {Phoenixborn}'
 * without one). Two snapshots of one deck often share a title; then each gets its id, so
 * 'Only in …' never names both sides alike.
 */
export function sideTitles(left: TitledDeck, right: TitledDeck): { left: string; right: string } {
  const l = deckTitle(left)
  const r = deckTitle(right)
  if (l !== r || left.id === right.id) return { left: l, right: r }
  return { left: `${l} (#${left.id})`, right: `${r} (#${right.id})` }
}

/** '+2', '−1': a change in copies or dice, with a real minus sign. */
export function signed(difference: number): string {
  if (difference > 0) return `+${difference}`
  return difference < 0 ? `\u2212${-difference}` : '0'
}
