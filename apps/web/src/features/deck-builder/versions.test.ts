import { onlineManager } from '@tanstack/react-query'
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
import { setDieCount } from '../../store/builder-transitions.ts'
import { editDeck, keepMyVersion, loadLatestVersion, newDeck } from './builder-commands.ts'
import { saveState } from './save-status.ts'

vi.mock('../../lib/toast.ts', () => import('../../../test/recorded-toasts.ts'))

const builder = () => useAppStore.getState().builder
const settle = () => vi.advanceTimersByTimeAsync(0)
const setDice = (name: string, count: number) =>
  useAppStore.getState().updateBuilder((current) => setDieCount(current, name, count))
const details = (title: string) => ({ deck: answerFor({ title }), releases: [] })

beforeEach(async () => {
  startAutosaveTest()
  await editDeck(answerFor({ title: 'Mine' }), '"11-4"')
})

afterEach(endAutosaveTest)

describe('saves name their version', () => {
  it('sends If-Match with every save, the version the last save answered', async () => {
    const calls = deferredServer()
    setDice('charm', 2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(calls[0]?.headers['If-Match']).toBe('"11-4"')
    calls[0]?.answer(200, answerFor(calls[0].body), '"11-5"')
    await settle()
    setDice('charm', 3)
    await vi.advanceTimersByTimeAsync(1000)
    expect(calls[1]?.headers['If-Match']).toBe('"11-5"')
  })

  it('a save held back offline carries the version it started from', async () => {
    const calls = deferredServer()
    onlineManager.setOnline(false)
    setDice('charm', 2)
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toHaveLength(0)
    onlineManager.setOnline(true)
    await settle()
    expect(calls[0]?.headers['If-Match']).toBe('"11-4"')
  })

  it('opens a deck read without its version by reading it again, with it', async () => {
    const calls = deferredServer()
    newDeck(false)
    const opening = editDeck(answerFor({ title: 'Page copy' }, 11))
    await settle()
    expect(calls[0]?.url).toMatch(/\/decks\/11\?show_saved=true$/)
    calls[0]?.answer(200, details('Saved copy'), '"11-7"')
    await opening
    expect(builder().deck).toMatchObject({ title: 'Saved copy', version: '"11-7"' })
  })
})

describe('a save refused because the deck changed somewhere else', () => {
  async function refused() {
    const calls = deferredServer()
    setDice('charm', 2)
    await vi.advanceTimersByTimeAsync(1000)
    calls[0]?.answer(412, { detail: 'This deck was changed since that version.' })
    await settle()
    return calls
  }

  it('stops saving and never says the deck is saved; the player is asked, not toasted', async () => {
    const calls = await refused()
    expect(builder()).toMatchObject({ conflict: true, dirty: true, saving: false })
    expect(saveState(builder())).toBe('conflict')
    setDice('charm', 4)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toHaveLength(1)
    expect(toasts).toEqual([])
  })

  it("'Load the latest' takes the saved deck and writes nothing", async () => {
    const calls = await refused()
    const loading = loadLatestVersion()
    await settle()
    expect(calls[1]?.method).toBe('GET')
    calls[1]?.answer(200, details('Theirs'), '"11-6"')
    await loading
    expect(builder()).toMatchObject({ dirty: false })
    expect(builder().conflict).toBeFalsy()
    expect(builder().deck).toMatchObject({ title: 'Theirs', version: '"11-6"', dice: [] })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1)
  })

  it("'Keep my version' saves the copy over the version there is now", async () => {
    const calls = await refused()
    const keeping = keepMyVersion()
    await settle()
    calls[1]?.answer(200, details('Theirs'), '"11-6"')
    await settle()
    expect(calls[2]?.method).toBe('PUT')
    expect(calls[2]?.headers['If-Match']).toBe('"11-6"')
    expect(calls[2]?.body).toMatchObject({
      id: 11,
      title: 'Mine',
      dice: [{ name: 'charm', count: 2 }],
    })
    calls[2]?.answer(200, answerFor(calls[2].body), '"11-7"')
    expect(await keeping).toBe(true)
    expect(builder()).toMatchObject({ conflict: false, dirty: false, deck: { version: '"11-7"' } })
    expect(saveState(builder())).toBe('saved')
  })

  it("'Keep my version' of a deck deleted meanwhile saves it as a new deck", async () => {
    const calls = await refused()
    const keeping = keepMyVersion()
    await settle()
    calls[1]?.answer(404, { detail: 'Deck not found.' })
    await settle()
    expect(calls[2]?.body.id).toBeUndefined()
    expect(calls[2]?.headers['If-Match']).toBeUndefined()
    calls[2]?.answer(200, answerFor(calls[2].body, 30), '"30-1"')
    await keeping
    expect(builder().deck).toMatchObject({ id: 30, version: '"30-1"', phoenixborn: ARADEL })
  })
})

describe('tabs of one browser', () => {
  it("a builder with nothing unsaved takes another tab's save of its deck", async () => {
    const otherTab = new BroadcastChannel('spellboard-deck-saves')
    const deck = answerFor({ title: 'From the other tab' })
    otherTab.postMessage({ kind: 'deck-saved', deck, version: '"11-5"' })
    await vi.waitFor(() => expect(builder().deck.title).toBe('From the other tab'), {
      interval: 5,
    })
    expect(builder().deck.version).toBe('"11-5"')
    otherTab.close()
  })
})
