import v8 from 'node:v8'
import vm from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'

/**
 * A visitor who sends address after address, each one new, must not make the API keep more and
 * more: answers are kept only for addresses a route reads every query key of, up to a length,
 * and every cache counts its keys in a budget and caps its entries (`lib/kept-address.ts`,
 * `services/notice-cache.ts`). Measured on this process's heap and buffers after a full
 * collection, over real HTTP requests: ROUNDS new addresses (the kinds below in turn) may fill
 * the caches up to their budgets, and as many again must add almost nothing.
 */
const ROUNDS = Number(process.env.MEMORY_BOUND_ROUNDS ?? 8000)
const LIMIT_MB = 64
const SECOND_ROUND_LIMIT_MB = 16
const PADDING = 'x'.repeat(12_000)
/** Memory outside the heap a new address may add, at most: its kept answer's bytes. */
const KEPT_BYTES_PER_ADDRESS = 64

v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

function usedMb(): number {
  collectGarbage()
  collectGarbage()
  const { heapUsed, external } = process.memoryUsage()
  return (heapUsed + external) / 1024 / 1024
}

describe('memory a visitor can make the API keep', () => {
  let t: TestApp
  let base = ''
  let reader: TestUser
  let stub = ''
  let deckId = 0

  beforeAll(async () => {
    t = await buildTestApp()
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    reader = await createTestUser(t)
    const cards = await t.app.inject({ url: '/v2/cards?limit=1' })
    stub = (cards.json() as { results: { stub: string }[] }).results[0]?.stub ?? ''
    const decks = await t.app.inject({ url: '/v2/decks?limit=1' })
    deckId = (decks.json() as { results: { id: number }[] }).results[0]?.id ?? 0
  })
  afterAll(() => t.close())

  /** The n-th new address: unknown keys, long known values, short known values. */
  const address = (n: number): string => {
    const kinds = [
      `/v2/decks?q=zzzz&k${n}=${PADDING}`,
      `/v2/decks?q=${PADDING.slice(0, 900)}${n}`,
      `/v2/decks?q=deck${n}`,
      `/v2/cards?k${n}=${PADDING}`,
      `/v2/cards?q=${PADDING.slice(0, 900)}${n}`,
      `/v2/cards?q=a${n}`,
      `/v2/cards/${stub}/details?k${n}=${PADDING}`,
      `/v2/decks/${deckId}?k${n}=${PADDING}`,
      `/v2/decks/mine?k${n}=${PADDING}`,
      `/v2/decks/mine?q=mine${n}`,
    ]
    return kinds[n % kinds.length] ?? '/'
  }

  /** Addresses `from` to `to`, eight at a time, over HTTP (what a visitor does). */
  const ask = async (from: number, to: number) => {
    let next = from
    const worker = async () => {
      for (let n = next++; n < to; n = next++) {
        const url = address(n)
        const headers = url.includes('/mine') ? bearer(reader) : {}
        const response = await fetch(`${base}${url}`, { headers })
        await response.arrayBuffer()
        if (![200, 404].includes(response.status)) throw new Error(`${response.status} ${url}`)
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
  }

  it(`keeps under ${LIMIT_MB} MB however many new addresses it is sent`, async () => {
    // Everything loaded and compiled once first.
    await ask(0, 2000)
    const before = usedMb()
    const buffersBefore = process.memoryUsage().arrayBuffers
    await ask(2000, 2000 + ROUNDS)
    const filled = usedMb()
    const buffersGrown = process.memoryUsage().arrayBuffers - buffersBefore
    await ask(2000 + ROUNDS, 2000 + 2 * ROUNDS)
    const after = usedMb()
    expect(filled - before).toBeLessThan(LIMIT_MB)
    expect(after - filled).toBeLessThan(SECOND_ROUND_LIMIT_MB)
    // Outside the heap, the kept answers' own bytes: five kinds in ten keep one of about 60
    // bytes (0.2 MB in all). Held as slices of Node's shared 8 KB slabs, they held 0.7 MB on
    // PGlite and 2.9 MB on PostgreSQL, whose driver fills those slabs with each query.
    expect(buffersGrown).toBeLessThan(ROUNDS * KEPT_BYTES_PER_ADDRESS)
  }, 600_000)
})
