import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type CardQuery, type CardTerm, parseCardQuery } from './card-query.ts'
import {
  costTermMatches,
  matchesCardQuery,
  plainCardText,
  playCostDice,
  releaseTermMatches,
  textTermMatches,
  typeTermMatches,
} from './card-query-match.ts'
import type { CostEntry } from './card-schemas.ts'

function parsed(q: string): CardQuery {
  const result = parseCardQuery(q)
  if (!result.ok) throw new Error(`${q} failed: ${result.error.kind}`)
  return result.query
}

type TestCard = {
  name: string
  type: string
  cost: CostEntry[]
  text: string
  dice: string[]
  release: { stub: string; name: string }
}

const MASTER = { stub: 'master-set', name: 'Master Set' }
const FROST = { stub: 'the-frostdale-giants', name: 'The Frostdale Giants' }
const CARDS: TestCard[] = [
  {
    name: 'Hammer Knight',
    type: 'Ally',
    cost: ['[[main]]', '2 [[natural:class]]', '1 [[basic]]'],
    text: "Aftershock 1: After this unit's [[Fire Archer]] deals damage…",
    dice: ['natural'],
    release: MASTER,
  },
  {
    name: 'Summon Iron Rhino',
    type: 'Ready Spell',
    cost: ['[[main]]'],
    text: '[[main]] - [[exhaust]] - 2 [[natural:class]]: Place an [[Iron Rhino]] conjuration',
    dice: ['natural'],
    release: FROST,
  },
  {
    name: 'Iron Rhino',
    type: 'Conjuration',
    cost: [],
    text: 'Trample',
    dice: [],
    release: FROST,
  },
  {
    name: 'Open Memories',
    type: 'Action Spell',
    cost: ['[[main]]', ['1 [[charm:class]]', '1 [[sympathy:class]]'], '1 [[basic]]'],
    text: 'Search your deck for a card',
    dice: ['charm', 'sympathy'],
    release: MASTER,
  },
]

/** The per-term tests the API composes; dice here by the card's dice list, for the table. */
function matchTerm(card: TestCard) {
  return (term: CardTerm): boolean => {
    switch (term.key) {
      case 'type':
        return typeTermMatches(term, card.type)
      case 'dice':
        return card.dice.includes(term.value)
      case 'release':
        return releaseTermMatches(term, card.release)
      case 'text':
        return textTermMatches(term, plainCardText(card.text))
      case 'cost':
        return costTermMatches(term, playCostDice(card.cost))
    }
  }
}

const names = (q: string) =>
  CARDS.filter((card) => matchesCardQuery(parsed(q), matchTerm(card))).map((card) => card.name)

describe('which cards the terms match', () => {
  it.each<[string, string[]]>([
    ['', ['Hammer Knight', 'Summon Iron Rhino', 'Iron Rhino', 'Open Memories']],
    [
      'free text alone filters nothing here',
      ['Hammer Knight', 'Summon Iron Rhino', 'Iron Rhino', 'Open Memories'],
    ],
    ['type:ally', ['Hammer Knight']],
    ['t:conj', ['Iron Rhino']],
    ['-type:ally', ['Summon Iron Rhino', 'Iron Rhino', 'Open Memories']],
    ['type:ally or type:conj', ['Hammer Knight', 'Iron Rhino']],
    ['d:natural', ['Hammer Knight', 'Summon Iron Rhino']],
    ['d:natural -t:ally', ['Summon Iron Rhino']],
    ['d:natural or d:charm cost>=2', ['Hammer Knight', 'Open Memories']],
    ['r:master', ['Hammer Knight', 'Open Memories']],
    ['r:the-frostdale-giants t:ready', ['Summon Iron Rhino']],
    ['cost=0', ['Summon Iron Rhino', 'Iron Rhino']],
    ['cost<2', ['Summon Iron Rhino', 'Iron Rhino']],
    ['cost<=2', ['Summon Iron Rhino', 'Iron Rhino', 'Open Memories']],
    ['cost>2', ['Hammer Knight']],
    ['cost>=3', ['Hammer Knight']],
    ['-cost>=1', ['Summon Iron Rhino', 'Iron Rhino']],
    ['text:"this unit\'s fire archer"', ['Hammer Knight']],
    ['text:"fire archer deals"', ['Hammer Knight']],
    ['text:"IRON RHINO conjuration"', ['Summon Iron Rhino']],
    ['text:trample or text:search', ['Iron Rhino', 'Open Memories']],
    ['-text:"place an"', ['Hammer Knight', 'Iron Rhino', 'Open Memories']],
  ])('%j', (q, expected) => expect(names(q)).toEqual(expected))
})

describe('dice in the play cost', () => {
  it.each<[CostEntry[] | undefined, number]>([
    [undefined, 0],
    [[], 0],
    [['[[main]]'], 0],
    [['[[main]]', '2 [[natural:class]]', '1 [[basic]]'], 3],
    [['3 [[ceremonial:power]]'], 3],
    [['1 [[charm]]'], 1],
    [['X [[basic]]', '1 [[discard]]'], 0],
    [[['1 [[charm:class]]', '2 [[sympathy:class]]']], 2],
    [[['1 [[time:class]]', '[[main]]'], '[[side]]'], 0],
    [['1 [[time:power]] : 1 [[basic]]'], 1],
    [['1 [[fire:class]]'], 0],
  ])('%j needs %i', (cost, dice) => expect(playCostDice(cost)).toBe(dice))

  const dataDir = path.resolve(import.meta.dirname, '../../../../shared/data')
  it.skipIf(!existsSync(dataDir)).each(['ashes-2021', 'ashes-2026'])(
    'agrees with magicCost on every card of %s',
    (set) => {
      const cards = JSON.parse(readFileSync(path.join(dataDir, set, 'cards.json'), 'utf8')) as {
        cost?: CostEntry[]
        magicCost?: Record<string, number>
      }[]
      const sum = (magicCost: Record<string, number> = {}) =>
        Object.values(magicCost).reduce((total, count) => total + count, 0)
      const differing = cards.filter((card) => playCostDice(card.cost) !== sum(card.magicCost))
      expect(cards.length).toBeGreaterThan(500)
      expect(differing).toEqual([])
    },
  )
})

describe('card text as text: reads it', () => {
  it.each([
    ["Summon's [[Iron Rhino]]:\n\n* Trample", 'summons iron rhino: * trample'],
    ['  [[main]]  -  [[exhaust]] ', 'main - exhaust'],
    ['It’s', 'its'],
    [undefined, ''],
  ])('%j', (text, plain) => expect(plainCardText(text)).toBe(plain))
})
