import { LRUCache } from 'lru-cache'
import { MAX_KEPT_ADDRESS } from '../../lib/kept-address.ts'

/**
 * Counting a large public result set means reading every matching row: about a second for a
 * popular card among a million deck rows on a busy 2-core machine. Past CACHED_COUNT_MIN rows a
 * count that may be a little old is answered instead (no reader can tell 200,001 from 200,002
 * on "Page X of Y") and refreshed in the background. A count stays fresh for 30 s, or for 200
 * times what it took to compute when that is longer (at most 10 minutes), so keeping any one
 * count fresh costs at most half a percent of the database's time; and background refreshes run
 * one at a time, so together they never hold more than one connection. Smaller counts are
 * always exact.
 */
const CACHED_COUNT_MIN = 2000
const MIN_FRESH_MS = 30_000
const MAX_FRESH_MS = 600_000
const FRESH_PER_COST = 200

type Kept = { count: number; at: number; freshMs: number }

export class CountCache {
  readonly #counts = new LRUCache<string, Kept>({ max: 2000 })
  readonly #pending = new Map<string, Promise<number>>()
  readonly #queued = new Set<string>()
  #queue: Promise<void> = Promise.resolve()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  get(key: string, compute: () => Promise<number>): Promise<number> {
    // Filters this long (a title search of a page of text) are counted, never kept.
    if (key.length > MAX_KEPT_ADDRESS) return compute()
    const hit = this.#counts.get(key)
    if (!hit) return this.#refresh(key, compute)
    if (this.#now() - hit.at > hit.freshMs) this.#refreshLater(key, compute)
    return Promise.resolve(hit.count)
  }

  /** Resolves once every background refresh asked for so far has finished. */
  idle(): Promise<void> {
    return this.#queue
  }

  #refresh(key: string, compute: () => Promise<number>): Promise<number> {
    const running = this.#pending.get(key)
    if (running) return running
    const started = this.#now()
    const pending = compute()
      .then((count) => {
        const at = this.#now()
        const freshMs = Math.min(
          MAX_FRESH_MS,
          Math.max(MIN_FRESH_MS, (at - started) * FRESH_PER_COST),
        )
        if (count >= CACHED_COUNT_MIN) this.#counts.set(key, { count, at, freshMs })
        else this.#counts.delete(key)
        return count
      })
      .finally(() => this.#pending.delete(key))
    this.#pending.set(key, pending)
    return pending
  }

  /** Queues one refresh of a stale count behind the others; a failed one keeps the old count. */
  #refreshLater(key: string, compute: () => Promise<number>) {
    if (this.#queued.has(key) || this.#pending.has(key)) return
    this.#queued.add(key)
    this.#queue = this.#queue
      .then(() => this.#refresh(key, compute))
      .then(
        () => {},
        () => {},
      )
      .finally(() => this.#queued.delete(key))
  }
}

export const createCountCache = () => new CountCache()
