import { describe, expect, it } from 'vitest'
import { PublicReadCache } from './public-cache.ts'

const entry = (value: string) => value
const text = (body: Buffer) => JSON.parse(body.toString())

describe('PublicReadCache', () => {
  it('keeps an answer and computes it once for readers arriving together', async () => {
    const cache = new PublicReadCache(1024 * 1024)
    let calls = 0
    const compute = () => {
      calls += 1
      return Promise.resolve(entry(`v${calls}`))
    }
    const answers = await Promise.all([cache.get('k', compute), cache.get('k', compute)])
    expect(answers.map(text)).toEqual(['v1', 'v1'])
    expect(text(await cache.get('k', compute))).toBe('v1')
    expect(calls).toBe(1)
  })

  it('forgets everything on a write, and never keeps what was read before it', async () => {
    const cache = new PublicReadCache(1024 * 1024)
    await cache.get('k', () => Promise.resolve(entry('old')))
    let release: (value: string) => void = () => {}
    const slow = cache.get('slow', () => new Promise<string>((resolve) => (release = resolve)))
    cache.invalidate()
    release(entry('read before the write'))
    expect(text(await slow)).toBe('read before the write')
    expect(text(await cache.get('k', () => Promise.resolve(entry('new'))))).toBe('new')
    expect(text(await cache.get('slow', () => Promise.resolve(entry('fresh'))))).toBe('fresh')
  })

  it('answers a body past its freshness while one refresh replaces it', async () => {
    let now = 0
    const cache = new PublicReadCache(1024 * 1024, () => now)
    let calls = 0
    const compute = () => {
      calls += 1
      return Promise.resolve(entry(`v${calls}`))
    }
    await cache.get('k', compute)
    now += 5000
    const answers = await Promise.all([cache.get('k', compute), cache.get('k', compute)])
    expect(answers.map(text)).toEqual(['v1', 'v1'])
    await Promise.resolve()
    expect(text(await cache.get('k', compute))).toBe('v2')
    expect(calls).toBe(2)
    // Too old to answer at all: the reader waits for a fresh one.
    now += 60_000
    expect(text(await cache.get('k', compute))).toBe('v3')
  })

  it('does not keep failures', async () => {
    const cache = new PublicReadCache(1024 * 1024)
    await expect(cache.get('k', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone')
    expect(text(await cache.get('k', () => Promise.resolve(entry('ok'))))).toBe('ok')
  })
})
