import { describe, expect, it } from 'vitest'
import { ARADEL, answerFor } from '../../test/save-server.ts'
import { type Builder, INITIAL_BUILDER, isRefusal, restoreBuilder } from './builder-slice.ts'
import {
  loadDeck,
  saveStarted,
  saveSucceeded,
  setDieCount,
  setTitle,
  typeDraft,
} from './builder-transitions.ts'
import { followSave, resolveKeepingMine, saveConflicted } from './builder-versions.ts'

const VERSION = '"11-4"'
const opened = () => loadDeck(INITIAL_BUILDER, answerFor({ title: 'Mine' }), VERSION)

function changed(state: Builder, title: string): Builder {
  const next = setTitle(state, title)
  if (isRefusal(next)) throw new Error(next.refused)
  return next
}

describe('the version a copy was made from', () => {
  it('comes with the deck that is opened and moves with each save', () => {
    const state = changed(opened(), 'Edited')
    expect(state.deck.version).toBe(VERSION)
    const ticket = { revision: state.revision, generation: state.generation }
    const saved = saveSucceeded(
      saveStarted(state),
      ticket,
      answerFor({ title: 'Edited' }),
      '"11-5"',
    )
    expect(saved.deck.version).toBe('"11-5"')
  })

  it('a refused save keeps the changes and stops saving until the player chooses', () => {
    const state = saveStarted(changed(opened(), 'Stale'))
    const ticket = { revision: state.revision, generation: state.generation }
    const refused = saveConflicted(state, ticket)
    expect(refused).toMatchObject({ conflict: true, dirty: true, saving: false })
    expect(refused.deck).toMatchObject({ title: 'Stale', version: VERSION })
    // An answer for a deck closed meanwhile changes nothing.
    const other = loadDeck(state, answerFor({}, 12), '"12-1"')
    expect(saveConflicted(other, ticket)).toBe(other)
  })

  it("'Keep my version' saves the copy over the version there is now", () => {
    const refused = { ...changed(opened(), 'Mine again'), conflict: true }
    const kept = resolveKeepingMine(refused, '"11-9"')
    expect(kept).toMatchObject({ conflict: false, dirty: true })
    expect(kept.deck).toMatchObject({ id: 11, title: 'Mine again', version: '"11-9"' })
    // Deleted elsewhere: saved as a new deck.
    expect(resolveKeepingMine(refused, null).deck).toMatchObject({ id: null, version: null })
  })
})

describe("another tab's save", () => {
  const theirs = answerFor({ title: 'From the other tab', dice: [{ name: 'charm', count: 2 }] })

  it('replaces a copy of the same deck with nothing unsaved, keeping what is typed', () => {
    const typing = typeDraft(opened(), 'description', 'Half a thought')
    const followed = followSave(typing, theirs, '"11-5"')
    expect(followed.deck).toMatchObject({
      title: 'From the other tab',
      version: '"11-5"',
      phoenixborn: { stub: ARADEL.stub },
    })
    expect(followed.typed).toEqual({ description: 'Half a thought' })
  })

  it('leaves a copy with changes of its own, another deck, and a closed builder alone', () => {
    const dirty = changed(opened(), 'My change')
    expect(followSave(dirty, theirs, '"11-5"')).toBe(dirty)
    const other = opened()
    expect(followSave(other, answerFor({}, 12), '"12-2"')).toBe(other)
    const closed = { ...opened(), enabled: false }
    expect(followSave(closed, theirs, '"11-5"')).toBe(closed)
  })
})

describe('typed text', () => {
  it('is kept with the builder until committed, and comes back after a reload', () => {
    const typing = typeDraft(typeDraft(opened(), 'title', 'Half a tit'), 'description', 'Draft')
    expect(typing.typed).toEqual({ title: 'Half a tit', description: 'Draft' })
    const reloaded = restoreBuilder(JSON.parse(JSON.stringify(typing)))
    expect(reloaded.typed).toEqual({ title: 'Half a tit', description: 'Draft' })
    expect(reloaded.deck.version).toBe(VERSION)
    expect(typeDraft(reloaded, 'title', null).typed).toEqual({ description: 'Draft' })
  })

  it('is not a change of the deck, and a closed builder takes none', () => {
    const state = opened()
    const typing = typeDraft(state, 'title', 'New')
    expect(typing).toMatchObject({ dirty: false, revision: state.revision })
    const closed = { ...state, enabled: false }
    expect(typeDraft(closed, 'title', 'New')).toBe(closed)
    const dice = setDieCount(typing, 'charm', 1)
    expect(isRefusal(dice) ? null : dice.typed).toEqual({ title: 'New' })
  })
})
