import { describe, expect, it } from 'vitest'
import { hasRealData, loadRealData } from '../test/real-data.ts'
import { SPREAD_CARDS, SPREAD_DECK } from '../test/spread-deck.ts'
import { typeOutcomes } from './dice-enumeration.ts'
import { costsOdds, type DicePool, type PayOdds } from './dice-odds.ts'
import { firstFiveOdds, planOdds, roundPlan } from './first-five.ts'
import { costTerms, type MagicCostMap } from './magic-costs.ts'

describe('outcomes of one type', () => {
  it('weights the outcomes of n dice to 6^n', () => {
    for (const n of [0, 1, 2, 5, 10]) {
      const outcomes = typeOutcomes(n)
      expect(outcomes).toHaveLength(((n + 1) * (n + 2)) / 2)
      expect(outcomes.reduce((sum, outcome) => sum + outcome.weight, 0)).toBe(6 ** n)
    }
  })
})

/**
 * The plain way, with none of the shortcuts (independent types, dominated choices, merged
 * states): every joint outcome of every die type, every choice of every either/or option.
 */
function plainOdds(dice: DicePool, costs: readonly (MagicCostMap | null | undefined)[]): PayOdds {
  const terms = costs.flatMap((cost) => costTerms(cost))
  type Need = Map<string, { power: number; class: number }>
  let choices: { typed: Need; symbols: number }[] = [{ typed: new Map(), symbols: 0 }]
  for (const term of terms) {
    choices = choices.flatMap((choice) =>
      term.options.map((option) => {
        const typed: Need = new Map([...choice.typed].map(([k, v]) => [k, { ...v }]))
        if (option.face !== 'basic') {
          const need = typed.get(option.magic) ?? { power: 0, class: 0 }
          need[option.face] += term.count
          typed.set(option.magic, need)
        }
        return { typed, symbols: choice.symbols + term.count }
      }),
    )
  }
  const total = dice.reduce((sum, die) => sum + die.count, 0)
  const payable = choices.filter(
    (choice) =>
      choice.symbols <= total &&
      [...choice.typed].every(
        ([type, need]) =>
          need.power + need.class <=
          dice.filter((die) => die.name === type).reduce((sum, die) => sum + die.count, 0),
      ),
  )
  if (payable.length === 0) return { chance: 0, meditate: null }
  let paid = 0
  let turns = 0
  const visit = (
    index: number,
    weight: number,
    rolled: Map<string, { power: number; class: number }>,
  ) => {
    const die = dice[index]
    if (!die) {
      const fewest = Math.min(
        ...payable.map((choice) =>
          [...choice.typed].reduce((sum, [type, need]) => {
            const face = rolled.get(type) ?? { power: 0, class: 0 }
            const short = need.power + need.class - face.power - face.class
            return sum + Math.max(0, need.power - face.power, short)
          }, 0),
        ),
      )
      if (fewest === 0) paid += weight
      turns += fewest * weight
      return
    }
    for (const outcome of typeOutcomes(die.count)) {
      visit(index + 1, weight * outcome.weight, new Map([...rolled, [die.name, outcome]]))
    }
  }
  visit(0, 1, new Map())
  const all = 6 ** total
  return { chance: paid / all, meditate: turns / all }
}

describe('the shortcuts agree with the plain enumeration', () => {
  const close = (odds: PayOdds, expected: PayOdds) => {
    expect(odds.chance).toBeCloseTo(expected.chance, 12)
    if (expected.meditate === null) expect(odds.meditate).toBeNull()
    else expect(odds.meditate).toBeCloseTo(expected.meditate, 12)
  }

  it('on the benchmark deck: 10 dice over 5 types, either/or costs everywhere', () => {
    const plays = SPREAD_DECK.first_five.map((stub) => SPREAD_CARDS(stub)?.magicCost)
    const odds = firstFiveOdds(SPREAD_DECK, SPREAD_CARDS, ['a', 'b', 'c'])
    close(odds.all, plainOdds(SPREAD_DECK.dice, plays))
    const plan = roundPlan(SPREAD_DECK, ['a', 'b', 'c'])
    const planCosts = [
      ...plan.play.map((stub) => SPREAD_CARDS(stub)?.magicCost),
      ...(plan.effects ?? []).map((stub) => SPREAD_CARDS(stub)?.effectMagicCost),
    ]
    expect(odds.plan).not.toBeNull()
    if (odds.plan) close(odds.plan, plainOdds(SPREAD_DECK.dice, planCosts))
    // A chance neither 0 nor 1, so the comparison means something.
    expect(odds.plan?.chance).toBeGreaterThan(0.01)
    expect(odds.plan?.chance).toBeLessThan(0.99)
  })

  it('with a plan no roll can pay', () => {
    const costs: MagicCostMap[] = [{ 'charm:class / time:class': 3 }, { 'charm:power': 2 }]
    const dice = [
      { name: 'charm', count: 2 },
      { name: 'time', count: 2 },
    ]
    close(costsOdds(dice, costs), plainOdds(dice, costs))
    expect(costsOdds(dice, costs).meditate).toBeNull()
  })

  it.skipIf(!hasRealData)('on every First Five of the 2026 preconstructed decks', () => {
    const { lookup, decks } = loadRealData()
    for (const deck of decks) {
      const costs = deck.first_five.map((stub) => lookup(stub)?.magicCost)
      close(planOdds(deck.dice, lookup, { play: deck.first_five }), plainOdds(deck.dice, costs))
    }
  })
})
