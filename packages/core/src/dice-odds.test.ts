import { describe, expect, it } from 'vitest'
import {
  costsOdds,
  DICE_ODDS_HELP,
  type DicePool,
  formatChance,
  formatDiscards,
} from './dice-odds.ts'
import { type CostTerm, costTerms, type MagicCostMap } from './magic-costs.ts'

const pool = (...dice: [string, number][]): DicePool =>
  dice.map(([name, count]) => ({ name, count }))

describe('the odds of one roll, computed by hand', () => {
  // [case, dice, costs, chance as a fraction, expected discards (null: never paid)]
  it.each<[string, DicePool, MagicCostMap[], number, number | null]>([
    ['no cost at all', pool(['charm', 5], ['time', 5]), [], 1, 0],
    ['no cost and no dice', [], [{}], 1, 0],
    ['basic on one die: any face', pool(['charm', 1]), [{ basic: 1 }], 1, 0],
    // 3 class + 1 power face of 6; Meditate turns the 2 basic faces.
    ['one die, a class symbol', pool(['charm', 1]), [{ 'charm:class': 1 }], 4 / 6, 2 / 6],
    ['one die, a power symbol', pool(['charm', 1]), [{ 'charm:power': 1 }], 1 / 6, 5 / 6],
    ['a die of another type pays no class', pool(['time', 1]), [{ 'charm:class': 1 }], 0, null],
    ['more symbols than dice', pool(['charm', 1]), [{ basic: 2 }], 0, null],
    [
      'more symbols of a type than its dice',
      pool(['charm', 1], ['time', 1]),
      [{ 'charm:class': 2 }],
      0,
      null,
    ],
    // Two independent dice, each 4/6.
    [
      'two types, a class of each',
      pool(['charm', 1], ['time', 1]),
      [{ 'charm:class': 1, 'time:class': 1 }],
      16 / 36,
      // turns: both basic (4/36) need 2, exactly one basic (16/36) needs 1.
      (4 * 2 + 16) / 36,
    ],
    // 2 charm dice, 1 power + 1 class. Outcomes (p,c,b) by weight out of 36: (2,0,0) 1,
    // (1,1,0) 6, (1,0,1) 4, (0,2,0) 9, (0,1,1) 12, (0,0,2) 4. Paid: (2,0,0), where the second
    // power face pays the class cost, and (1,1,0): 7/36. Turns: (1,0,1) 1, (0,2,0) 1, (0,1,1) 1,
    // (0,0,2) 2: (4 + 9 + 12 + 8) / 36.
    [
      'power paying class',
      pool(['charm', 2]),
      [{ 'charm:power': 1, 'charm:class': 1 }],
      7 / 36,
      33 / 36,
    ],
    // One of the two charm dice must show power (1 - 25/36); the other pays basic whatever it shows.
    ['a power and a basic', pool(['charm', 2]), [{ 'charm:power': 1, basic: 1 }], 11 / 36, 25 / 36],
    [
      'other dice pay basic',
      pool(['charm', 1], ['time', 1]),
      [{ 'charm:class': 1, basic: 1 }],
      4 / 6,
      2 / 6,
    ],
    // Either die showing class or power pays: misses only when both are basic (1/9).
    [
      'either/or, one symbol',
      pool(['charm', 1], ['sympathy', 1]),
      [{ 'charm:class / sympathy:class': 1 }],
      8 / 9,
      1 / 9,
    ],
    // Two symbols all of one type: only the two charm dice can, (4/6)^2.
    [
      'either/or, two symbols of one side',
      pool(['charm', 2], ['sympathy', 1]),
      [{ 'charm:class / sympathy:class': 2 }],
      16 / 36,
      // Meditate turns charm dice only (one sympathy die cannot pay 2): one basic 16/36, two 4/36.
      (16 + 8) / 36,
    ],
    [
      'either/or, never two of one type',
      pool(['charm', 1], ['sympathy', 1]),
      [{ 'charm:class / sympathy:class': 2 }],
      0,
      null,
    ],
    // The plain charm cost takes the only charm die, so the either/or falls to sympathy.
    [
      'either/or beside a plain cost of one side',
      pool(['charm', 1], ['sympathy', 1]),
      [{ 'charm:class': 1 }, { 'charm:class / sympathy:class': 1 }],
      16 / 36,
      (4 * 2 + 16) / 36,
    ],
    // Power faces of either type: 1 - (5/6)^2.
    [
      'either/or of power symbols',
      pool(['illusion', 1], ['sympathy', 1]),
      [{ 'illusion:power / sympathy:power': 1 }],
      11 / 36,
      25 / 36,
    ],
    // The power side asks more of the same die: the class side is the one to take.
    [
      'either/or of two faces of one type',
      pool(['charm', 1]),
      [{ 'charm:class / charm:power': 1 }],
      4 / 6,
      2 / 6,
    ],
    ['keys naming no magic type are left out', pool(['divine', 1]), [{ 'divince:class': 2 }], 1, 0],
  ])('%s', (_, dice, costs, chance, meditate) => {
    const odds = costsOdds(dice, costs)
    expect(odds.chance).toBeCloseTo(chance, 12)
    if (meditate === null) expect(odds.meditate).toBeNull()
    else expect(odds.meditate).toBeCloseTo(meditate, 12)
  })

  it('treats dice types as data: the 2026 types roll like any other', () => {
    expect(costsOdds(pool(['astral', 1]), [{ 'astral:class': 1 }]).chance).toBeCloseTo(4 / 6, 12)
    expect(costsOdds(pool(['artifice', 2]), [{ 'artifice:power': 2 }]).chance).toBeCloseTo(
      1 / 36,
      12,
    )
  })
})

describe('formatting', () => {
  it.each<[number, string]>([
    [0.432, '43.2%'],
    [1, '100.0%'],
    [0, '0.0%'],
    [4 / 6, '66.7%'],
    [7 / 36, '19.4%'],
    [81 / 1296, '6.3%'], // exactly 6.25 %: half up
    [-0.1, '0.0%'],
    [Number.NaN, '0.0%'],
  ])('%s → %s', (chance, text) => expect(formatChance(chance)).toBe(text))

  it.each<[number, string]>([
    [0, '0.0'],
    [1.25, '1.3'],
    [33 / 36, '0.9'],
  ])('%s discards → %s', (expected, text) => expect(formatDiscards(expected)).toBe(text))

  it('explains the model in the help text', () => {
    for (const fragment of [
      '1 power, 3 class and 2 basic',
      'exact',
      '100.0%',
      '0.0%',
      'Meditate',
    ]) {
      expect(DICE_ODDS_HELP).toContain(fragment)
    }
  })
})

/** Die by die, face by face: the slow way the multinomial shortcut must agree with. */
const FACES = ['power', 'class', 'class', 'class', 'basic', 'basic'] as const
type Face = 'power' | 'class' | 'basic'
type Die = { type: string; face: Face }

function pays(dice: readonly Die[], terms: readonly CostTerm[]): boolean {
  const choices = terms.reduce<{ face: Face; magic?: string }[][]>(
    (lists, term) =>
      lists.flatMap((list) =>
        term.options.map((option) => [
          ...list,
          ...Array.from({ length: term.count }, () =>
            option.face === 'basic' ? { face: 'basic' as const } : { ...option },
          ),
        ]),
      ),
    [[]],
  )
  const fits = (die: Die, symbol: { face: Face; magic?: string }) =>
    symbol.face === 'basic' ||
    (die.type === symbol.magic &&
      (die.face === 'power' || (symbol.face === 'class' && die.face === 'class')))
  const assign = (symbols: readonly { face: Face; magic?: string }[], used: boolean[]): boolean => {
    const [symbol, ...rest] = symbols
    if (!symbol) return true
    return dice.some((die, index) => {
      if (used[index] || !fits(die, symbol)) return false
      used[index] = true
      const done = assign(rest, used)
      used[index] = false
      return done
    })
  }
  return choices.some((symbols) =>
    assign(
      symbols,
      dice.map(() => false),
    ),
  )
}

function bruteForce(types: readonly string[], terms: readonly CostTerm[]) {
  const kinds: Face[] = ['power', 'class', 'basic']
  const assignments = (n: number): Face[][] =>
    n === 0 ? [[]] : assignments(n - 1).flatMap((rest) => kinds.map((kind) => [kind, ...rest]))
  const withTypes = (faces: readonly Face[]) =>
    faces.map((face, i) => ({ type: types[i] ?? '', face }))
  const payable = assignments(types.length).filter((faces) => pays(withTypes(faces), terms))
  let paid = 0
  let turns = 0
  const total = 6 ** types.length
  const rolls = (n: number): Face[][] =>
    n === 0 ? [[]] : rolls(n - 1).flatMap((rest) => FACES.map((face) => [face, ...rest]))
  for (const roll of rolls(types.length)) {
    if (pays(withTypes(roll), terms)) paid += 1
    let fewest = Number.POSITIVE_INFINITY
    for (const target of payable) {
      const distance = target.reduce((sum, face, i) => sum + (face === roll[i] ? 0 : 1), 0)
      fewest = Math.min(fewest, distance)
    }
    turns += fewest
  }
  return { chance: paid / total, meditate: payable.length === 0 ? null : turns / total }
}

describe('agrees with rolling every die face by face', () => {
  // A small deterministic generator, so a failure names a case that replays.
  let seed = 21
  const next = (n: number) => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) % n
  }
  const TYPES = ['charm', 'time', 'sympathy']
  const PLAIN = [
    'basic',
    'charm:class',
    'charm:power',
    'time:class',
    'time:power',
    'sympathy:class',
  ]
  const EITHER = [
    'charm:class / time:class',
    'charm:power / sympathy:power',
    'time:class / sympathy:power',
    'charm:class / charm:power',
    'basic / time:class',
    'sympathy:class / charm:power / time:class',
  ]
  const pick = (list: readonly string[]) => list[next(list.length)] ?? 'basic'
  // Mostly either/or costs over 3 to 5 dice: the cases where choices must be weighed together.
  const cases = Array.from({ length: 80 }, (_, index) => {
    const dieTypes = Array.from({ length: 3 + next(3) }, () => pick(TYPES))
    const cost: Record<string, number> = {}
    for (let k = next(2); k > 0; k -= 1) cost[pick(PLAIN)] = 1
    for (let k = 1 + next(2); k > 0; k -= 1) cost[pick(EITHER)] = next(5) === 0 ? 2 : 1
    return [index, dieTypes, cost] as const
  })

  it.each(cases)('case %i: %j paying %j', (_, dieTypes, cost) => {
    const dice = dieTypes.map((name) => ({ name, count: 1 }))
    const expected = bruteForce(dieTypes, costTerms(cost))
    const odds = costsOdds(dice, [cost])
    expect(odds.chance).toBeCloseTo(expected.chance, 12)
    if (expected.meditate === null) expect(odds.meditate).toBeNull()
    else expect(odds.meditate).toBeCloseTo(expected.meditate, 12)
  })
})
