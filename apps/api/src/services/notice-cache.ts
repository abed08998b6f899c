import { LRUCache } from 'lru-cache'
import type { ChangeNotices, ChangeTopic } from './change-notices.ts'

export type NoticeCacheOptions<V> = {
  /** At most this many answers (MAX_ENTRIES unless set)… */
  max?: number
  /** …and at most this much memory: `sizeOf` tells each answer's size, to which its key adds. */
  maxSize?: number
  sizeOf?: (value: V) => number
  /**
   * Notices that name what changed (players, cards) and drop only the answers whose keys the
   * test made once per notice from those names matches; a notice naming nothing drops every
   * answer.
   */
  naming?:
    | Partial<Record<ChangeTopic, (ids: ReadonlySet<number>) => (key: string) => boolean>>
    | undefined
}

const MAX_ENTRIES = 5000
/** What an entry costs beyond its key and answer (the cache's own bookkeeping), in bytes. */
const ENTRY_OVERHEAD = 200

/**
 * Answers computed from the database, kept until the data they came from changes: any notice
 * of one of `topics` (from this process or another, change-notices.ts) forgets them all, at
 * once; a notice of a `naming` topic forgets those that depend on what it names. A computation
 * begun before a notice that drops its key is answered but not kept; one of another key is
 * kept (saves of one deck every few milliseconds must not keep every other answer from being
 * kept). While notices may be missed (the listening connection lost), nothing is kept or
 * answered from memory.
 */
export class NoticeCache<V> {
  readonly #kept: LRUCache<string, { value: V }>
  /** Computations under way, one per key; a stale one is answered but not kept. */
  readonly #pending = new Map<string, { answer: Promise<V>; stale: boolean }>()
  readonly #notices: ChangeNotices

  constructor(notices: ChangeNotices, topics: ChangeTopic[], options: NoticeCacheOptions<V>) {
    this.#notices = notices
    const { sizeOf, maxSize } = options
    const max = options.max ?? MAX_ENTRIES
    // A key's characters may take two bytes each.
    this.#kept =
      maxSize && sizeOf
        ? new LRUCache({
            max,
            maxSize,
            sizeCalculation: (kept, key) => sizeOf(kept.value) + 2 * key.length + ENTRY_OVERHEAD,
          })
        : new LRUCache({ max })
    for (const topic of topics) notices.on(topic, () => this.clear())
    for (const [topic, depends] of Object.entries(options.naming ?? {})) {
      notices.on(topic as ChangeTopic, (ids) => {
        if (!ids || !depends) return this.clear()
        this.#forget(depends(ids))
      })
    }
  }

  /** Drops the answers whose keys match, and keeps none of theirs computed before. */
  #forget(matches: (key: string) => boolean): void {
    for (const [key, running] of this.#pending) {
      if (!matches(key)) continue
      running.stale = true
      this.#pending.delete(key)
    }
    for (const key of [...this.#kept.keys()]) if (matches(key)) this.#kept.delete(key)
  }

  /**
   * The kept answer, or `compute`'s (one computation at a time per key). A null key (an
   * address not worth keeping, `lib/kept-address.ts`) always computes.
   */
  get(key: string | null, compute: () => Promise<V>): Promise<V> {
    if (key === null || !this.#notices.live()) return compute()
    const kept = this.#kept.get(key)
    if (kept) return Promise.resolve(kept.value)
    const running = this.#pending.get(key)
    if (running) return running.answer
    const entry = { answer: compute(), stale: false }
    entry.answer = entry.answer
      .then((value) => {
        if (!entry.stale && this.#notices.live()) this.#kept.set(key, { value })
        return value
      })
      .finally(() => {
        if (this.#pending.get(key) === entry) this.#pending.delete(key)
      })
    this.#pending.set(key, entry)
    return entry.answer
  }

  clear(): void {
    for (const running of this.#pending.values()) running.stale = true
    this.#pending.clear()
    this.#kept.clear()
  }
}
