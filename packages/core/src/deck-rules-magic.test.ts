import { describe, expect, it } from 'vitest'
import { blocksPublishing, checkDeck, type DeckDraft, type DraftCard } from './deck-rules.ts'
import { type CostedCard, cardLookup } from './magic-costs.ts'

/** The rule that reads card costs: a card needing a magic type that no chosen die has. */

const card = (stub: string, count: number, extra: Partial<DraftCard> = {}): DraftCard => ({
  stub,
  count,
  type: 'Action Spell',
  ...extra,
})

describe('magic types no chosen die has', () => {
  const costed = (stub: string, extra: Partial<CostedCard>): CostedCard => ({
    stub,
    name: stub.replace(/-/g, ' '),
    type: 'Action Spell',
    ...extra,
  })
  const lookup = cardLookup([
    costed('charm-card', { magicCost: { 'charm:class': 1 }, dice: ['charm'] }),
    costed('basic-card', { magicCost: { basic: 2 }, dice: ['basic'] }),
    costed('effect-card', { effectMagicCost: { 'time:power': 1 }, dice: ['time'] }),
    costed('either-card', {
      magicCost: { 'charm:class / sympathy:class': 1 },
      altDice: ['charm', 'sympathy'],
    }),
    costed('aradel', { type: 'Phoenixborn', dice: ['natural'] }),
    costed('foreign', { phoenixborn: 'Coal', magicCost: { 'divine:class': 1 }, dice: ['divine'] }),
  ])
  const deck = (dice: [string, number][], stubs: string[], phoenixborn = 'aradel'): DeckDraft => ({
    phoenixborn: { name: 'Aradel Summergaard', stub: phoenixborn },
    dice: dice.map(([name, count]) => ({ name, count })),
    cards: stubs.map((stub) => card(stub, 1, { phoenixborn: lookup(stub)?.phoenixborn })),
  })
  const missing = (draft: DeckDraft) =>
    checkDeck(draft, lookup)
      .filter((problem) => problem.kind === 'missing_magic')
      .map((problem) => `${problem.stub}:${problem.types.join('/')}`)

  it.each<[string, DeckDraft, string[]]>([
    [
      'every need met',
      deck(
        [
          ['natural', 5],
          ['charm', 5],
        ],
        ['charm-card', 'either-card'],
      ),
      [],
    ],
    ['basic needs nothing', deck([['natural', 10]], ['basic-card']), []],
    ['a play cost', deck([['natural', 10]], ['charm-card']), ['charm-card:charm']],
    ['an effect cost', deck([['natural', 10]], ['effect-card']), ['effect-card:time']],
    [
      'either/or met by its other side',
      deck(
        [
          ['natural', 5],
          ['sympathy', 5],
        ],
        ['either-card'],
      ),
      [],
    ],
    [
      'either/or met by neither',
      deck([['natural', 10]], ['either-card']),
      ['either-card:charm/sympathy'],
    ],
    [
      'the Phoenixborn, first',
      deck([['charm', 10]], ['effect-card']),
      ['aradel:natural', 'effect-card:time'],
    ],
    [
      'a die counted 0 is not chosen',
      deck(
        [
          ['natural', 10],
          ['charm', 0],
        ],
        ['charm-card'],
      ),
      ['charm-card:charm'],
    ],
    ['cards it does not know are skipped', deck([['natural', 10]], ['unknown'], 'nobody'), []],
    // Already reported as another Phoenixborn's unique; its dice are beside the point.
    ['ineligible cards are skipped', deck([['natural', 10]], ['foreign']), []],
  ])('%s', (_, draft, expected) => expect(missing(draft)).toEqual(expected))

  it('is checked only with a card lookup', () => {
    expect(checkDeck(deck([['natural', 10]], ['charm-card']))).not.toContainEqual(
      expect.objectContaining({ kind: 'missing_magic' }),
    )
  })

  it('names the card and its types', () => {
    expect(checkDeck(deck([['natural', 10]], ['either-card']), lookup)).toContainEqual({
      kind: 'missing_magic',
      stub: 'either-card',
      name: 'either card',
      types: ['charm', 'sympathy'],
    })
  })

  it('is advice: publishing is not refused for it', () => {
    const fillers = Array.from({ length: 9 }, (_, index) => card(`filler-${index}`, 3))
    const draft = { ...deck([['natural', 10]], []), cards: [...fillers, card('charm-card', 3)] }
    const problems = checkDeck(draft, lookup)
    expect(problems.map((problem) => problem.kind)).toEqual(['missing_magic'])
    expect(problems.some(blocksPublishing)).toBe(false)
  })
})
