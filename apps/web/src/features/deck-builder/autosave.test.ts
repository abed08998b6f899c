import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toasts } from '../../../test/recorded-toasts.ts'
import {
  ARADEL,
  answerFor,
  deferredServer,
  endAutosaveTest,
  startAutosaveTest,
} from '../../../test/save-server.ts'
import { useAppStore } from '../../store/app-store.ts'
import {
  BUILDER_MESSAGES,
  setCardCount,
  setDieCount,
  setPhoenixborn,
} from '../../store/builder-transitions.ts'
import { RETRY_DELAYS_MS, resetAutosaveForTests, SAVE_FAILED_OFFLINE, saveNow } from './autosave.ts'
import { editDeck, exitBuilder, forgetDeck, newDeck } from './builder-commands.ts'

vi.mock('../../lib/toast.ts', () => import('../../../test/recorded-toasts.ts'))

const state = () => useAppStore.getState()
const builder = () => state().builder
const settle = () => vi.advanceTimersByTimeAsync(0)

function openDeckWithPhoenixborn() {
  newDeck(false)
  state().updateBuilder((current) => setPhoenixborn(current, ARADEL))
}

function setDice(name: string, count: number) {
  state().updateBuilder((current) => setDieCount(current, name, count))
}

beforeEach(startAutosaveTest)
afterEach(endAutosaveTest)

describe('the autosave', () => {
  it('saves the whole deck once changes have paused for a second', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(500)
    setDice('natural', 4)
    await vi.advanceTimersByTimeAsync(999)
    expect(puts).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(puts).toHaveLength(1)
    expect(builder().saving).toBe(true)
    expect(puts[0]?.body).toEqual({
      title: '',
      description: '',
      phoenixborn: ARADEL,
      dice: [{ name: 'natural', count: 4 }],
      cards: [],
      first_five: [],
      effect_costs: [],
      tutor_map: {},
      is_red_rains: false,
    })
    puts[0]?.answer(200, answerFor(puts[0].body))
    await settle()
    expect(builder()).toMatchObject({ saving: false, dirty: false, deck: { id: 11 } })
  })

  it('sends the id once the deck exists', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(1000)
    puts[0]?.answer(200, answerFor(puts[0].body, 42))
    await settle()
    setDice('charm', 1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(puts[1]?.body.id).toBe(42)
  })

  it('refuses to save without a Phoenixborn, when asked or after a change', async () => {
    const puts = deferredServer()
    newDeck(false)
    expect(await saveNow({ explicit: true })).toBe(false)
    expect(toasts).toEqual([{ kind: 'error', message: BUILDER_MESSAGES.noPhoenixborn }])
    state().updateBuilder((current) =>
      setCardCount(current, { stub: 'anchornaut', name: 'Anchornaut', type: 'Ally' }, 2),
    )
    await vi.advanceTimersByTimeAsync(1000)
    expect(toasts).toHaveLength(2)
    expect(puts).toHaveLength(0)
    expect(builder().dirty).toBe(true)
  })

  it('queues a save asked for while one runs, never sending two at once, and loses nothing', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(1000)
    expect(puts).toHaveLength(1)
    setDice('time', 2)
    const second = saveNow({ explicit: true })
    expect(toasts).toContainEqual({ kind: 'warning', message: BUILDER_MESSAGES.saveWhileSaving })
    await vi.advanceTimersByTimeAsync(2000)
    expect(puts).toHaveLength(1)

    puts[0]?.answer(200, answerFor(puts[0].body))
    await settle()
    expect(puts).toHaveLength(2)
    expect(puts[1]?.body.dice).toEqual([{ name: 'time', count: 2 }])
    expect(builder().dirty).toBe(true)
    puts[1]?.answer(200, answerFor(puts[1].body))
    expect(await second).toBe(true)
    expect(builder()).toMatchObject({
      dirty: false,
      saving: false,
      deck: { dice: [{ name: 'time', count: 2 }] },
    })
  })

  it('keeps a deck whose save failed unsaved, and retries until the network is back', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(1000)
    puts[0]?.answer(0)
    await settle()
    expect(builder()).toMatchObject({ dirty: true, saving: false, saveFailed: true })
    expect(toasts).toEqual([{ kind: 'warning', message: SAVE_FAILED_OFFLINE }])

    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.first)
    expect(puts).toHaveLength(2)
    puts[1]?.answer(503, { detail: 'Down for maintenance' })
    await settle()
    // One toast per run of failures.
    expect(toasts).toHaveLength(1)

    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.first * 2)
    expect(puts).toHaveLength(3)
    puts[2]?.answer(200, answerFor(puts[2].body))
    await settle()
    expect(builder()).toMatchObject({ dirty: false, saveFailed: false, deck: { id: 11 } })
  })

  it('holds a save back while offline and sends it as soon as the connection returns', async () => {
    const puts = deferredServer()
    window.dispatchEvent(new Event('offline'))
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(1000 + RETRY_DELAYS_MS.max * 2)
    expect(puts).toHaveLength(0)
    expect(builder()).toMatchObject({ dirty: true, saving: false })

    window.dispatchEvent(new Event('online'))
    await settle()
    expect(puts).toHaveLength(1)
    expect(builder().saving).toBe(true)
    puts[0]?.answer(200, answerFor(puts[0].body))
    await settle()
    expect(builder()).toMatchObject({ dirty: false, saving: false, deck: { id: 11 } })
  })

  it('retries at once when the browser comes back online, not on its timer while offline', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(1000)
    window.dispatchEvent(new Event('offline'))
    puts[0]?.answer(0)
    await settle()
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.max * 2)
    expect(puts).toHaveLength(1)
    window.dispatchEvent(new Event('online'))
    await settle()
    expect(puts).toHaveLength(2)
  })

  it('never sends two saves at once, however many are asked for; the last one carries every change', async () => {
    let inFlight = 0
    let most = 0
    const puts = deferredServer()
    const fetchMock = vi.mocked(fetch)
    const deferred = fetchMock.getMockImplementation()
    fetchMock.mockImplementation((...args) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      return (deferred as typeof fetch)(...args).finally(() => {
        inFlight -= 1
      })
    })
    openDeckWithPhoenixborn()
    setDice('natural', 1)
    const first = saveNow()
    await settle()
    expect(puts).toHaveLength(1)
    setDice('natural', 2)
    const second = saveNow({ explicit: true })
    setDice('natural', 3)
    const third = saveNow({ explicit: true })
    await vi.advanceTimersByTimeAsync(5000)
    expect(puts).toHaveLength(1)

    puts[0]?.answer(200, answerFor(puts[0].body))
    await settle()
    expect(puts).toHaveLength(2)
    expect(puts[1]?.body.dice).toEqual([{ name: 'natural', count: 3 }])
    puts[1]?.answer(200, answerFor(puts[1].body))
    await settle()
    // The third save found nothing left to send.
    expect(puts).toHaveLength(2)
    expect(await Promise.all([first, second, third])).toEqual([true, true, true])
    expect(most).toBe(1)
    expect(builder()).toMatchObject({ dirty: false, saving: false })
  })

  it('does not retry what the server refused; the player is told', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(1000)
    puts[0]?.answer(400, { detail: 'Nope' })
    await settle()
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.max * 2)
    expect(puts).toHaveLength(1)
    expect(builder().dirty).toBe(true)
    expect(toasts.map((toast) => toast.kind)).toEqual(['error'])
  })
})

describe('leaving the deck', () => {
  it('refuses Exit builder while a save runs', async () => {
    deferredServer()
    openDeckWithPhoenixborn()
    await vi.advanceTimersByTimeAsync(1000)
    await exitBuilder()
    expect(toasts).toContainEqual({ kind: 'error', message: BUILDER_MESSAGES.exitWhileSaving })
    expect(builder().enabled).toBe(true)
  })

  it('saves unsaved changes before closing the deck', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    const exiting = exitBuilder()
    expect(builder().enabled).toBe(false)
    await settle()
    expect(puts).toHaveLength(1)
    puts[0]?.answer(200, answerFor(puts[0].body))
    await exiting
    expect(builder()).toMatchObject({ enabled: false, dirty: false, deck: { id: null } })
  })

  it('leaves a deck started while the last save ran alone', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    const exiting = exitBuilder()
    await settle()
    newDeck(true)
    puts[0]?.answer(200, answerFor(puts[0].body))
    await exiting
    expect(builder()).toMatchObject({
      enabled: true,
      deck: { isRedRains: true, phoenixborn: null },
    })
  })

  it('keeps the deck open when that last save fails', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    const exiting = exitBuilder()
    await settle()
    puts[0]?.answer(0)
    await exiting
    expect(builder()).toMatchObject({ enabled: true, dirty: true, deck: { phoenixborn: ARADEL } })
  })

  it('saves the open deck on its own when another deck is opened before it was saved', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    setDice('charm', 3)
    await editDeck(answerFor({ title: 'Other' }, 5), '"5-1"')
    await settle()
    expect(puts).toHaveLength(1)
    expect(puts[0]?.body.dice).toEqual([{ name: 'charm', count: 3 }])
    expect(builder().deck).toMatchObject({ id: 5, title: 'Other' })
    puts[0]?.answer(200, answerFor(puts[0].body, 12))
    await settle()
    // The answer belongs to the closed deck and leaves the open one alone.
    expect(builder()).toMatchObject({ dirty: false, deck: { id: 5 } })
  })

  it('resets when the open deck is deleted, and only then', async () => {
    await editDeck(answerFor({}, 8), '"8-1"')
    forgetDeck(9)
    expect(builder().enabled).toBe(true)
    forgetDeck(8)
    expect(builder()).toMatchObject({ enabled: false, deck: { id: null } })
  })
})

describe('after a reload', () => {
  it('resumes the save the reload interrupted', async () => {
    const puts = deferredServer()
    openDeckWithPhoenixborn()
    const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))
    useAppStore.setState((current) => ({
      builder: { ...current.builder, saving: true },
      session: {
        token: `h.${payload.replace(/=+$/, '')}.s`,
        username: 'Ada',
        badge: '1abc',
        isAdmin: false,
      },
    }))
    // The page that was reloaded is gone, and its timers with it.
    resetAutosaveForTests()
    vi.resetModules()
    const fresh = await import('./autosave.ts')
    const store = (await import('../../store/app-store.ts')).useAppStore
    expect(store.getState().builder).toMatchObject({ saving: false, dirty: true })
    fresh.startAutosave()
    await vi.advanceTimersByTimeAsync(1000)
    expect(puts).toHaveLength(1)
    expect(puts[0]?.body.phoenixborn).toEqual(ARADEL)
  })
})
