import { LRUCache } from 'lru-cache'
import type { ChangeNotices, ChangeTopic } from './change-notices.ts'

export type NoticeCacheOptions<V> = {
  /** At most this many answers… */
  max?: number
  /** …or this much memory, with `sizeOf` telling each answer's size. */
  maxSize?: number
  sizeOf?: (value: V) => number
}

/**
 * Answers computed from the database, kept until the data they came from changes: any notice
 * of one of `topics` (from this process or another, change-notices.ts) forgets them all, at
 * once. A computation begun before a notice is answered but not kept. While notices may be
 * missed (the listening connection lost), nothing is kept or answered from memory.
 */
export class NoticeCache<V> {
  readonly #kept: LRUCache<string, { value: V }>
  readonly #pending = new Map<string, Promise<V>>()
  readonly #notices: ChangeNotices
  #generation = 0

  constructor(notices: ChangeNotices, topics: ChangeTopic[], options: NoticeCacheOptions<V>) {
    this.#notices = notices
    const { sizeOf, maxSize } = options
    this.#kept =
      maxSize && sizeOf
        ? new LRUCache({ maxSize, sizeCalculation: (kept) => sizeOf(kept.value) + 100 })
        : new LRUCache({ max: options.max ?? 1000 })
    for (const topic of topics) notices.on(topic, () => this.clear())
  }

  /** The kept answer, if any (nothing while notices may be missed). */
  peek(key: string): V | undefined {
    return this.#notices.live() ? this.#kept.get(key)?.value : undefined
  }

  /** The kept answer, or `compute`'s (one computation at a time per key). */
  get(key: string, compute: () => Promise<V>): Promise<V> {
    if (!this.#notices.live()) return compute()
    const kept = this.#kept.get(key)
    if (kept) return Promise.resolve(kept.value)
    const running = this.#pending.get(key)
    if (running) return running
    const generation = this.#generation
    const pending = compute()
      .then((value) => {
        if (generation === this.#generation && this.#notices.live()) {
          this.#kept.set(key, { value })
        }
        return value
      })
      .finally(() => {
        if (this.#pending.get(key) === pending) this.#pending.delete(key)
      })
    this.#pending.set(key, pending)
    return pending
  }

  clear(): void {
    this.#generation += 1
    this.#kept.clear()
    this.#pending.clear()
  }
}

/** Answers kept as ready JSON bodies, bounded by their total size. */
export function jsonBodyCache(
  notices: ChangeNotices,
  topics: ChangeTopic[],
  maxBytes: number,
): NoticeCache<Buffer> {
  return new NoticeCache<Buffer>(notices, topics, {
    maxSize: maxBytes,
    sizeOf: (body) => body.length,
  })
}

export const asJson = async (compute: () => Promise<unknown>): Promise<Buffer> =>
  Buffer.from(JSON.stringify(await compute()))

/** A ready JSON body kept with the `ETag` it goes out with (a deck's version). */
export type TaggedBody = { body: Buffer; etag: string }

/** Like `jsonBodyCache`, for answers whose tag must stay the one computed with the body. */
export function taggedBodyCache(
  notices: ChangeNotices,
  topics: ChangeTopic[],
  maxBytes: number,
): NoticeCache<TaggedBody> {
  return new NoticeCache<TaggedBody>(notices, topics, {
    maxSize: maxBytes,
    sizeOf: (kept) => kept.body.length + kept.etag.length,
  })
}

export const asTaggedJson = async (
  compute: () => Promise<{ body: unknown; etag: string }>,
): Promise<TaggedBody> => {
  const { body, etag } = await compute()
  return { body: Buffer.from(JSON.stringify(body)), etag }
}
