import { describe, expect, it } from 'vitest'
import {
  type Builder,
  type BuilderCard,
  INITIAL_BUILDER,
  isRefusal,
  type Transition,
} from './builder-slice.ts'
import {
  dismissPhoenixbornUndo,
  setCardCount,
  setPhoenixborn,
  startNewDeck,
  undoPhoenixborn,
} from './builder-transitions.ts'

const SARAVY = { stub: 'saravy', name: 'Saravy' }
const ORRIN = { stub: 'orrin', name: 'Orrin' }
const unique = (stub: string, name: string, count: number, phoenixborn: string): BuilderCard => ({
  stub,
  name,
  type: 'Action Spell',
  count,
  phoenixborn,
})
const BLADES = unique('one-hundred-blades', 'One Hundred Blades', 3, 'Saravy')
const VEIL = unique('saravys-veil', "Saravy's Veil", 1, 'Saravy')
const HAMMER: BuilderCard = {
  stub: 'hammer',
  name: 'Hammer',
  type: 'Ally',
  count: 2,
  phoenixborn: null,
}

function applied(result: Transition): Builder {
  if (isRefusal(result)) throw new Error(result.refused)
  return result
}

function saravyDeck(): Builder {
  const state = applied(setPhoenixborn(startNewDeck(INITIAL_BUILDER, false), SARAVY))
  return {
    ...state,
    deck: {
      ...state.deck,
      cards: [HAMMER, BLADES, VEIL],
      firstFive: ['one-hundred-blades', 'hammer'],
    },
  }
}

describe("'Change Phoenixborn'", () => {
  it('names the cards it took out', () => {
    const changed = applied(setPhoenixborn(saravyDeck(), ORRIN))
    expect(changed.deck.cards).toEqual([HAMMER])
    expect(changed.phoenixbornUndo).toMatchObject({ phoenixborn: SARAVY, removed: [BLADES, VEIL] })
  })

  it('remembers nothing when no card had to go, nor for the first Phoenixborn', () => {
    const first = applied(setPhoenixborn(startNewDeck(INITIAL_BUILDER, false), SARAVY))
    expect(first.phoenixbornUndo).toBeUndefined()
    const plain = { ...first, deck: { ...first.deck, cards: [HAMMER] } }
    expect(applied(setPhoenixborn(plain, ORRIN)).phoenixbornUndo).toBeUndefined()
  })

  it("'Undo' brings the Phoenixborn, its cards and the First Five back", () => {
    const changed = applied(setPhoenixborn(saravyDeck(), ORRIN))
    const undone = applied(undoPhoenixborn(changed))
    expect(undone.deck.phoenixborn).toEqual(SARAVY)
    expect(undone.deck.cards).toEqual([HAMMER, BLADES, VEIL])
    expect(undone.deck.firstFive).toEqual(['one-hundred-blades', 'hammer'])
    expect(undone.phoenixbornUndo).toBeUndefined()
    // A change like any other: it is saved.
    expect(undone.dirty).toBe(true)
    expect(undone.revision).toBeGreaterThan(changed.revision)
  })

  it('keeps cards added since that the old Phoenixborn allows, and drops the others', () => {
    const changed = applied(setPhoenixborn(saravyDeck(), ORRIN))
    const added = applied(setCardCount(changed, unique('orrins-own', "Orrin's Own", 0, 'Orrin'), 2))
    const more = applied(setCardCount(added, { ...HAMMER, stub: 'anvil', name: 'Anvil' }, 1))
    const undone = applied(undoPhoenixborn(more))
    expect(undone.deck.cards.map((card) => card.stub)).toEqual([
      'hammer',
      'anvil',
      'one-hundred-blades',
      'saravys-veil',
    ])
  })

  it('can be dismissed', () => {
    const changed = applied(setPhoenixborn(saravyDeck(), ORRIN))
    const dismissed = dismissPhoenixbornUndo(changed)
    expect(dismissed.phoenixbornUndo).toBeUndefined()
    expect(undoPhoenixborn(dismissed)).toBe(dismissed)
  })
})
