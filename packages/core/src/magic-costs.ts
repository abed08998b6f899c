import { MAGIC_TYPES, type MagicType } from './cards.ts'

/**
 * Reading a card's dice costs (API.md §6.4, §6.5), for the deck rules, the deck analysis and the
 * dice odds. Pure functions over the card JSON; nothing here knows about decks.
 */

/** `magicCost` / `effectMagicCost`: dice key → count (`"charm:class": 1`, `"a / b": n`). */
export type MagicCostMap = Readonly<Record<string, number>>

/** What the insights read of a card: the card JSON (API.md §5.2) and a full deck card both fit. */
export type CostedCard = {
  stub: string
  name: string
  type: string
  /** Name of the Phoenixborn the card is unique to. */
  phoenixborn?: string | null | undefined
  magicCost?: MagicCostMap | null | undefined
  effectMagicCost?: MagicCostMap | null | undefined
  /** Magic types needed to play the card or use its abilities (may hold `basic`). */
  dice?: readonly string[] | null | undefined
  /** Magic types met in either/or dice costs. */
  altDice?: readonly string[] | null | undefined
  chained?: boolean | null | undefined
}

/**
 * Finds a card by stub. Deck entries carry no costs (API.md §5.4), so the insights take the
 * cards themselves through a lookup: the web feeds it the cards it fetched.
 */
export type CardLookup = (stub: string) => CostedCard | undefined

/** A lookup over a list of cards, e.g. a deck read with `full_cards=true` or a card listing. */
export function cardLookup(cards: Iterable<CostedCard>): CardLookup {
  const byStub = new Map<string, CostedCard>()
  for (const card of cards) byStub.set(card.stub, card)
  return (stub) => byStub.get(stub)
}

/** One symbol a die can pay: any face (`basic`), or a class or power face of a magic type. */
export type DiceSymbol = { face: 'basic' } | { face: 'class' | 'power'; magic: MagicType }

/**
 * One key of a cost map: `count` symbols, all paid by the same option. A plain key has one
 * option; an either/or key (`"charm:class / sympathy:class"`) has one per alternative.
 */
export type CostTerm = { options: readonly DiceSymbol[]; count: number }

const KNOWN_TYPES: ReadonlySet<string> = new Set(MAGIC_TYPES)

function isMagicType(name: string): name is MagicType {
  return KNOWN_TYPES.has(name)
}

function parseSymbol(key: string): DiceSymbol | null {
  const trimmed = key.trim()
  if (trimmed === 'basic') return { face: 'basic' }
  const [magic = '', face, ...rest] = trimmed.split(':')
  if (rest.length > 0 || !isMagicType(magic)) return null
  return face === 'class' || face === 'power' ? { face, magic } : null
}

/**
 * The options of one dice key, or null when a part names no known magic type or face (the data
 * has typos such as `divince:class`; no die can be said to pay those, so they are left out).
 */
export function parseDiceKey(key: string): DiceSymbol[] | null {
  const options: DiceSymbol[] = []
  for (const part of key.split(' / ')) {
    const symbol = parseSymbol(part)
    if (!symbol) return null
    options.push(symbol)
  }
  return options
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0

/** The terms of a cost map; keys with unknown types and counts that are not positive are left out. */
export function costTerms(cost: MagicCostMap | null | undefined): CostTerm[] {
  const terms: CostTerm[] = []
  for (const [key, count] of Object.entries(cost ?? {})) {
    const options = isCount(count) ? parseDiceKey(key) : null
    if (options) terms.push({ options, count })
  }
  return terms
}

/**
 * Dice in a card's play cost: the sum of its `magicCost` values. An either/or key counts once
 * (its value is already the larger side's count, and one side is paid); `X` amounts are not in
 * `magicCost` (API.md §6.5), so they count 0.
 */
export function playDiceCount(card: Pick<CostedCard, 'magicCost'>): number {
  let total = 0
  for (const count of Object.values(card.magicCost ?? {})) if (isCount(count)) total += count
  return total
}

/** A magic type a card needs: one type, or alternatives of which any one will do. */
export type MagicNeed = readonly MagicType[]

/**
 * The magic types a card needs dice of, to be played or to use its abilities: the types of its
 * play and effect costs, plus the types its `dice` list names outside its either/or costs (costs
 * written only in the text, such as a Phoenixborn's ability, appear there alone). An either/or
 * cost needs one of its types; one with a `basic` side needs none. Sorted in `MAGIC_TYPES` order;
 * alternatives that include a type needed on its own are dropped (that type settles them).
 */
export function magicNeeds(card: CostedCard): MagicNeed[] {
  const single = new Set<MagicType>()
  const alternatives: MagicType[][] = []
  const inEitherCosts = new Set<string>(card.altDice ?? [])
  for (const term of [...costTerms(card.magicCost), ...costTerms(card.effectMagicCost)]) {
    const types = term.options.flatMap((option) => (option.face === 'basic' ? [] : [option.magic]))
    if (term.options.length === 1) {
      for (const type of types) single.add(type)
    } else {
      for (const type of types) inEitherCosts.add(type)
      if (types.length === term.options.length) alternatives.push(types)
    }
  }
  for (const name of card.dice ?? []) {
    if (isMagicType(name) && !inEitherCosts.has(name)) single.add(name)
  }
  const order = (type: MagicType) => MAGIC_TYPES.indexOf(type)
  const needs: MagicNeed[] = [...single].sort((a, b) => order(a) - order(b)).map((type) => [type])
  const seen = new Set<string>()
  for (const types of alternatives) {
    const sorted = [...new Set(types)].sort((a, b) => order(a) - order(b))
    const key = sorted.join(' ')
    if (sorted.some((type) => single.has(type)) || seen.has(key)) continue
    seen.add(key)
    needs.push(sorted)
  }
  return needs
}

/** Whether a need is met by dice of these types (any one of its alternatives). */
export function isNeedMet(need: MagicNeed, chosen: ReadonlySet<string>): boolean {
  return need.some((type) => chosen.has(type))
}
