import { describe, expect, it } from 'vitest'
import {
  blocksPublishing,
  canPublish,
  cardIneligibility,
  checkDeck,
  countProblems,
  type DeckDraft,
  type DraftCard,
  isCardEligible,
  maxCopiesFor,
  maxDiceFor,
  normaliseDice,
  publishProblems,
  uniqueCount,
} from './deck-rules.ts'

const card = (stub: string, count: number, extra: Partial<DraftCard> = {}): DraftCard => ({
  stub,
  count,
  type: 'Action Spell',
  ...extra,
})

const aradel = { name: 'Aradel Summergaard' }
const tenCards = (prefix: string) =>
  Array.from({ length: 10 }, (_, index) => card(`${prefix}-${index}`, 3))
const legalDeck: DeckDraft = {
  phoenixborn: aradel,
  dice: [
    { name: 'natural', count: 5 },
    { name: 'illusion', count: 5 },
  ],
  cards: tenCards('card'),
}

const withCards = (deck: DeckDraft, cards: DraftCard[]): DeckDraft => ({ ...deck, cards })
const withDice = (deck: DeckDraft, dice: DeckDraft['dice']): DeckDraft => ({ ...deck, dice })

describe('checkDeck', () => {
  const unique = (stub: string, count: number, phoenixborn = aradel.name) =>
    card(stub, count, { type: 'Ally', phoenixborn })

  it.each<[string, DeckDraft, string[]]>([
    ['a legal deck', legalDeck, []],
    ['no Phoenixborn', { ...legalDeck, phoenixborn: null }, ['no_phoenixborn']],
    ['9 dice', withDice(legalDeck, [{ name: 'natural', count: 9 }]), ['dice_count']],
    ['no dice at all', withDice(legalDeck, []), ['dice_count']],
    ['31 cards', withCards(legalDeck, [...tenCards('card'), card('extra', 1)]), ['card_count']],
    [
      '29 cards',
      withCards(legalDeck, [...tenCards('card').slice(1), card('x', 2)]),
      ['card_count'],
    ],
    [
      '4 copies',
      withCards(legalDeck, [...tenCards('card').slice(2), card('four', 4), card('two', 2)]),
      ['too_many_copies'],
    ],
    [
      'three uniques of its own Phoenixborn',
      withCards(legalDeck, [...tenCards('card').slice(1), unique('mist-spirit', 3)]),
      [],
    ],
    [
      'four uniques',
      withCards(legalDeck, [
        ...tenCards('card').slice(2),
        unique('mist-spirit', 3),
        unique('other-unique', 1),
        card('filler', 2),
      ]),
      ['too_many_uniques'],
    ],
    [
      'a card unique to another Phoenixborn',
      withCards(legalDeck, [...tenCards('card').slice(1), unique('fire', 3, 'Coal Roarkwin')]),
      ['ineligible_card'],
    ],
    [
      'a conjuration among the cards',
      withCards(legalDeck, [
        ...tenCards('card').slice(1),
        card('blue-jaguar', 3, { type: 'Conjuration' }),
      ]),
      ['ineligible_card'],
    ],
    [
      'a Legacy card',
      withCards(legalDeck, [...tenCards('card').slice(1), card('old', 3, { is_legacy: true })]),
      ['ineligible_card'],
    ],
    [
      'everything wrong at once',
      { phoenixborn: null, dice: [], cards: [card('a', 5)] },
      ['no_phoenixborn', 'dice_count', 'card_count', 'too_many_copies'],
    ],
  ])('%s', (_, deck, kinds) => {
    expect(checkDeck(deck).map((problem) => problem.kind)).toEqual(kinds)
  })

  it('reports counts the builder can show', () => {
    expect(checkDeck(withDice(legalDeck, [{ name: 'charm', count: 7 }]))).toEqual([
      { kind: 'dice_count', have: 7, need: 10 },
    ])
    expect(checkDeck(withCards(legalDeck, [card('a', 3), card('b', 4)]))).toContainEqual({
      kind: 'too_many_copies',
      stub: 'b',
      name: 'b',
      have: 4,
      max: 3,
    })
  })
})

describe('publishing', () => {
  it.each<[string, DeckDraft, boolean]>([
    ['30 cards and 10 dice', legalDeck, true],
    ['9 dice', withDice(legalDeck, [{ name: 'time', count: 9 }]), false],
    ['11 dice', withDice(legalDeck, [{ name: 'time', count: 11 }]), false],
    [
      '4 copies of one card (a builder rule, not a publishing one)',
      withCards(legalDeck, [...tenCards('card').slice(2), card('four', 4), card('two', 2)]),
      true,
    ],
    ['no Phoenixborn', { ...legalDeck, phoenixborn: undefined }, false],
  ])('%s → %s', (_, deck, expected) => {
    expect(canPublish(deck)).toBe(expected)
  })

  it('only checks the counts, not the builder-only rules', () => {
    const fourUniques = withCards(legalDeck, [
      ...tenCards('card').slice(2),
      card('u1', 3, { phoenixborn: aradel.name }),
      card('u2', 3, { phoenixborn: aradel.name }),
    ])
    expect(publishProblems(fourUniques)).toEqual([])
    expect(checkDeck(fourUniques).map((p) => p.kind)).toEqual(['too_many_uniques'])
  })
})

describe('Publish and the problem list agree', () => {
  const drafts: [string, DeckDraft][] = [
    ['legal', legalDeck],
    ['no Phoenixborn', { ...legalDeck, phoenixborn: null }],
    ['9 dice', withDice(legalDeck, [{ name: 'natural', count: 9 }])],
    ['29 cards', withCards(legalDeck, tenCards('c').slice(1))],
    [
      '4 copies',
      withCards(legalDeck, [...tenCards('c').slice(2), card('four', 4), card('two', 2)]),
    ],
    ['empty', { phoenixborn: null, dice: [], cards: [] }],
  ]
  it.each(drafts)('%s', (_, draft) => {
    const blocking = checkDeck(draft).filter(blocksPublishing)
    expect(canPublish(draft)).toBe(blocking.length === 0)
    expect(publishProblems(draft)).toEqual(blocking)
  })
})

describe('countProblems', () => {
  it.each<[string, { dice: number; cards: number }, string[]]>([
    ['complete', { dice: 10, cards: 30 }, []],
    ['empty', { dice: 0, cards: 0 }, ['dice_count', 'card_count']],
    ['too many cards', { dice: 10, cards: 31 }, ['card_count']],
    ['too few dice', { dice: 9, cards: 30 }, ['dice_count']],
  ])('%s', (_, totals, kinds) => {
    expect(countProblems(totals).map((problem) => problem.kind)).toEqual(kinds)
  })
})

describe('maxDiceFor', () => {
  it.each<[string, DeckDraft['dice'], number]>([
    ['an empty pool', [], 10],
    ['the type itself is not counted', [{ name: 'charm', count: 4 }], 10],
    [
      'others take their share',
      [
        { name: 'natural', count: 3 },
        { name: 'time', count: 4 },
      ],
      3,
    ],
    ['never negative', [{ name: 'natural', count: 12 }], 0],
  ])('%s', (_, dice, max) => {
    expect(maxDiceFor('charm', dice)).toBe(max)
  })
})

describe('uniques and copies', () => {
  const cards = [
    card('mist-spirit', 2, { phoenixborn: aradel.name }),
    card('summon-blue-jaguar', 3),
  ]

  it('counts every copy of every unique card', () => {
    expect(uniqueCount(cards)).toBe(2)
    expect(uniqueCount([...cards, card('u2', 1, { phoenixborn: aradel.name })])).toBe(3)
  })

  it.each<[string, DraftCard, number]>([
    ['an ordinary card', card('anything', 0), 3],
    ['the unique already in the deck', card('mist-spirit', 2, { phoenixborn: aradel.name }), 3],
    ['another unique', card('u2', 0, { phoenixborn: aradel.name }), 1],
  ])('%s may have %s copies at most', (_, target, max) => {
    expect(maxCopiesFor(target, cards)).toBe(max)
  })
})

describe('card eligibility', () => {
  it.each<[string, DraftCard, string | null]>([
    ['an ordinary Reborn card', card('a', 1), null],
    ['a unique of the deck Phoenixborn', card('a', 1, { phoenixborn: aradel.name }), null],
    ['a unique of another Phoenixborn', card('a', 1, { phoenixborn: 'Coal' }), 'other_phoenixborn'],
    ['a Legacy card', card('a', 1, { is_legacy: true }), 'legacy'],
    ['a Phoenixborn', card('a', 1, { type: 'Phoenixborn' }), 'phoenixborn'],
    ['a conjuration', card('a', 1, { type: 'Conjuration' }), 'conjuration'],
    ['a conjured alteration', card('a', 1, { type: 'Conjured Alteration Spell' }), 'conjuration'],
  ])('%s', (_, target, reason) => {
    expect(cardIneligibility(target, aradel.name)).toBe(reason)
    expect(isCardEligible(target, aradel.name)).toBe(reason === null)
  })

  it('treats every unique as foreign while no Phoenixborn is chosen', () => {
    expect(isCardEligible(card('a', 1, { phoenixborn: aradel.name }), null)).toBe(false)
  })
})

describe('normaliseDice', () => {
  it.each<[string, DeckDraft['dice'], DeckDraft['dice']]>([
    ['keeps order and counts', [d('time', 4), d('charm', 6)], [d('time', 4), d('charm', 6)]],
    ['cuts the die that crosses ten', [d('time', 7), d('charm', 6)], [d('time', 7), d('charm', 3)]],
    ['drops dice past ten', [d('time', 10), d('charm', 2), d('divine', 1)], [d('time', 10)]],
    [
      'merges repeated names into their first position',
      [d('time', 2), d('charm', 3), d('time', 4)],
      [d('time', 6), d('charm', 3)],
    ],
    ['merges and still caps', [d('time', 6), d('time', 6)], [d('time', 10)]],
    ['an empty list', [], []],
  ])('%s', (_, input, output) => {
    expect(normaliseDice(input)).toEqual(output)
  })
})

function d(name: string, count: number) {
  return { name, count }
}
