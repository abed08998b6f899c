import type { BuilderCard } from '../../store/builder-slice.ts'

/**
 * A deck for the insights' tests, its odds worked out by hand: 5 ceremonial and 4 charm dice,
 * 27 cards, one of them needing illusion dice that none of the dice is.
 */
const card = (
  name: string,
  type: string,
  magicCost?: Record<string, number>,
  effectMagicCost?: Record<string, number>,
) => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  release: { name: 'Master Set', stub: 'master-set' },
  ...(magicCost ? { magicCost } : {}),
  ...(effectMagicCost ? { effectMagicCost } : {}),
})

export const SERA = card('Sera Emberlock', 'Phoenixborn', undefined, { 'ceremonial:class': 1 })

export const CARDS = [
  card('Gentle Word', 'Action Spell', { 'charm:class': 1 }),
  card('Grave Offering', 'Action Spell', { 'ceremonial:power': 1 }),
  card('Quick Study', 'Action Spell', { basic: 1 }),
  card('Summon Cinder Hound', 'Ready Spell', undefined, { 'ceremonial:class': 1 }),
  card('Mind Fog', 'Alteration Spell', { 'illusion:class': 1 }),
  card('Big One', 'Ally', { 'ceremonial:class': 2, 'ceremonial:power': 1, basic: 2 }),
  card('Ally A', 'Ally', { 'charm:class': 1, basic: 1 }),
  card('Ally B', 'Ally', { 'charm:class': 1, basic: 1 }),
  card('Ally C', 'Ally', { 'charm:class': 1, basic: 1 }),
]

export const DICE = [
  { name: 'ceremonial', count: 5 },
  { name: 'charm', count: 4 },
]

export const FIRST_FIVE = [
  'gentle-word',
  'grave-offering',
  'quick-study',
  'summon-cinder-hound',
  'ally-a',
]

/** The deck as a deck page reads it with `full_cards=true`. */
export const FULL_DECK = {
  phoenixborn: { name: SERA.name, stub: SERA.stub, battlefield: 5, life: 17, spellboard: 4 },
  dice: DICE,
  cards: CARDS.map((entry) => ({ ...entry, count: 3 })),
  conjurations: [{ ...card('Cinder Hound', 'Conjuration'), count: 4 }],
  first_five: FIRST_FIVE,
  effect_costs: [] as string[],
}

/** The same cards as the builder keeps them (no costs). */
export const BUILDER_CARDS: BuilderCard[] = CARDS.map(({ name, stub, type }) => ({
  name,
  stub,
  type,
  count: 3,
  phoenixborn: null,
}))

/** Scripted answers for `GET /v2/cards/{stub}` of every card above. */
export function cardReplies(): Record<string, { status: number; body: unknown }[]> {
  return Object.fromEntries(
    [SERA, ...CARDS].map((entry) => [`GET /cards/${entry.stub}`, [{ status: 200, body: entry }]]),
  )
}
