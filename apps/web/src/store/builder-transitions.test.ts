import type { DeckSaveOut } from '@spellboard/core/decks'
import { describe, expect, it } from 'vitest'
import {
  type Builder,
  type BuilderCard,
  INITIAL_BUILDER,
  isRefusal,
  resetBuilder,
  type Transition,
} from './builder-slice.ts'
import {
  BUILDER_MESSAGES,
  beginExit,
  loadDeck,
  saveFailed,
  saveStarted,
  saveSucceeded,
  setCardCount,
  setDieCount,
  setPhoenixborn,
  setRedRains,
  setTitle,
  startNewDeck,
} from './builder-transitions.ts'

const ARADEL = { stub: 'aradel-summergaard', name: 'Aradel Summergaard', life: 16 }
const COAL = { stub: 'coal-roarkwin', name: 'Coal Roarkwin', life: 15 }

const card = (stub: string, count: number, phoenixborn: string | null = null): BuilderCard => ({
  stub,
  name: stub,
  type: 'Action Spell',
  count,
  phoenixborn,
})

const WATER_BLAST = card('water-blast', 3, 'Aradel Summergaard')
const SLASH = card('slash', 2, 'Coal Roarkwin')
const HAMMER = card('hammer-knight', 3)

/** An open deck with Aradel, a unique card of hers and one of Coal's. */
function building(overrides: Partial<Builder['deck']> = {}, flags: Partial<Builder> = {}) {
  const state = startNewDeck(INITIAL_BUILDER, false)
  return {
    ...state,
    ...flags,
    deck: { ...state.deck, phoenixborn: ARADEL, cards: [HAMMER, WATER_BLAST, SLASH], ...overrides },
  }
}

function applied(result: Transition): Builder {
  if (isRefusal(result)) throw new Error(`refused: ${result.refused}`)
  return result
}

const savedDeck = (overrides: Partial<DeckSaveOut> = {}): DeckSaveOut => ({
  id: 7,
  entity_id: 70,
  source_id: null,
  direct_share_uuid: null,
  title: 'Water everywhere',
  created: '2024-01-01T00:00:00Z',
  modified: '2024-01-02T00:00:00Z',
  user: { username: 'Ada', badge: '1abc' },
  dice: [{ name: 'natural', count: 10 }],
  phoenixborn: { ...ARADEL, battlefield: 4, spellboard: 4, is_legacy: false },
  cards: [
    {
      ...HAMMER,
      is_legacy: false,
      release: { name: 'Master Set', stub: 'master-set' },
    },
  ],
  conjurations: [],
  is_public: false,
  is_snapshot: false,
  is_red_rains: false,
  description: 'Splash',
  first_five: [],
  effect_costs: [],
  tutor_map: {},
  ...overrides,
})

describe('opening and closing the builder', () => {
  it.each([
    ['New deck on a competitive route', false],
    ['New deck on a Red Rains route', true],
  ])('%s turns the builder on with an empty deck', (_, redRains) => {
    const state = startNewDeck(building({}, { dirty: true }), redRains)
    expect(state).toMatchObject({ enabled: true, dirty: false, saving: false })
    expect(state.deck).toMatchObject({
      id: null,
      phoenixborn: null,
      cards: [],
      isRedRains: redRains,
    })
  })

  it('loads a saved deck for editing, replacing whatever was open', () => {
    const before = building({}, { dirty: true })
    const state = loadDeck(before, savedDeck({ is_red_rains: true }), '"7-3"')
    expect(state).toMatchObject({ enabled: true, dirty: false })
    expect(state.generation).toBeGreaterThan(before.generation)
    expect(state.deck).toMatchObject({
      id: 7,
      title: 'Water everywhere',
      description: 'Splash',
      isRedRains: true,
      dice: [{ name: 'natural', count: 10 }],
    })
    expect(state.deck.cards).toEqual([HAMMER])
  })

  it('resets to a closed, empty builder', () => {
    const state = resetBuilder(building({ id: 3 }, { dirty: true }))
    expect(state).toMatchObject({ enabled: false, dirty: false, deck: { id: null, cards: [] } })
  })

  it.each([
    ['off', INITIAL_BUILDER, null],
    [
      'saving',
      building({}, { saving: true }),
      { refused: 'You cannot exit the deckbuilder while changes are being saved.' },
    ],
    ['clean', building(), { mustSave: false, enabled: false, deckId: null }],
    ['dirty', building({ id: 4 }, { dirty: true }), { mustSave: true, enabled: false, deckId: 4 }],
    [
      'dirty without a Phoenixborn (nothing can be saved)',
      building({ phoenixborn: null }, { dirty: true }),
      { mustSave: false, enabled: false, deckId: null },
    ],
  ])('Exit builder when %s', (_, state, expected) => {
    const step = beginExit(state)
    if (step === null || isRefusal(step)) {
      expect(step).toEqual(expected)
      return
    }
    expect({
      mustSave: step.mustSave,
      enabled: step.next.enabled,
      deckId: step.next.deck.id,
    }).toEqual(expected)
  })
})

describe('changing the deck', () => {
  it.each([
    ['choose a Phoenixborn', (s: Builder) => setPhoenixborn(s, COAL)],
    ['set a card count', (s: Builder) => setCardCount(s, HAMMER, 1)],
    ['set a die count', (s: Builder) => setDieCount(s, 'charm', 2)],
    ['rename', (s: Builder) => setTitle(s, 'New name')],
    ['switch Red Rains', (s: Builder) => setRedRains(s, true)],
  ])('refuses to %s while the builder is off', (_, transition) => {
    expect(transition(INITIAL_BUILDER)).toEqual({ refused: BUILDER_MESSAGES.inactive })
    expect(BUILDER_MESSAGES.inactive).toBe(
      'You cannot modify a deck when the deckbuilder is not active.',
    )
  })

  it('marks every change dirty and counts it', () => {
    const before = building()
    const after = applied(setDieCount(before, 'charm', 2))
    expect(after.dirty).toBe(true)
    expect(after.revision).toBe(before.revision + 1)
  })

  it.each([
    ['to Coal: only cards unique to Aradel go', COAL, ['hammer-knight', 'slash']],
    ['to Aradel again: Coal’s unique card goes', ARADEL, ['hammer-knight', 'water-blast']],
  ])('changing the Phoenixborn %s', (_, phoenixborn, stubs) => {
    const state = applied(setPhoenixborn(building(), phoenixborn))
    expect(state.deck.phoenixborn).toEqual(phoenixborn)
    expect(state.deck.cards.map((entry) => entry.stub)).toEqual(stubs)
  })

  it.each([
    [
      'adds a new card at the end',
      card('anchornaut', 0),
      2,
      ['hammer-knight', 'water-blast', 'slash', 'anchornaut'],
      2,
    ],
    ['changes a count in place', HAMMER, 1, ['hammer-knight', 'water-blast', 'slash'], 1],
    ['caps a count at 3', HAMMER, 5, ['hammer-knight', 'water-blast', 'slash'], 3],
    ['removes a card at 0', HAMMER, 0, ['water-blast', 'slash'], undefined],
    ['removes a card at a negative count', HAMMER, -2, ['water-blast', 'slash'], undefined],
  ])('a card count %s', (_, entry, count, stubs, stored) => {
    const state = applied(setCardCount(building(), entry, count))
    expect(state.deck.cards.map((c) => c.stub)).toEqual(stubs)
    expect(state.deck.cards.find((c) => c.stub === entry.stub)?.count).toBe(stored)
  })

  it.each([
    ['another Phoenixborn’s card', card('slash', 0, 'Coal Roarkwin')],
    ['a conjuration', { ...card('butterfly-monk', 0), type: 'Conjuration' }],
    ['a Phoenixborn', { ...card('coal-roarkwin', 0), type: 'Phoenixborn' }],
    ['a Legacy card', { ...card('old-card', 0), is_legacy: true }],
  ])('ignores %s, which a deck cannot hold', (_, entry) => {
    const before = building({ cards: [] })
    expect(setCardCount(before, entry, 2)).toBe(before)
  })

  it.each([
    ['adds a die type', [], 'charm', 4, [{ name: 'charm', count: 4 }]],
    [
      'stops at the ten dice cap',
      [{ name: 'natural', count: 7 }],
      'charm',
      5,
      [
        { name: 'natural', count: 7 },
        { name: 'charm', count: 3 },
      ],
    ],
    ['removes a die type at 0', [{ name: 'charm', count: 4 }], 'charm', 0, []],
    [
      'changes a count in place, keeping the order',
      [
        { name: 'charm', count: 4 },
        { name: 'time', count: 2 },
      ],
      'charm',
      1,
      [
        { name: 'charm', count: 1 },
        { name: 'time', count: 2 },
      ],
    ],
    [
      'takes nothing when all ten slots are full',
      [{ name: 'time', count: 10 }],
      'charm',
      1,
      [{ name: 'time', count: 10 }],
    ],
  ])('a die count %s', (_, dice, name, count, expected) => {
    const state = applied(setDieCount(building({ dice }), name, count))
    expect(state.deck.dice).toEqual(expected)
  })

  it('leaves an unchanged title alone, so blurring the input saves nothing', () => {
    const before = building({ title: 'Same' })
    expect(setTitle(before, 'Same')).toBe(before)
  })
})

describe('saving', () => {
  it('takes the server’s deck when nothing changed during the save', () => {
    const state = saveStarted(applied(setTitle(building(), 'Water everywhere')))
    const ticket = { revision: state.revision, generation: state.generation }
    const after = saveSucceeded(state, ticket, savedDeck(), '"7-2"')
    expect(after).toMatchObject({ saving: false, dirty: false, saveFailed: false })
    expect(after.deck).toMatchObject({
      id: 7,
      version: '"7-2"',
      modified: '2024-01-02T00:00:00Z',
      title: 'Water everywhere',
    })
  })

  it('keeps changes made during the save, and only takes the id and time', () => {
    const started = saveStarted(applied(setTitle(building(), 'First')))
    const ticket = { revision: started.revision, generation: started.generation }
    const changed = applied(setDieCount(started, 'charm', 3))
    const after = saveSucceeded(changed, ticket, savedDeck(), '"7-2"')
    expect(after).toMatchObject({ saving: false, dirty: true })
    expect(after.deck).toMatchObject({
      id: 7,
      version: '"7-2"',
      title: 'First',
      dice: [{ name: 'charm', count: 3 }],
    })
  })

  it('ignores the answer for a deck that is no longer open', () => {
    const started = saveStarted(applied(setTitle(building(), 'Old')))
    const ticket = { revision: started.revision, generation: started.generation }
    const other = startNewDeck(started, false)
    expect(saveSucceeded(other, ticket, savedDeck(), '"7-2"')).toBe(other)
    expect(saveFailed(other, ticket)).toBe(other)
  })

  it('keeps a failed save’s changes unsaved', () => {
    const started = saveStarted(applied(setTitle(building(), 'Kept')))
    const ticket = { revision: started.revision, generation: started.generation }
    const after = saveFailed(started, ticket)
    expect(after).toMatchObject({ saving: false, dirty: true, saveFailed: true })
    expect(after.deck.title).toBe('Kept')
  })
})
