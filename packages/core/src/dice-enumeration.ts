import type { CostTerm } from './magic-costs.ts'

/**
 * The exact enumeration behind `dice-odds.ts` (the model is written there). Outcomes are counted
 * per die type as multinomials, not die by die, and types are combined as independently as the
 * either/or costs allow, so a whole deck's odds take well under a millisecond.
 */

type Need = { power: number; class: number }
/** What one choice among the either/or options asks: symbols per type, and basic symbols. */
type Demand = { typed: Map<string, Need>; basic: number }
/** Dice of each type in the pool, and all of them. */
export type Pool = { perType: ReadonlyMap<string, number>; total: number }
export type Odds = { chance: number; meditate: number | null }

const NO_NEED: Need = { power: 0, class: 0 }
const needOf = (demand: Demand, type: string) => demand.typed.get(type) ?? NO_NEED

function demandKey(demand: Demand): string {
  const typed = [...demand.typed]
    .filter(([, need]) => need.power + need.class > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([type, need]) => `${type}:${need.power}:${need.class}`)
  return `${demand.basic}|${typed.join(',')}`
}

/** Whether some roll, after Meditate, pays the demand: enough dice, and enough of each type. */
function fitsPool(demand: Demand, pool: Pool): boolean {
  let symbols = demand.basic
  for (const [type, need] of demand.typed) {
    if (need.power + need.class > (pool.perType.get(type) ?? 0)) return false
    symbols += need.power + need.class
  }
  return symbols <= pool.total
}

/**
 * Every way of choosing the either/or options, as demands, without duplicates and without those
 * no roll could pay even after Meditate: adding a term only ever asks for more, so those are
 * dropped as soon as they appear.
 */
function demands(terms: readonly CostTerm[], pool: Pool): Demand[] {
  let current: Demand[] = [{ typed: new Map(), basic: 0 }]
  for (const term of terms) {
    const next = new Map<string, Demand>()
    for (const demand of current) {
      for (const option of term.options) {
        const typed = new Map(demand.typed)
        let basic = demand.basic
        if (option.face === 'basic') basic += term.count
        else {
          const need = needOf(demand, option.magic)
          typed.set(option.magic, { ...need, [option.face]: need[option.face] + term.count })
        }
        const candidate = { typed, basic }
        if (fitsPool(candidate, pool)) next.set(demandKey(candidate), candidate)
      }
    }
    current = [...next.values()]
    if (current.length === 0) break
  }
  return current
}

/**
 * Drops every demand that asks, of every type, at least the power and at least the symbols
 * another one asks: whatever roll pays it pays the other, with no more turns. (Two demands never
 * ask exactly the same: every choice asks as many symbols in all, so they would share a key.)
 */
function withoutDominated(choices: readonly Demand[], types: readonly string[]): Demand[] {
  const atMost = (a: Demand, b: Demand) =>
    types.every((type) => {
      const x = needOf(a, type)
      const y = needOf(b, type)
      return x.power <= y.power && x.power + x.class <= y.power + y.class
    })
  return choices.filter(
    (choice) => !choices.some((other) => other !== choice && atMost(other, choice)),
  )
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
 * Dice of one type to turn so that type's part of a demand is paid: the missing power faces, or
 * the missing class-or-power faces if more (each turn adds at most one of each, and turning basic
 * faces first reaches that bound). Basic costs need no turn: demands were filtered to fit.
 */
function turnsNeeded(outcome: Outcome, need: Need): number {
  return Math.max(
    0,
    need.power - outcome.power,
    need.power + need.class - outcome.power - outcome.class,
  )
}

/** A type's outcomes that differ for the demands: the turns each demand needs, and the weight. */
type Profile = { turns: number[]; weight: number }

function typeProfiles(dice: number, needs: readonly Need[]): Profile[] {
  const merged = new Map<string, Profile>()
  for (const outcome of typeOutcomes(dice)) {
    const turns = needs.map((need) => turnsNeeded(outcome, need))
    const key = turns.join(',')
    const profile = merged.get(key)
    if (profile) profile.weight += outcome.weight
    else merged.set(key, { turns, weight: outcome.weight })
  }
  return [...merged.values()]
}

/** The chance that one roll pays every term, and Meditate's expected turns (see dice-odds.ts). */
export function enumerateOdds(pool: Pool, terms: readonly CostTerm[]): Odds {
  const found = demands(terms, pool)
  if (found.length === 0) return { chance: 0, meditate: null }
  const types = [...new Set(found.flatMap((demand) => [...demand.typed.keys()]))]
  const choices = withoutDominated(found, types)
  // A type every choice asks the same of is independent of the others: its chance multiplies and
  // its turns add. Only the types the choices disagree on are weighed together.
  let chance = 1
  let meditate = 0
  const varying: Profile[][] = []
  for (const type of types) {
    const dice = pool.perType.get(type) ?? 0
    const needs = choices.map((demand) => needOf(demand, type))
    const first = needs[0] ?? NO_NEED
    if (!needs.every((need) => need.power === first.power && need.class === first.class)) {
      varying.push(typeProfiles(dice, needs))
      continue
    }
    let paid = 0
    let turns = 0
    for (const profile of typeProfiles(dice, [first])) {
      const needed = profile.turns[0] ?? 0
      if (needed === 0) paid += profile.weight
      turns += needed * profile.weight
    }
    chance *= paid / 6 ** dice
    meditate += turns / 6 ** dice
  }
  if (varying.length > 0) {
    const joint = weighTogether(varying, choices.length)
    chance *= joint.chance
    meditate += joint.meditate
  }
  return { chance, meditate }
}

/** Running turns of every choice, less their minimum, with the weight of the rolls that led here. */
type State = {
  turns: number[]
  weight: number
  /** Sum over those rolls of weight × the minimum taken out: Meditate's turns so far. */
  taken: number
  /** Weight of those rolls with nothing taken out: every one so far paid as rolled. */
  untouched: number
}

/**
 * The types the choices disagree on, weighed together, type by type: a roll pays when some choice
 * needs no turn, and Meditate takes the choice needing the fewest. Each state keeps the running
 * turns of every choice less their minimum (the minimum moves to `taken`), and a choice further
 * behind than the turns still to come can never be the fewest, so it is held there: rolls that
 * differ only in those ways merge, and the states stay few however many outcomes there are.
 */
function weighTogether(types: readonly Profile[][], choiceCount: number) {
  const most = types.map((profiles) => Math.max(0, ...profiles.flatMap((p) => p.turns)))
  const start: State = { turns: new Array(choiceCount).fill(0), weight: 1, taken: 0, untouched: 1 }
  let states = new Map<string, State>([['', start]])
  let denominator = 1
  types.forEach((profiles, level) => {
    const stillToCome = most.slice(level + 1).reduce((sum, turns) => sum + turns, 0)
    const next = new Map<string, State>()
    for (const state of states.values()) {
      for (const profile of profiles) {
        const running = state.turns.map((sum, choice) => sum + (profile.turns[choice] ?? 0))
        const fewest = Math.min(...running)
        const turns = running.map((sum) => Math.min(sum - fewest, stillToCome))
        const key = turns.join(',')
        let merged = next.get(key)
        if (!merged) {
          merged = { turns, weight: 0, taken: 0, untouched: 0 }
          next.set(key, merged)
        }
        merged.weight += state.weight * profile.weight
        merged.taken += (state.taken + state.weight * fewest) * profile.weight
        if (fewest === 0) merged.untouched += state.untouched * profile.weight
      }
    }
    states = next
    denominator *= profiles.reduce((sum, profile) => sum + profile.weight, 0)
  })
  let paid = 0
  let turns = 0
  for (const state of states.values()) {
    paid += state.untouched
    turns += state.taken
  }
  return { chance: paid / denominator, meditate: turns / denominator }
}
