import {
  DICE_FLAGS,
  type DiceLogic,
  type DiceName,
  isConjurationType,
} from '@spellboard/core/cards'

export type DiceFiltered = { diceFlags: number; altDiceFlags: number; cardType: string }

/**
 * The `dice` + `dice_logic` filter of API.md §7.3.1 over the stored flag masks, or `null` when
 * the selection filters nothing. `dice_flags` holds the types a card always needs, and
 * `alt_dice_flags` the types of its either/or costs (either one will do).
 */
export function diceFilter(
  selected: readonly DiceName[],
  logic: DiceLogic,
): ((card: DiceFiltered) => boolean) | null {
  if (selected.length === 0) return null
  const hasBasic = selected.includes('basic')
  const wanted = selected.reduce((mask, name) => mask | DICE_FLAGS[name], 0)
  const within = (flags: number) => (flags & ~wanted) === 0

  switch (logic) {
    case 'includes':
      // Basic is "any die": every card can be paid with it, so alone it narrows nothing.
      if (wanted === 0) return null
      return (card) => (card.diceFlags & wanted) !== 0 || (card.altDiceFlags & wanted) !== 0
    case 'all':
      return (card) => {
        if (!within(card.diceFlags)) return false
        const missing = wanted & ~card.diceFlags
        return missing === 0 ? card.altDiceFlags === 0 : (card.altDiceFlags & missing) === missing
      }
    default:
      // `only` (and its older name `any`): the card can be paid with the selected types alone.
      return (card) => {
        const noDice = card.diceFlags === 0 && card.altDiceFlags === 0
        if (hasBasic && noDice && !isConjurationType(card.cardType)) return true
        if (wanted === 0) return false
        const sharesAlt = (card.altDiceFlags & wanted) !== 0
        if (card.diceFlags !== 0 && within(card.diceFlags)) {
          return card.altDiceFlags === 0 || sharesAlt
        }
        return card.diceFlags === 0 && sharesAlt
      }
  }
}
