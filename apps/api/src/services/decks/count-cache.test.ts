import { describe, expect, it } from 'vitest'
import { CountCache } from './count-cache.ts'

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
    await cache.idle()
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

  it('keeps a costly count fresh for 200 times what it took, at most 10 minutes', async () => {
    let now = 0
    const cache = new CountCache(() => now)
    let calls = 0
    const slow = () => {
      calls += 1
      now += 1000 // one second of counting
      return Promise.resolve(300_000 + calls)
    }
    expect(await cache.get('k', slow)).toBe(300_001)
    now += 190_000
    expect(await cache.get('k', slow)).toBe(300_001)
    await cache.idle()
    expect(calls).toBe(1)
    now += 20_000
    expect(await cache.get('k', slow)).toBe(300_001)
    await cache.idle()
    expect(calls).toBe(2)
    expect(await cache.get('k', slow)).toBe(300_002)

    // A minute of counting would mean 200 minutes; ten minutes is the most a count is kept.
    let slowerCalls = 0
    const slower = () => {
      slowerCalls += 1
      now += 60_000
      return Promise.resolve(400_000)
    }
    expect(await cache.get('other', slower)).toBe(400_000)
    now += 590_000
    await cache.get('other', slower)
    await cache.idle()
    expect(slowerCalls).toBe(1)
    now += 20_000
    await cache.get('other', slower)
    await cache.idle()
    expect(slowerCalls).toBe(2)
  })

  it('refreshes stale counts in the background one at a time', async () => {
    let now = 0
    const cache = new CountCache(() => now)
    await cache.get('a', () => Promise.resolve(5000))
    await cache.get('b', () => Promise.resolve(6000))
    now += 60_000
    const started: string[] = []
    const finish: (() => void)[] = []
    const deferred = (key: string, value: number) => () => {
      started.push(key)
      return new Promise<number>((resolve) => finish.push(() => resolve(value)))
    }
    expect(await cache.get('a', deferred('a', 5001))).toBe(5000)
    expect(await cache.get('b', deferred('b', 6001))).toBe(6000)
    // Asked again while queued: still one refresh per key.
    expect(await cache.get('a', deferred('a', 5002))).toBe(5000)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(started).toEqual(['a'])
    finish.shift()?.()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(started).toEqual(['a', 'b'])
    finish.shift()?.()
    await cache.idle()
    expect(await cache.get('a', deferred('a', 0))).toBe(5001)
    expect(await cache.get('b', deferred('b', 0))).toBe(6001)
  })
})
