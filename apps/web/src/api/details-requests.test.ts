import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../../test/render-with-app.tsx'
import { configureSession } from './client.ts'
import {
  fetchCardDetails,
  fetchCardDetailsAhead,
  fetchDeckDetails,
  fetchDeckDetailsAhead,
} from './details-requests.ts'

const DECK = { deck: { id: 7, title: 'Early' } }
let token: string | null = null
configureSession({ getToken: () => token })

afterEach(() => {
  token = null
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('answers fetched ahead', () => {
  it('hands a deck fetched ahead to the first call for it, and only to that one', async () => {
    const api = fakeApi({
      'GET /decks/7': [
        { status: 200, body: DECK },
        { status: 200, body: DECK },
      ],
    })
    fetchDeckDetailsAhead(7, false)
    expect(api.calls).toHaveLength(1)
    await expect(fetchDeckDetails(7, false)).resolves.toEqual(DECK)
    expect(api.calls).toHaveLength(1)
    await fetchDeckDetails(7, false)
    expect(api.calls).toHaveLength(2)
    expect(api.calls[0]?.path).toBe('/decks/7')
  })

  it('does not hand it to a call for another deck, another view or another session', async () => {
    const api = fakeApi({
      'GET /decks/7': [
        { status: 200, body: DECK },
        { status: 200, body: DECK },
        { status: 200, body: DECK },
      ],
      'GET /decks/8': [{ status: 200, body: DECK }],
    })
    fetchDeckDetailsAhead(7, false)
    await fetchDeckDetails(8, false)
    await fetchDeckDetails(7, true)
    token = 'another-token'
    await fetchDeckDetails(7, false)
    expect(api.calls.map((call) => call.path)).toEqual([
      '/decks/7',
      '/decks/8',
      '/decks/7',
      '/decks/7',
    ])
    expect(api.calls[2]?.headers.get('Authorization')).toBeNull()
    expect(api.calls[3]?.headers.get('Authorization')).toBe('Bearer another-token')
  })

  it('lets an answer go stale after half a minute', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    const api = fakeApi({
      'GET /cards/flame/details': [
        { status: 200, body: {} },
        { status: 200, body: {} },
      ],
    })
    fetchCardDetailsAhead('flame', false)
    vi.advanceTimersByTime(31_000)
    await fetchCardDetails('flame', false)
    expect(api.calls).toHaveLength(2)
  })

  it('passes a failed answer on to the call that takes it', async () => {
    fakeApi({ 'GET /cards/flame/details': [{ status: 404, body: { detail: 'Card not found.' } }] })
    fetchCardDetailsAhead('flame', true)
    await expect(fetchCardDetails('flame', true)).rejects.toMatchObject({ status: 404 })
  })
})

// Last in the file: it mounts the session handling, which then stays for the module's life.
describe('an answer fetched ahead with an expired session', () => {
  it('waits for the session handling to be mounted, then retries after a new log-in', async () => {
    token = 'stale'
    const api = fakeApi({
      'GET /cards/flame/details': [
        { status: 401, body: { detail: 'Expired' } },
        { status: 200, body: { name: 'Flame' } },
      ],
    })
    fetchCardDetailsAhead('flame', false)
    const answer = fetchCardDetails('flame', false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.calls).toHaveLength(1)

    const onSessionExpired = vi.fn(() => {
      token = 'fresh'
      return Promise.resolve(true)
    })
    configureSession({ onSessionExpired, onLoginRequired: () => {} })
    await expect(answer).resolves.toEqual({ name: 'Flame' })
    expect(onSessionExpired).toHaveBeenCalledOnce()
    expect(api.calls[1]?.headers.get('Authorization')).toBe('Bearer fresh')
  })
})
