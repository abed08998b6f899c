import type { CardMinimal, CostEntry } from '@spellboard/core/card-schemas'
import { describe, expect, it } from 'vitest'
import {
  type CardFacts,
  type CardRelease,
  cardColumns,
  costWeight,
  diceFlagsOf,
  directConjurations,
  initialsOf,
  isSummonSpell,
  searchTextOf,
  storedCardJson,
} from './derive.ts'

const masterSet: CardRelease = {
  name: 'Master Set',
  stub: 'master-set',
  is_legacy: false,
  is_phg: false,
  is_promo: false,
  is_retiring: false,
}
const promo: CardRelease = {
  name: 'Dimona Odinstar (Promo)',
  stub: 'dimona-odinstar-promo',
  is_legacy: true,
  is_phg: true,
  is_promo: true,
  is_retiring: true,
}

describe('diceFlagsOf (API.md §6.4)', () => {
  it.each<[string, string[] | undefined, string[] | undefined, number, number]>([
    ['one magic type (abundance)', ['illusion'], undefined, 4, 0],
    ['basic only (Reborn fear)', ['basic'], undefined, 0, 0],
    ['no dice key (Legacy basic-only, vengeance)', undefined, undefined, 0, 0],
    ['either/or only (sympathy-pain)', undefined, ['charm', 'sympathy'], 0, 34],
    [
      'dice names the first option (reflections-in-the-water)',
      ['illusion'],
      ['time', 'illusion'],
      0,
      68,
    ],
    [
      'dice names both options (seeds-of-aggression)',
      ['charm', 'sympathy'],
      ['charm', 'sympathy'],
      0,
      34,
    ],
    [
      'plain cost beside an either/or (living-doll)',
      ['ceremonial', 'charm'],
      ['charm', 'sympathy'],
      1,
      34,
    ],
    ['several plain types (summon-indiglow-creeper)', ['natural', 'sympathy'], undefined, 40, 0],
    ['the later dice types', ['artifice', 'astral'], undefined, 384, 0],
    ['divine and time', ['divine', 'time'], undefined, 80, 0],
  ])('%s', (_, dice, altDice, diceFlags, altDiceFlags) => {
    expect(diceFlagsOf(dice, altDice)).toEqual({ diceFlags, altDiceFlags })
  })
})

describe('costWeight (API.md §6.6)', () => {
  it.each<[string, CostEntry[] | undefined, number]>([
    ['main action and a class die (abundance)', ['[[main]]', '1 [[illusion:class]]'], 106],
    ['main action and a basic die (Reborn fear)', ['[[main]]', '1 [[basic]]'], 105],
    ['power dice', ['[[main]]', '2 [[ceremonial:power]]', '1 [[basic]]'], 309],
    ['X counts nothing (vengeance)', ['[[side]]', 'X [[basic]]'], 4],
    [
      'either/or weighs its heavier option (seeds-of-aggression)',
      ['[[main]]', ['1 [[charm:power]]', '1 [[sympathy:power]]']],
      107,
    ],
    ['either/or with different counts', [['2 [[charm:class]]', '1 [[sympathy:power]]']], 202],
    ['main or side', [['[[main]]', '[[side]]']], 5],
    ['discards', ['[[side]]', '2 [[discard]]'], 10],
    ['a magic type without a face', ['1 [[charm]]'], 100],
    [
      'the odd Legacy alchemist token weighs nothing',
      ['[[main]]', '1 [[time:power]] : 1 [[basic]]'],
      5,
    ],
    ['empty cost (harvest-soul)', [], 0],
    ['no cost (a Phoenixborn)', undefined, 0],
  ])('%s', (_, cost, weight) => {
    expect(costWeight(cost)).toBe(weight)
  })

  it("prefers Legacy data's own weight (crimson-bomber)", () => {
    const crimsonBomber: CardFacts = {
      name: 'Crimson Bomber',
      stub: 'crimson-bomber',
      type: 'Ally',
      is_legacy: true,
      cost: ['[[main]]', '2 [[ceremonial:class]]'],
      weight: 206,
    }
    expect(costWeight(crimsonBomber.cost)).toBe(207)
    expect(cardColumns(crimsonBomber, promo).costWeight).toBe(206)
  })
})

describe('searchTextOf (API.md §6.10)', () => {
  it.each([
    ['name only', { name: 'Blood Puppet' }, 'Blood Puppet\n'],
    [
      'markup and apostrophes removed',
      { name: 'Final Cry', text: "After a unit you control is destroyed, it's [[main]] time." },
      'Final Cry\nAfter a unit you control is destroyed, its main time.',
    ],
    [
      'unique cards carry their Phoenixborn on the second line',
      {
        name: 'Fear',
        phoenixborn: 'Jessa Na Ni',
        text: "Destroy a unit. Use the destroyed unit's recover value.",
      },
      'Fear\nJessa Na Ni\nDestroy a unit. Use the destroyed units recover value.',
    ],
    [
      'paragraphs folded into one line',
      { name: 'Alchemist', text: 'Create Elixir: [[side]]: go.\n\n* Consume Elixir: pay.' },
      'Alchemist\nCreate Elixir: side: go. * Consume Elixir: pay.',
    ],
    ['admin keywords follow the name', { name: 'Hex', keywords: 'curse', text: '' }, 'Hex curse\n'],
  ])('%s', (_, card, expected) => {
    expect(searchTextOf(card)).toBe(expected)
  })
})

describe('initialsOf', () => {
  it.each([
    ['Three-Eyed Owl', 'teo'],
    ['Summon Salamander Monk', 'ssm'],
    ["Sera's Firebrand", 'sf'],
    ['Seeds Of Aggression', 'soa'],
    ['Hammer  Knight', 'hk'],
    ['Tolliver I', 'ti'],
    ['Fear', 'f'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})

describe('isSummonSpell (API.md §6.7)', () => {
  it.each([
    ['Summon Blood Puppet', true],
    ['Summoner', false],
    ['Blood Puppet', false],
    ['summon blood puppet', false],
  ])('%s → %s', (name, expected) => {
    expect(isSummonSpell(name)).toBe(expected)
  })
})

describe('storedCardJson (API.md §5.2, §12)', () => {
  const reborn = {
    name: 'Three-Eyed Owl',
    stub: 'three-eyed-owl',
    type: 'Conjuration',
    is_legacy: false,
    release_stub: 'master-set',
    release: { name: 'Master Set', stub: 'master-set' },
    placement: 'Battlefield',
    text: 'Memory Drain 1: [[main]] - [[exhaust]]: discard.',
    attack: 0,
    life: '2',
    recover: 0,
    copies: 3,
  } as CardFacts

  it('keeps only wire keys: Reborn cards without is_legacy, with chained false', () => {
    expect(storedCardJson(reborn, masterSet)).toEqual({
      name: 'Three-Eyed Owl',
      stub: 'three-eyed-owl',
      type: 'Conjuration',
      release: { name: 'Master Set', stub: 'master-set' },
      placement: 'Battlefield',
      text: 'Memory Drain 1: [[main]] - [[exhaust]]: discard.',
      attack: 0,
      life: 2,
      recover: 0,
      copies: 3,
      chained: false,
    })
  })

  it('marks the reference chained cards, and keeps a chained flag the data gives', () => {
    const meteor = { ...reborn, name: 'Meteor', stub: 'meteor' }
    expect(storedCardJson(meteor, masterSet).chained).toBe(true)
    expect(storedCardJson({ ...reborn, chained: true }, masterSet).chained).toBe(true)
  })

  it('writes the release from the releases table and drops Legacy-only keys', () => {
    const dimona = {
      name: 'Dimona Odinstar',
      stub: 'dimona-odinstar',
      type: 'Phoenixborn',
      is_legacy: true,
      release_stub: 'dimona-odinstar-promo',
      release: { name: 'Dimona Odinstar (Promo)', stub: 'dimona-odinstar-(promo)' },
      text: '',
      life: 17,
      battlefield: 5,
      spellboard: '+1',
      weight: 0,
      diceRecursion: 1,
      effectRepeats: false,
    } as CardFacts
    expect(storedCardJson(dimona, promo)).toEqual({
      name: 'Dimona Odinstar',
      stub: 'dimona-odinstar',
      type: 'Phoenixborn',
      release: {
        name: 'Dimona Odinstar (Promo)',
        stub: 'dimona-odinstar-promo',
        is_phg: true,
        is_promo: true,
        is_retiring: true,
      },
      text: '',
      life: 17,
      battlefield: 5,
      spellboard: '+1',
      is_legacy: true,
    })
  })

  it('turns numeric-looking stats into integers but keeps modifiers and X', () => {
    const json = storedCardJson(
      { ...reborn, attack: '+1', life: 'X', recover: '-3', copies: 2 },
      masterSet,
    )
    expect([json.attack, json.life, json.recover]).toEqual(['+1', 'X', '-3'])
  })
})

describe('directConjurations (data README quirk 3)', () => {
  const m = (name: string): CardMinimal => ({
    name,
    stub: name.toLowerCase().replaceAll(' ', '-'),
  })
  const reborn: Record<string, CardMinimal[]> = {
    'salamander-monk': [m('Salamander Monk Spirit')],
    'indiglow-creeper': [m('Luminous Seedling'), m('Brilliant Thorn')],
    'luminous-seedling': [m('Brilliant Thorn')],
  }
  const legacy: Record<string, CardMinimal[]> = {
    'indiglow-creeper': [m('Luminous Seedling')],
    'luminous-seedling': [m('Brilliant Thorn')],
  }
  const lookup = (table: Record<string, CardMinimal[]>) => (stub: string) => table[stub]

  it.each<[string, { text?: string; conjurations?: CardMinimal[] }, typeof reborn, string[]]>([
    [
      'Reborn summon-salamander-monk lists the spirit of its monk',
      {
        text: 'Place a [[Salamander Monk]] conjuration.',
        conjurations: [m('Salamander Monk'), m('Salamander Monk Spirit')],
      },
      reborn,
      ['salamander-monk'],
    ],
    [
      'Reborn summon-indiglow-creeper lists two levels below',
      {
        text: 'Place an [[Indiglow Creeper]] conjuration.',
        conjurations: [m('Indiglow Creeper'), m('Luminous Seedling'), m('Brilliant Thorn')],
      },
      reborn,
      ['indiglow-creeper'],
    ],
    [
      'Reborn indiglow-creeper',
      {
        text: 'Place a [[Luminous Seedling]] conjuration.',
        conjurations: [m('Luminous Seedling'), m('Brilliant Thorn')],
      },
      reborn,
      ['luminous-seedling'],
    ],
    [
      'Legacy summon-indiglow-creeper places a seedling itself',
      {
        text: 'Place an [[Indiglow Creeper]]. Focus 2: place a [[Luminous Seedling]] conjuration.',
        conjurations: [m('Indiglow Creeper'), m('Luminous Seedling')],
      },
      legacy,
      ['indiglow-creeper', 'luminous-seedling'],
    ],
    ['a card without conjurations', { text: 'Draw 1 card.' }, reborn, []],
    [
      'conjurations leading to each other are kept as listed',
      { conjurations: [m('A'), m('B')] },
      { a: [m('B')], b: [m('A')] },
      ['a', 'b'],
    ],
  ])('%s', (_, card, table, expected) => {
    expect(directConjurations(card, lookup(table)).map((c) => c.stub)).toEqual(expected)
  })
})

describe('cardColumns', () => {
  it('derives every stored column of a unique summon', () => {
    const card: CardFacts = {
      name: 'Summon Blood Puppet',
      stub: 'summon-blood-puppet',
      type: 'Ready Spell',
      is_legacy: false,
      placement: 'Spellboard',
      cost: ['[[main]]'],
      dice: ['ceremonial'],
      text: '[[main]] - 1 [[ceremonial:class]]: Place a [[Blood Puppet]] conjuration.',
      phoenixborn: 'Jessa Na Ni',
      conjurations: [{ name: 'Blood Puppet', stub: 'blood-puppet' }],
    }
    const columns = cardColumns(card, masterSet)
    expect(columns).toMatchObject({
      name: 'Summon Blood Puppet',
      stub: 'summon-blood-puppet',
      phoenixborn: 'Jessa Na Ni',
      cardType: 'Ready Spell',
      isSummonSpell: true,
      isLegacy: false,
      costWeight: 5,
      diceFlags: 1,
      altDiceFlags: 0,
      copies: null,
      initials: 'sbp',
      searchText:
        'Summon Blood Puppet\nJessa Na Ni\nmain - 1 ceremonial:class: Place a Blood Puppet conjuration.',
    })
    expect(columns.json).toMatchObject({ chained: false, phoenixborn: 'Jessa Na Ni' })
  })
})
