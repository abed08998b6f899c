import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type Builder, INITIAL_BUILDER, restoreBuilder } from './builder-slice.ts'
import { setDieCount, setPhoenixborn, startNewDeck } from './builder-transitions.ts'

const ARADEL = { stub: 'aradel-summergaard', name: 'Aradel Summergaard', life: 16 }

function building(overrides: Partial<Builder['deck']> = {}, flags: Partial<Builder> = {}) {
  const state = startNewDeck(INITIAL_BUILDER, false)
  return { ...state, ...flags, deck: { ...state.deck, phoenixborn: ARADEL, ...overrides } }
}

describe('what a reload restores', () => {
  it.each([
    ['a first visit', undefined, { enabled: false, dirty: false, saving: false }],
    [
      'an open, saved deck',
      { ...building({ id: 5 }) },
      { enabled: true, dirty: false, saving: false },
    ],
    [
      'unsaved changes',
      { ...building({}, { dirty: true }) },
      { enabled: true, dirty: true, saving: false },
    ],
    [
      'a save cut short',
      { ...building({}, { saving: true, dirty: false }) },
      { enabled: true, dirty: true, saving: false },
    ],
    [
      'a deck being saved on its way out',
      { ...building({}, { enabled: false, saving: true, dirty: true }) },
      { enabled: true, dirty: true, saving: false },
    ],
  ])('%s', (_, saved, expected) => {
    expect(restoreBuilder(saved)).toMatchObject(expected)
  })
})

describe('persistence', () => {
  const liveToken = () => {
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))
    return `header.${payload.replace(/=+$/, '')}.signature`
  }
  const session = { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false }

  async function freshStore() {
    vi.resetModules()
    return (await import('./app-store.ts')).useAppStore
  }

  beforeEach(() => localStorage.clear())

  it('keeps the open deck and its unsaved changes across a reload', async () => {
    const first = await freshStore()
    first.getState().logIn(session)
    const { updateBuilder } = first.getState()
    updateBuilder((state) => startNewDeck(state, true))
    updateBuilder((state) => setPhoenixborn(state, ARADEL))
    updateBuilder((state) => setDieCount(state, 'charm', 4))
    first.setState((state) => ({ builder: { ...state.builder, saving: true } }))

    const second = await freshStore()
    expect(second.getState().builder).toMatchObject({
      enabled: true,
      dirty: true,
      saving: false,
      deck: { phoenixborn: ARADEL, isRedRains: true, dice: [{ name: 'charm', count: 4 }] },
    })
  })

  it('drops the deck when the session did not survive the reload', async () => {
    const first = await freshStore()
    first.getState().logIn(session)
    first.getState().updateBuilder((state) => startNewDeck(state, false))
    first.getState().logOut()

    const second = await freshStore()
    expect(second.getState().builder).toEqual(INITIAL_BUILDER)
  })
})
