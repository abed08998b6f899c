import { describe, expect, it } from 'vitest'
import { type Builder, type BuilderCard, INITIAL_BUILDER, isRefusal } from './builder-slice.ts'
import { setCardCount, setPhoenixborn, startNewDeck } from './builder-transitions.ts'
import { FIRST_FIVE_MESSAGES, setEffectPaid, setFirstFive } from './first-five-transitions.ts'

const ARADEL = { stub: 'aradel-summergaard', name: 'Aradel Summergaard' }
const COAL = { stub: 'coal-roarkwin', name: 'Coal Roarkwin' }

const card = (stub: string, type = 'Action Spell'): BuilderCard => ({
  stub,
  name: stub,
  type,
  count: 1,
  phoenixborn: null,
})

const STUBS = ['a', 'b', 'c', 'd', 'e', 'f']

function building(overrides: Partial<Builder['deck']> = {}): Builder {
  const state = startNewDeck(INITIAL_BUILDER, false)
  return {
    ...state,
    deck: {
      ...state.deck,
      phoenixborn: ARADEL,
      cards: [...STUBS.map((stub) => card(stub)), card('imp', 'Conjuration')],
      ...overrides,
    },
  }
}

function applied(result: Builder | { refused: string }): Builder {
  if (isRefusal(result)) throw new Error(`refused: ${result.refused}`)
  return result
}

describe('setFirstFive', () => {
  it('marks cards in order and unmarks them, each a change to save', () => {
    const marked = applied(setFirstFive(building(), 'c', true))
    const both = applied(setFirstFive(marked, 'a', true))
    expect(both.deck.firstFive).toEqual(['c', 'a'])
    expect(both.dirty).toBe(true)
    expect(both.revision).toBe(marked.revision + 1)
    expect(applied(setFirstFive(both, 'c', false)).deck.firstFive).toEqual(['a'])
  })

  it('refuses a sixth card, a conjuration and a card outside the deck', () => {
    const five = building({ firstFive: STUBS.slice(0, 5) })
    expect(setFirstFive(five, 'f', true)).toEqual({ refused: FIRST_FIVE_MESSAGES.full })
    expect(setFirstFive(building(), 'imp', true)).toEqual({
      refused: FIRST_FIVE_MESSAGES.conjuration,
    })
    expect(setFirstFive(building(), 'nope', true)).toEqual({
      refused: FIRST_FIVE_MESSAGES.notInDeck,
    })
  })

  it('leaves the state alone when nothing changes', () => {
    const state = building({ firstFive: ['a'] })
    expect(setFirstFive(state, 'a', true)).toBe(state)
    expect(setFirstFive(state, 'b', false)).toBe(state)
  })
})

describe('setEffectPaid', () => {
  it('pays the effect of a First Five card or of the Phoenixborn', () => {
    const state = building({ firstFive: ['a', 'b'] })
    const paid = applied(setEffectPaid(applied(setEffectPaid(state, 'b', true)), ARADEL.stub, true))
    expect(paid.deck.effectCosts).toEqual(['b', ARADEL.stub])
    expect(applied(setEffectPaid(paid, 'b', false)).deck.effectCosts).toEqual([ARADEL.stub])
  })

  it('refuses cards outside the First Five, and any effect before the First Five is marked', () => {
    expect(setEffectPaid(building({ firstFive: ['a'] }), 'c', true)).toEqual({
      refused: FIRST_FIVE_MESSAGES.notPayable,
    })
    expect(setEffectPaid(building(), ARADEL.stub, true)).toEqual({
      refused: FIRST_FIVE_MESSAGES.noFirstFive,
    })
  })
})

describe('the marks follow the deck', () => {
  it('a card leaving the deck leaves the First Five and its paid effect', () => {
    const state = building({ firstFive: ['a', 'b'], effectCosts: ['a', 'b', ARADEL.stub] })
    const next = applied(setCardCount(state, card('a'), 0))
    expect(next.deck.firstFive).toEqual(['b'])
    expect(next.deck.effectCosts).toEqual(['b', ARADEL.stub])
    const none = applied(setCardCount(next, card('b'), 0))
    expect(none.deck.firstFive).toEqual([])
    expect(none.deck.effectCosts).toEqual([])
  })

  it("a new Phoenixborn's effect is not paid for the old one", () => {
    const state = building({ firstFive: ['a'], effectCosts: [ARADEL.stub] })
    expect(applied(setPhoenixborn(state, COAL)).deck.effectCosts).toEqual([])
  })
})
