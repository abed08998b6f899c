import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { MAGIC_TYPES } from '@spellboard/core/cards'
import { type Dispatcher, request } from 'undici'

// What the load tests send, shared by the closed loop (load-driver.ts) and the open loop
// (load-open.ts): the players and their decks, the mix of requests, each request as built and
// checked, and how an answer is counted.

export type Writer = {
  userId: number
  badge: string
  token: string
  deckId: number
  deckEntityId: number
  phoenixborn: string
  /** Cards this writer's deck may hold (no Phoenixborn, conjuration or other's unique). */
  pool: string[]
}

export type Fixture = {
  writers: Writer[]
  cardStubs: string[]
  cardEntityIds: number[]
  publicDeckIds: number[]
  releaseStubs: string[]
  phoenixbornStubs: string[]
}

export type DeckPayload = {
  id: number
  title: string
  description: string
  phoenixborn: string
  dice: { name: string; count: number }[]
  cards: { stub: string; count: number }[]
}

export type Kind =
  | 'cards listing'
  | 'card'
  | 'card details'
  | 'decks listing'
  | 'deck details'
  | 'releases'
  | 'autosave'
  | 'comment'
  | 'snapshot'

/** The mix: 70 % reads, 20 % autosaves, 10 % comments and snapshots. */
export const MIX: [Kind, number][] = [
  ['cards listing', 20],
  ['card', 10],
  ['card details', 10],
  ['decks listing', 10],
  ['deck details', 15],
  ['releases', 5],
  ['autosave', 20],
  ['comment', 6],
  ['snapshot', 4],
]

export const pickOne = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)]
  if (item === undefined) throw new Error('picked from an empty list')
  return item
}

export function pickKind(): Kind {
  let roll = Math.random() * 100
  for (const [kind, weight] of MIX) {
    roll -= weight
    if (roll < 0) return kind
  }
  return 'cards listing'
}

let saveSequence = 0

/** A whole deck as the builder sends it: distinct cards and dice, within the deck rules. */
export function deckPayload(writer: Writer): DeckPayload {
  saveSequence += 1
  const stubs = [...writer.pool]
    .sort(() => Math.random() - 0.5)
    .slice(0, 5 + Math.floor(Math.random() * 10))
  const dieNames = [...MAGIC_TYPES]
    .sort(() => Math.random() - 0.5)
    .slice(0, 1 + Math.floor(Math.random() * 3))
  let left = 10
  const dice = dieNames
    .map((name, index) => {
      const count =
        index === dieNames.length - 1
          ? left
          : 1 + Math.floor(Math.random() * (left - (dieNames.length - index - 1)))
      left -= count
      return { name, count }
    })
    .filter((die) => die.count > 0)
  return {
    id: writer.deckId,
    title: `${writer.badge} save ${saveSequence}`,
    description: `Saved at ${Date.now()} (#${saveSequence})`,
    phoenixborn: writer.phoenixborn,
    dice,
    cards: stubs.map((stub) => ({ stub, count: 1 + Math.floor(Math.random() * 3) })),
  }
}

/** Each writer's deck as last sent, for `deckEdit`. */
const lastSent = new Map<number, DeckPayload>()

/**
 * The builder's usual autosave: the whole deck again, with one card's count moved by one (a
 * card added or taken out) since the writer's last save; the first save is a whole new deck.
 */
export function deckEdit(writer: Writer): DeckPayload {
  const last = lastSent.get(writer.deckId)
  if (!last) {
    const first = deckPayload(writer)
    lastSent.set(writer.deckId, first)
    return first
  }
  const at = Math.floor(Math.random() * last.cards.length)
  const cards = last.cards.map((card, index) => {
    if (index !== at) return card
    const count = card.count === 2 ? (Math.random() < 0.5 ? 1 : 3) : 2
    return { ...card, count }
  })
  const next = { ...last, cards }
  lastSent.set(writer.deckId, next)
  return next
}

export type KindStats = {
  latencies: number[]
  errors: number
  statuses: Record<number, number>
  /** Open loop only: due but not sent, because too many requests were already waiting. */
  dropped: number
}

export type LoadResult = {
  durationSeconds: number
  /** Clients of the closed loop; the open loop's most requests waiting at once. */
  connections: number
  /** Open loop only: requests started per second, whatever the answers. */
  rate?: number
  byKind: Map<Kind, KindStats>
  /** The last save each writer's client was told succeeded (deck id → payload). */
  acknowledged: Map<number, DeckPayload>
  comments: number
  snapshots: number
  errorSamples: string[]
}

export type Target = { method: string; path: string; token?: string; body?: unknown; ok: number }

export function requestFor(kind: Kind, fixture: Fixture, writer: Writer): Target {
  switch (kind) {
    case 'cards listing': {
      const filters = pickOne([
        '',
        '&types=ally',
        `&q=${pickOne(['fire', 'summon', 'guard', 'draw', 'unit'])}`,
        '&dice=charm&dice=natural&dice_logic=any',
        '&sort=cost&order=desc',
        `&r=${pickOne(fixture.releaseStubs)}`,
        '&mode=deckbuilder',
      ])
      return { method: 'GET', path: `/v2/cards?limit=50${filters}`, ok: 200 }
    }
    case 'card':
      return { method: 'GET', path: `/v2/cards/${pickOne(fixture.cardStubs)}`, ok: 200 }
    case 'card details':
      return { method: 'GET', path: `/v2/cards/${pickOne(fixture.cardStubs)}/details`, ok: 200 }
    case 'decks listing': {
      const filter = pickOne([
        '',
        `&phoenixborn=${pickOne(fixture.phoenixbornStubs)}`,
        `&card=${pickOne(fixture.cardStubs)}`,
      ])
      return { method: 'GET', path: `/v2/decks?limit=30${filter}`, ok: 200 }
    }
    case 'deck details':
      return {
        method: 'GET',
        path: `/v2/decks/${pickOne(fixture.publicDeckIds)}?full_cards=true`,
        ok: 200,
      }
    case 'releases':
      return { method: 'GET', path: '/v2/releases', ok: 200 }
    case 'autosave':
      return {
        method: 'PUT',
        path: '/v2/decks',
        token: writer.token,
        body: deckPayload(writer),
        ok: 200,
      }
    case 'comment': {
      const thread =
        Math.random() < 0.5 ? pickOne(fixture.writers).deckEntityId : pickOne(fixture.cardEntityIds)
      return {
        method: 'POST',
        path: `/v2/comments/${thread}`,
        token: writer.token,
        body: { text: `Load comment by ${writer.badge} at ${Date.now()}` },
        ok: 201,
      }
    }
    case 'snapshot':
      return {
        method: 'POST',
        path: `/v2/decks/${writer.deckId}/snapshot`,
        token: writer.token,
        body: { title: `Snapshot by ${writer.badge}` },
        ok: 201,
      }
  }
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)

/**
 * Sends one request as a browser would (asking for brotli or gzip) and reads the whole answer:
 * status 0, and the error as text, when none came. An answer that fails is decompressed for its
 * text; one that succeeds is only read, as the check is its status (decompressing every answer
 * cost this process as much CPU as the API spent answering). `dispatcher` is an undici Agent of
 * one's own (the global one otherwise).
 */
export async function exchange(
  baseUrl: string,
  target: Target,
  options: { dispatcher?: Dispatcher; signal?: AbortSignal } = {},
): Promise<{ status: number; text: string }> {
  try {
    const response = await request(`${baseUrl}${target.path}`, {
      method: target.method as Dispatcher.HttpMethod,
      headers: {
        'accept-encoding': 'br, gzip',
        ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
        ...(target.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(target.body ? { body: JSON.stringify(target.body) } : {}),
      ...options,
    })
    const bytes = Buffer.from(await response.body.arrayBuffer())
    const status = response.statusCode
    if (status === target.ok) return { status, text: '' }
    return { status, text: decoded(bytes, response.headers['content-encoding']).toString() }
  } catch (error) {
    const text =
      error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)
    return { status: 0, text }
  }
}

function decoded(bytes: Buffer, encoding: string | string[] | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(bytes)
  if (encoding === 'gzip') return gunzipSync(bytes)
  return bytes
}

export function emptyResult(durationSeconds: number, connections: number): LoadResult {
  return {
    durationSeconds,
    connections,
    byKind: new Map(),
    acknowledged: new Map(),
    comments: 0,
    snapshots: 0,
    errorSamples: [],
  }
}

export function kindStats(result: LoadResult, kind: Kind): KindStats {
  let entry = result.byKind.get(kind)
  if (!entry) {
    entry = { latencies: [], errors: 0, statuses: {}, dropped: 0 }
    result.byKind.set(kind, entry)
  }
  return entry
}

/** Counts one answer (status 0: none at all); true when it is the one the request expects. */
export function recordAnswer(
  result: LoadResult,
  answer: { kind: Kind; target: Target; status: number; text: string; latency: number },
): boolean {
  const { kind, target, status } = answer
  const entry = kindStats(result, kind)
  entry.latencies.push(answer.latency)
  entry.statuses[status] = (entry.statuses[status] ?? 0) + 1
  const ok = status === target.ok
  if (!ok) {
    entry.errors += 1
    if (result.errorSamples.length < 10) {
      result.errorSamples.push(
        `${target.method} ${target.path} → ${status} ${answer.text.slice(0, 200)}`,
      )
    }
  }
  if (ok && kind === 'autosave') {
    const payload = target.body as DeckPayload
    result.acknowledged.set(payload.id, payload)
  }
  if (ok && kind === 'comment') result.comments += 1
  if (ok && kind === 'snapshot') result.snapshots += 1
  return ok
}
