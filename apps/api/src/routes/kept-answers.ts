import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../deps.ts'
import { keptAddress, queryKeys } from '../lib/kept-address.ts'
import { acceptedEncoding, type Encoding, encodeOnce, sendEncoded } from '../plugins/compression.ts'
import { catalogueTag, getCatalogue } from '../services/cards/catalogue.ts'
import type { ChangeNotices, ChangeTopic } from '../services/change-notices.ts'
import { NoticeCache, type NoticeCacheOptions } from '../services/notice-cache.ts'
import { subscriptionMarker } from '../services/subscriptions.ts'

/**
 * The one way a read route keeps its answers: a route says what its answer depends on, and
 * `send` answers from memory when it can, else computes, keeps and sends. Answers are kept as
 * ready JSON, per catalogue (cards show as it says), reader and address, until a change notice
 * of their topics drops them (notice-cache.ts); what one reader alone sees of a shared answer,
 * their marker in its comment thread, is added to each request instead of kept per reader.
 */
export type Answer = {
  body?: unknown
  /** The body already serialised (card listings are assembled from per-card JSON). */
  json?: string
  /** Goes out as the `ETag` (a deck's version), kept with the body it was computed with. */
  etag?: string
  /** The comment thread whose reader marker `send` adds (`marker`). */
  thread?: number | null
}

/**
 * A kept answer, and the same bytes compressed as the request that computed it asked (browsers
 * all ask for brotli), so a kept answer is compressed once rather than for every reader.
 */
type Kept = {
  json: Buffer
  etag: string | undefined
  thread: number | null
  encoded: { encoding: Encoding; bytes: Buffer } | undefined
}

export type KeptAnswersOptions = {
  /** Any notice of these topics drops every answer kept. */
  topics: ChangeTopic[]
  /** Notices naming what changed drop the answers whose keys depend on it (notice-cache.ts). */
  naming?: NoticeCacheOptions<Kept>['naming']
  maxBytes: number
  /**
   * Adds the reader's `last_seen_entity_id` in the answer's comment thread: 'always' (null
   * without a marker or reader; kept with null, so most readers get the kept bytes as they
   * are), or 'when-subscribed' (left out unless the reader follows the thread).
   */
  marker?: 'always' | 'when-subscribed'
}

export type Reading = {
  /** False: computed for this request alone, never kept (what no notice announces changes). */
  keep?: boolean
  /** Whose answer this is: null for one anyone may be given. */
  reader?: number | null
  /** What else the answer depends on (the boxes a player owns). */
  variant?: string
  /** Whose marker goes into the answer (the cache's `marker`): null for nobody logged in. */
  seenBy?: number | null
}

const JSON_TYPE = 'application/json; charset=utf-8'

type Marker = number | null | undefined
/**
 * Readers' markers, per reader and thread (a few bytes each), kept until subscriptions change:
 * shared by every kept answer of one process.
 */
const markerCaches = new WeakMap<ChangeNotices, NoticeCache<Marker>>()
function markersOf(deps: Pick<AppDeps, 'notices'>): NoticeCache<Marker> {
  let markers = markerCaches.get(deps.notices)
  if (!markers) {
    markers = new NoticeCache<Marker>(deps.notices, ['subscriptions'], {})
    markerCaches.set(deps.notices, markers)
  }
  return markers
}

/**
 * A kept answer's key: catalogue \0 reader \0 address \0 variant. Notices that name players
 * read the reader (`readerOf`); those that name cards read the address.
 */
export const readerOf = (key: string) => key.split('\u0000')[1]
export const addressOf = (key: string) => key.split('\u0000')[2] ?? ''

export function keptAnswers(deps: Pick<AppDeps, 'db' | 'notices'>, options: KeptAnswersOptions) {
  const cache = new NoticeCache<Kept>(deps.notices, options.topics, {
    maxSize: options.maxBytes,
    sizeOf: (kept) =>
      kept.json.length + (kept.encoded?.bytes.length ?? 0) + (kept.etag?.length ?? 0),
    naming: options.naming,
  })
  const keyOf = async (request: FastifyRequest, reading: Reading) => {
    if (reading.keep === false) return null
    // An address naming a key the route's querystring does not read is answered, never kept.
    const address = keptAddress(request.url, queryKeys(request.routeOptions.schema?.querystring))
    if (address === null) return null
    const catalogue = catalogueTag(await getCatalogue(deps.db))
    return `${catalogue}\u0000${reading.reader ?? ''}\u0000${address}\u0000${reading.variant ?? ''}`
  }

  const markers = markersOf(deps)
  const markerFor = async (kept: Kept, reader: number | null | undefined) => {
    const thread = kept.thread
    const seen =
      reader == null || thread === null
        ? undefined
        : await markers.get(`${reader}:${thread}`, () =>
            subscriptionMarker(deps.db, reader, thread),
          )
    if (options.marker === 'always') {
      return seen == null ? kept.json : inPlaceOfNull(kept.json, seen)
    }
    return seen === undefined ? kept.json : withLastSeen(kept.json, seen)
  }

  return {
    /** Sends the answer kept for this request, or `compute`'s (kept for the next one). */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      reading: Reading,
      compute: () => Promise<Answer>,
    ): Promise<FastifyReply> {
      const encoding = acceptedEncoding(request)
      const kept = await cache.get(await keyOf(request, reading), async () => {
        const { body, json, etag, thread } = await compute()
        const computed = Buffer.from(json ?? JSON.stringify(body))
        const bytes = options.marker === 'always' ? withLastSeen(computed, null) : computed
        const encoded = encoding ? encodeOnce(bytes, encoding) : undefined
        return {
          json: own(bytes),
          etag,
          thread: thread ?? null,
          encoded: encoded && encoding ? { encoding, bytes: own(encoded) } : undefined,
        }
      })
      if (kept.etag !== undefined) reply.header('etag', kept.etag)
      const json = options.marker ? await markerFor(kept, reading.seenBy) : kept.json
      if (json === kept.json && kept.encoded && kept.encoded.encoding === encoding) {
        return sendEncoded(reply.type(JSON_TYPE), encoding, kept.encoded.bytes)
      }
      return sendJson(reply, json)
    },
  }
}

/**
 * `bytes` in memory of their own. A small Buffer is a slice of an 8 KB slab Node shares between
 * allocations, and a compressed one a slice of zlib's 16 KB output chunk: kept as they are, a
 * 60-byte answer held its whole slab (most of it the garbage of other requests) and a 2 KB
 * compressed page its 16 KB chunk, unseen by the budget, which counts the answer's own bytes.
 */
function own(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes
  const copy = Buffer.allocUnsafeSlow(bytes.length)
  bytes.copy(copy)
  return copy
}

/** Sends JSON already serialised, as it is. */
export const sendJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.type(JSON_TYPE).send(json)

/** How an answer kept with a null marker ends: `…"last_seen_entity_id":null}`. */
const NULL_END = 'null}'

/** A JSON object with `last_seen_entity_id` added as its last key. */
function withLastSeen(json: Buffer, seen: number | null): Buffer {
  const empty = json.length <= 2
  return Buffer.concat([
    json.subarray(0, json.length - 1),
    Buffer.from(`${empty ? '' : ','}"last_seen_entity_id":${seen}}`),
  ])
}

/** An answer kept with a null marker, with `seen` in place of the null. */
const inPlaceOfNull = (json: Buffer, seen: number) =>
  Buffer.concat([json.subarray(0, json.length - NULL_END.length), Buffer.from(`${seen}}`)])
