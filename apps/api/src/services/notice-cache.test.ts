import { describe, expect, it } from 'vitest'
import type { ChangeNotices, ChangeTopic } from './change-notices.ts'
import { NoticeCache } from './notice-cache.ts'

/** Notices delivered by hand: `send` stands for a notice arriving from any process. */
function fakeNotices() {
  const handlers = new Map<ChangeTopic, ((ids?: ReadonlySet<number>) => void)[]>()
  let live = true
  const notices: ChangeNotices = {
    on: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
    live: () => live,
    settle: async () => {},
    playersSeen: () => 0,
    close: async () => {},
  }
  return {
    notices,
    send: (topic: ChangeTopic, ids?: number[]) => {
      for (const handler of handlers.get(topic) ?? []) handler(ids && new Set(ids))
    },
    setLive: (value: boolean) => {
      live = value
    },
  }
}

const counter = () => {
  let calls = 0
  return {
    compute: () => Promise.resolve(`v${++calls}`),
    calls: () => calls,
  }
}

describe('NoticeCache', () => {
  it('keeps an answer and computes it once for readers arriving together', async () => {
    const { notices } = fakeNotices()
    const cache = new NoticeCache<string>(notices, ['decks'], { max: 10 })
    const { compute, calls } = counter()
    expect(await Promise.all([cache.get('k', compute), cache.get('k', compute)])).toEqual([
      'v1',
      'v1',
    ])
    expect(await cache.get('k', compute)).toBe('v1')
    expect(calls()).toBe(1)
  })

  it('forgets everything on a notice of its topics, and only those', async () => {
    const { notices, send } = fakeNotices()
    const cache = new NoticeCache<string>(notices, ['decks', 'players'], { max: 10 })
    const { compute } = counter()
    await cache.get('k', compute)
    send('subscriptions')
    expect(await cache.get('k', compute)).toBe('v1')
    send('players')
    expect(await cache.get('k', compute)).toBe('v2')
    send('decks')
    expect(await cache.get('k', compute)).toBe('v3')
  })

  it('answers a read begun before a notice but does not keep it', async () => {
    const { notices, send } = fakeNotices()
    const cache = new NoticeCache<string>(notices, ['decks'], { max: 10 })
    let release: (value: string) => void = () => {}
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)))
    send('decks')
    // A reader after the notice does not join the read begun before it.
    const after = cache.get('k', () => Promise.resolve('after the change'))
    release('before the change')
    expect(await slow).toBe('before the change')
    expect(await after).toBe('after the change')
    expect(await cache.get('k', () => Promise.resolve('unused'))).toBe('after the change')
  })

  it('keeps a read begun before a notice naming something else, not one naming its key', async () => {
    const { notices, send } = fakeNotices()
    const cache = new NoticeCache<string>(notices, [], {
      max: 10,
      naming: { saved: (players) => (key) => players.has(Number(key)) },
    })
    const releases: ((value: string) => void)[] = []
    const slow = (key: string) =>
      cache.get(key, () => new Promise<string>((resolve) => releases.push(resolve)))
    const one = slow('1')
    const two = slow('2')
    // Player 2's save lands while both are computed: player 1's answer is still right.
    send('saved', [2])
    for (const release of releases) release('before the save')
    expect([await one, await two]).toEqual(['before the save', 'before the save'])
    expect(await cache.get('1', () => Promise.resolve('computed again'))).toBe('before the save')
    expect(await cache.get('2', () => Promise.resolve('computed again'))).toBe('computed again')
  })

  it('keeps nothing while notices may be missed', async () => {
    const { notices, setLive } = fakeNotices()
    const cache = new NoticeCache<string>(notices, ['decks'], { max: 10 })
    const { compute } = counter()
    setLive(false)
    expect(await cache.get('k', compute)).toBe('v1')
    expect(await cache.get('k', compute)).toBe('v2')
    setLive(true)
    expect(await cache.get('k', compute)).toBe('v3')
    expect(await cache.get('k', compute)).toBe('v3')
  })

  it('does not keep a failed computation', async () => {
    const { notices } = fakeNotices()
    const cache = new NoticeCache<string>(notices, ['decks'], { max: 10 })
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', () => Promise.resolve('back'))).toBe('back')
  })
})
