/** The nine magic types, in flag order. Dice types are data: iterate this list, never hard-code it. */
export const MAGIC_TYPES = [
  'ceremonial',
  'charm',
  'illusion',
  'natural',
  'divine',
  'sympathy',
  'time',
  'artifice',
  'astral',
] as const
export type MagicType = (typeof MAGIC_TYPES)[number]

/** `basic` is any die (and the face of an empty dice slot); it has no flag of its own. */
export const DICE_NAMES = [...MAGIC_TYPES, 'basic'] as const
export type DiceName = (typeof DICE_NAMES)[number]

export const DICE_FLAGS: Record<DiceName, number> = {
  basic: 0,
  ceremonial: 1,
  charm: 2,
  illusion: 4,
  natural: 8,
  divine: 16,
  sympathy: 32,
  time: 64,
  artifice: 128,
  astral: 256,
}

export function diceFlag(name: string): number {
  return DICE_FLAGS[name as DiceName] ?? 0
}

export function flagToMagicType(flag: number): MagicType | undefined {
  return MAGIC_TYPES.find((name) => DICE_FLAGS[name] === flag)
}

export const CARD_TYPES = [
  'Phoenixborn',
  'Ready Spell',
  'Ally',
  'Alteration Spell',
  'Action Spell',
  'Reaction Spell',
  'Conjuration',
  'Conjured Alteration Spell',
] as const
export type CardType = (typeof CARD_TYPES)[number]

/** Sort order of card types (`sort=type`, `sort=release`); anything unknown sorts last. */
export function cardTypeOrder(type: string): number {
  const index = CARD_TYPES.indexOf(type as CardType)
  return index === -1 ? CARD_TYPES.length : index
}

/** Conjurations sit in their own pile: they never count toward the 30 and have no deck buttons. */
export const CONJURATION_TYPES: readonly string[] = ['Conjuration', 'Conjured Alteration Spell']

export function isConjurationType(type: string): boolean {
  return CONJURATION_TYPES.includes(type)
}

export const PLACEMENTS = ['Battlefield', 'Spellboard', 'Discard', 'Unit', 'Phoenixborn'] as const
export type Placement = (typeof PLACEMENTS)[number]

/** Values of the `types` filter of `GET /v2/cards`. */
export const CARD_TYPE_FILTERS = [
  'phoenixborn',
  'ally',
  'action_spell',
  'reaction_spell',
  'alteration_spell',
  'ready_spell',
  'conjuration',
  'conjured_alteration_spell',
  'conjurations',
] as const
export type CardTypeFilter = (typeof CARD_TYPE_FILTERS)[number]

/** Card types a `types` filter value stands for (two of them expand). */
export function cardTypesForFilter(filter: CardTypeFilter): CardType[] {
  switch (filter) {
    case 'conjurations':
      return ['Conjuration', 'Conjured Alteration Spell']
    case 'alteration_spell':
      return ['Alteration Spell', 'Conjured Alteration Spell']
    default:
      return [
        filter
          .split('_')
          .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
          .join(' ') as CardType,
      ]
  }
}

export const CARD_SORTS = ['name', 'type', 'cost', 'dice', 'release'] as const
export type CardSort = (typeof CARD_SORTS)[number]
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]
export const DICE_LOGICS = ['only', 'includes', 'any', 'all'] as const
export type DiceLogic = (typeof DICE_LOGICS)[number]
export const RELEASE_FILTERS = ['all', 'mine', 'phg'] as const
export type ReleaseFilter = (typeof RELEASE_FILTERS)[number]
export const CARD_LIST_MODES = ['listing', 'deckbuilder'] as const

/** Keys of the wire card (API.md §5.2) in output order; stored card JSON holds only these. */
export const CARD_WIRE_KEYS = [
  'name',
  'stub',
  'type',
  'release',
  'placement',
  'cost',
  'dice',
  'altDice',
  'magicCost',
  'effectMagicCost',
  'effectRepeats',
  'text',
  'conjurations',
  'phoenixborn',
  'attack',
  'life',
  'recover',
  'battlefield',
  'spellboard',
  'copies',
  'is_legacy',
  'chained',
] as const
