import { describe, expect, it } from 'vitest'
import { CountCache } from './listing.ts'

function counter(values: number[]) {
  let calls = 0
  return {
    get calls() {
      return calls
    },
    compute: () => {
      const value = values[Math.min(calls, values.length - 1)] ?? 0
      calls += 1
      return Promise.resolve(value)
    },
  }
}

describe('CountCache', () => {
  it('never keeps small counts', async () => {
    const cache = new CountCache()
    const source = counter([5, 6])
    expect(await cache.get('k', source.compute)).toBe(5)
    expect(await cache.get('k', source.compute)).toBe(6)
    expect(source.calls).toBe(2)
  })

  it('keeps large counts for a while, then refreshes them in the background', async () => {
    let now = 0
    const cache = new CountCache(() => now)
    const source = counter([200_000, 200_001])
    expect(await cache.get('k', source.compute)).toBe(200_000)
    now += 1000
    expect(await cache.get('k', source.compute)).toBe(200_000)
    expect(source.calls).toBe(1)
    now += 60_000
    // The stale count answers at once; the refresh lands for the next reader.
    expect(await cache.get('k', source.compute)).toBe(200_000)
    await Promise.resolve()
    expect(await cache.get('k', source.compute)).toBe(200_001)
    expect(source.calls).toBe(2)
  })

  it('runs one count at a time per key', async () => {
    const cache = new CountCache()
    const source = counter([3000])
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('k', source.compute)))
    expect(answers).toEqual([3000, 3000, 3000])
    expect(source.calls).toBe(1)
    expect(await cache.get('other', source.compute)).toBe(3000)
    expect(source.calls).toBe(2)
  })
})
