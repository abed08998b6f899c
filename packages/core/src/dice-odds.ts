import { type CostTerm, costTerms, type MagicCostMap } from './magic-costs.ts'

/**
 * The chance that one roll of a deck's dice pays a set of dice costs, and the discards Meditate
 * needs on average to pay them. The model, exactly:
 *
 * - Each die has 6 faces: 1 power, 3 class and 2 basic symbols (Ashes Rules Reference v2.0,
 *   §2.2.0). A power symbol may pay a power, class or basic cost of its type; a class symbol a
 *   class or basic cost of its type; a basic symbol a basic cost only.
 * - A cost is a `magicCost` / `effectMagicCost` map (API.md §6.5): `"T:power": n` needs n power
 *   faces of type T; `"T:class": n` needs n class or power faces of T; `"basic": n` takes any n
 *   faces; an either/or key `"A / B": n` is paid by n symbols all of A or all of B. Each die pays
 *   one symbol. Keys naming no known magic type are left out (see `costTerms`).
 * - The chance is exact: every outcome of the dice is enumerated (as multinomials per die type,
 *   not die by die), weighted by how many of the 6^N face combinations give it; no sampling.
 *   No cost → 1; more symbols than dice → 0.
 * - Meditate (discard a card to turn one die to any of its faces): for each outcome, the fewest
 *   dice that must be turned for the roll to pay, averaged over all outcomes with the same
 *   weights. A die keeps its type, so a cost needing more dice of a type than the pool holds
 *   can never be paid, and the expected discards are then `null`.
 */

/** The dice of a deck, as saved (`dice` of API.md §5.4). */
export type DicePool = readonly { name: string; count: number }[]

export type PayOdds = {
  /** Probability in [0, 1] that one roll pays every cost at once. */
  chance: number
  /** Expected discards to Meditate before the roll pays; null when no roll can ever pay. */
  meditate: number | null
}

/** The help text the odds are shown with: the same model, for players. */
export const DICE_ODDS_HELP =
  'Each die has 6 faces: 1 power, 3 class and 2 basic symbols. A power symbol can pay a power, ' +
  'class or basic cost of its magic type, a class symbol a class or basic cost, and a basic ' +
  'symbol only a basic cost; a basic cost takes any face. A cost of one type or another is paid ' +
  'entirely with symbols of one of the two. Each die pays one symbol. The chance is exact: ' +
  "every way the deck's dice can land on one roll is counted, nothing is sampled. A card with " +
  'no dice cost is always paid (100.0%); a cost needing more symbols than there are dice never ' +
  'is (0.0%). Meditate (discard a card to turn one die to a face of your choice): the number of ' +
  'discards needed, on average over all rolls, to pay the cost.'

/** A chance as a percentage with one decimal, rounded half up: 0.432 → '43.2%'. */
export function formatChance(chance: number): string {
  const clamped = Number.isFinite(chance) ? Math.min(1, Math.max(0, chance)) : 0
  return `${(Math.round(clamped * 1000) / 10).toFixed(1)}%`
}

/** Expected discards with one decimal, rounded half up: 1.25 → '1.3'. */
export function formatDiscards(expected: number): string {
  return (Math.round(Math.max(0, expected) * 10) / 10).toFixed(1)
}

/** The chance that one roll pays all the given cost maps at once (e.g. several cards' play costs). */
export function costsOdds(
  dice: DicePool,
  costs: readonly (MagicCostMap | null | undefined)[],
): PayOdds {
  return termsOdds(
    dice,
    costs.flatMap((cost) => costTerms(cost)),
  )
}

/** Typed symbols one choice of the either/or options asks of each type, and basic symbols. */
type Demand = { typed: Map<string, { power: number; class: number }>; basic: number }

const NEVER: PayOdds = { chance: 0, meditate: null }

function poolCounts(dice: DicePool): { perType: Map<string, number>; total: number } {
  const perType = new Map<string, number>()
  let total = 0
  for (const die of dice) {
    const count = Number.isInteger(die.count) && die.count > 0 ? die.count : 0
    if (count === 0) continue
    perType.set(die.name, (perType.get(die.name) ?? 0) + count)
    total += count
  }
  return { perType, total }
}

function demandKey(demand: Demand): string {
  const typed = [...demand.typed]
    .filter(([, need]) => need.power + need.class > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([type, need]) => `${type}:${need.power}:${need.class}`)
  return `${demand.basic}|${typed.join(',')}`
}

/**
 * Every way of choosing the either/or options, as demands, without duplicates and without those
 * no roll could pay even after Meditate (more symbols than dice, or more symbols of a type than
 * dice of it): adding a term only ever asks for more, so those are dropped as soon as they appear.
 */
function demands(terms: readonly CostTerm[], perType: Map<string, number>, total: number) {
  let current: Demand[] = [{ typed: new Map(), basic: 0 }]
  for (const term of terms) {
    const next = new Map<string, Demand>()
    for (const demand of current) {
      for (const option of term.options) {
        const typed = new Map(demand.typed)
        let basic = demand.basic
        if (option.face === 'basic') basic += term.count
        else {
          const need = typed.get(option.magic) ?? { power: 0, class: 0 }
          typed.set(option.magic, { ...need, [option.face]: need[option.face] + term.count })
        }
        const candidate = { typed, basic }
        if (payableAfterMeditate(candidate, perType, total)) {
          next.set(demandKey(candidate), candidate)
        }
      }
    }
    current = [...next.values()]
    if (current.length === 0) break
  }
  return current
}

function payableAfterMeditate(demand: Demand, perType: Map<string, number>, total: number) {
  let symbols = demand.basic
  for (const [type, need] of demand.typed) {
    if (need.power + need.class > (perType.get(type) ?? 0)) return false
    symbols += need.power + need.class
  }
  return symbols <= total
}

/** One outcome of n dice of one type: power and class faces (the rest basic) and its weight. */
type Outcome = { power: number; class: number; weight: number }

const outcomeCache = new Map<number, Outcome[]>()

/**
 * The outcomes of n dice of one type. Weight = ways to land there out of 6^n: the multinomial
 * n! / (p! c! b!) times 1^p 3^c 2^b faces. Integers below 2^53 up to 20 dice, so exact.
 */
export function typeOutcomes(n: number): readonly Outcome[] {
  const cached = outcomeCache.get(n)
  if (cached) return cached
  const factorial = [1]
  for (let i = 1; i <= n; i += 1) factorial.push((factorial[i - 1] ?? 1) * i)
  const fact = (i: number) => factorial[i] ?? 1
  const outcomes: Outcome[] = []
  for (let power = 0; power <= n; power += 1) {
    for (let klass = 0; power + klass <= n; klass += 1) {
      const basic = n - power - klass
      const ways = fact(n) / (fact(power) * fact(klass) * fact(basic))
      outcomes.push({ power, class: klass, weight: ways * 3 ** klass * 2 ** basic })
    }
  }
  outcomeCache.set(n, outcomes)
  return outcomes
}

/**
 * Dice of one type to turn so that type's demand is paid: the missing power faces, or the missing
 * class-or-power faces if more (each turn adds at most one of each, and turning basic faces first
 * reaches that bound). Basic costs need no turn: demands were filtered to fit the dice.
 */
function turnsNeeded(outcome: Outcome, need: { power: number; class: number }): number {
  return Math.max(
    0,
    need.power - outcome.power,
    need.power + need.class - outcome.power - outcome.class,
  )
}

/** Per type, per demand, per outcome: pays as rolled, and the turns Meditate needs. */
type TypeTable = { outcomes: readonly Outcome[]; turns: number[][] }

function typeTable(dice: number, needs: readonly { power: number; class: number }[]): TypeTable {
  const outcomes = typeOutcomes(dice)
  return { outcomes, turns: needs.map((need) => outcomes.map((o) => turnsNeeded(o, need))) }
}

/** The odds of paying a list of cost terms (see the model above). */
export function termsOdds(dice: DicePool, terms: readonly CostTerm[]): PayOdds {
  const { perType, total } = poolCounts(dice)
  const choices = demands(terms, perType, total)
  if (choices.length === 0) return NEVER
  const types = [...new Set(choices.flatMap((demand) => [...demand.typed.keys()]))]
  const needOf = (demand: Demand, type: string) => demand.typed.get(type) ?? { power: 0, class: 0 }
  // A type asked the same of by every choice is independent of the others: its chance multiplies
  // and its turns add. Only types the choices disagree on are enumerated together.
  let chance = 1
  let meditate = 0
  const varying: TypeTable[] = []
  for (const type of types) {
    const dieCount = perType.get(type) ?? 0
    const needs = choices.map((demand) => needOf(demand, type))
    const first = needs[0] ?? { power: 0, class: 0 }
    const fixed = needs.every((need) => need.power === first.power && need.class === first.class)
    const table = typeTable(dieCount, fixed ? [first] : needs)
    if (!fixed) {
      varying.push(table)
      continue
    }
    const denominator = 6 ** dieCount
    let paid = 0
    let turns = 0
    table.outcomes.forEach((outcome, index) => {
      const needed = table.turns[0]?.[index] ?? 0
      if (needed === 0) paid += outcome.weight
      turns += needed * outcome.weight
    })
    chance *= paid / denominator
    meditate += turns / denominator
  }
  if (varying.length > 0) {
    const joint = enumerateJointly(varying, choices.length)
    chance *= joint.chance
    meditate += joint.meditate
  }
  return { chance, meditate }
}

/**
 * Every joint outcome of the types the either/or choices disagree on: it pays when some choice
 * needs no turn, and Meditate takes the choice needing the fewest turns.
 */
function enumerateJointly(
  tables: readonly TypeTable[],
  choiceCount: number,
): { chance: number; meditate: number } {
  const depth = tables.length
  const partial = Array.from({ length: depth + 1 }, () => new Array<number>(choiceCount).fill(0))
  let paid = 0
  let turns = 0
  let denominator = 1
  for (const table of tables) denominator *= table.outcomes.reduce((sum, o) => sum + o.weight, 0)
  const visit = (level: number, weight: number) => {
    const sums = partial[level] ?? []
    if (level === depth) {
      let fewest = Number.POSITIVE_INFINITY
      for (const sum of sums) if (sum < fewest) fewest = sum
      if (fewest === 0) paid += weight
      turns += fewest * weight
      return
    }
    const table = tables[level]
    const nextSums = partial[level + 1] ?? []
    if (!table) return
    table.outcomes.forEach((outcome, index) => {
      for (let choice = 0; choice < choiceCount; choice += 1) {
        nextSums[choice] = (sums[choice] ?? 0) + (table.turns[choice]?.[index] ?? 0)
      }
      visit(level + 1, weight * outcome.weight)
    })
  }
  visit(0, 1)
  return { chance: paid / denominator, meditate: turns / denominator }
}
