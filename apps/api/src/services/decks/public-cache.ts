import { LRUCache } from 'lru-cache'

/**
 * Answers that are the same for every anonymous reader (the public deck listing, public deck
 * details), kept briefly as ready response bodies. Popular pages are read far more often than
 * decks change, and building one costs several queries and ~100 KB of JSON; a kept body is sent
 * as it is, without building or copying anything.
 *
 * Freshness: any write this process answers clears everything (see `invalidate`), so a reader
 * never sees data older than a write the same server acknowledged. A write made through another
 * process (or the import command) shows within FRESH_MS, plus one refresh: a body past that age
 * is still answered while a single background read replaces it, so readers of a busy page never
 * wait for it; past STALE_MS it is not used at all.
 */
const FRESH_MS = 2000
const STALE_MS = 10_000

type Kept = { body: Buffer; at: number }

export class PublicReadCache {
  readonly #bodies: LRUCache<string, Kept>
  readonly #pending = new Map<string, Promise<Buffer>>()
  readonly #now: () => number
  #version = 0

  /** `maxBytes` bounds the memory held (16 MB: about 170 listing pages of 30 decks). */
  constructor(maxBytes: number, now: () => number = Date.now) {
    this.#now = now
    this.#bodies = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      sizeCalculation: (kept) => kept.body.length + 100,
    })
  }

  /** The kept body, or `compute`'s answer serialised (one computation at a time per key). */
  get(key: string, compute: () => Promise<unknown>): Promise<Buffer> {
    const kept = this.#bodies.get(key)
    const age = kept ? this.#now() - kept.at : Number.POSITIVE_INFINITY
    if (kept && age <= FRESH_MS) return Promise.resolve(kept.body)
    if (kept && age <= STALE_MS) {
      // A failed refresh keeps the old body until STALE_MS; the next reader tries again.
      this.#refresh(key, compute).catch(() => {})
      return Promise.resolve(kept.body)
    }
    return this.#refresh(key, compute)
  }

  #refresh(key: string, compute: () => Promise<unknown>): Promise<Buffer> {
    const version = this.#version
    const pendingKey = `${version}\u0000${key}`
    const running = this.#pending.get(pendingKey)
    if (running) return running
    const pending = compute()
      .then((answer) => {
        const body = Buffer.from(JSON.stringify(answer))
        // Read before a write that has since finished: answer it, but do not keep it.
        if (version === this.#version) this.#bodies.set(key, { body, at: this.#now() })
        return body
      })
      .finally(() => this.#pending.delete(pendingKey))
    this.#pending.set(pendingKey, pending)
    return pending
  }

  invalidate(): void {
    this.#version += 1
    this.#bodies.clear()
  }
}
