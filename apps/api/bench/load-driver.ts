import { MAGIC_TYPES } from '@spellboard/core/cards'
import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '../src/db/client.ts'
import { issueToken } from '../src/services/tokens.ts'

/**
 * Mixed traffic against running API processes, as many clients at once: card and deck reads,
 * autosaves of each writer's own deck, comments and snapshots. Every answer is timed and
 * checked; afterwards each deck is compared with the last save its client was told succeeded.
 */
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
const MIX: [Kind, number][] = [
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

const pickOne = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(Math.random() * list.length)]
  if (item === undefined) throw new Error('picked from an empty list')
  return item
}

function pickKind(): Kind {
  let roll = Math.random() * 100
  for (const [kind, weight] of MIX) {
    roll -= weight
    if (roll < 0) return kind
  }
  return 'cards listing'
}

/** Players, each with one working deck, straight in the database; tokens signed like log-ins. */
export async function prepareFixture(
  database: Database,
  options: { writers: number; secretKey: string; tag?: string },
): Promise<Fixture> {
  const db = database.db
  const tag = options.tag ?? Math.random().toString(36).slice(2, 6)
  const cards = await queryRows<{
    id: number
    stub: string
    name: string
    card_type: string
    phoenixborn: string | null
    entity_id: number
  }>(
    db,
    sql`select c.id, c.stub, c.name, c.card_type, c.phoenixborn, c.entity_id from card c
        join release r on r.id = c.release_id
        where not c.is_legacy and r.is_public order by c.id`,
  )
  const phoenixborns = cards.filter((c) => c.card_type === 'Phoenixborn')
  const playable = cards.filter(
    (c) => !['Phoenixborn', 'Conjuration', 'Conjured Alteration Spell'].includes(c.card_type),
  )
  if (phoenixborns.length === 0 || playable.length < 15) {
    throw new Error('the catalogue has too few Reborn cards for the load test')
  }
  const writers: Writer[] = []
  for (let i = 0; i < options.writers; i += 1) {
    const badge = `${tag}${i.toString(36)}`.slice(0, 8)
    const phoenixborn = pickOne(phoenixborns)
    const [user] = await queryRows<{ id: number }>(
      db,
      sql`insert into "user" (email, badge, username)
          values (${`load-${badge}@example.org`}, ${badge}, ${`Load ${i}`}) returning id`,
    )
    const [deck] = await queryRows<{ id: number; entity_id: number }>(
      db,
      sql`insert into deck (user_id, phoenixborn_id, title)
          values (${user?.id}, ${phoenixborn.id}, 'Load deck') returning id, entity_id`,
    )
    if (!user || !deck) throw new Error('fixture rows not created')
    const { token } = await issueToken(options.secretKey, badge, 24 * 3600)
    writers.push({
      userId: user.id,
      badge,
      token,
      deckId: deck.id,
      deckEntityId: deck.entity_id,
      phoenixborn: phoenixborn.stub,
      pool: playable
        .filter((c) => c.phoenixborn === null || c.phoenixborn === phoenixborn.name)
        .map((c) => c.stub),
    })
  }
  const decks = await queryRows<{ id: number }>(
    db,
    sql`select id from deck where is_public and is_snapshot and not is_deleted and not is_legacy`,
  )
  const releases = await queryRows<{ stub: string }>(
    db,
    sql`select stub from release where is_public and not is_legacy`,
  )
  return {
    writers,
    cardStubs: playable.map((c) => c.stub),
    cardEntityIds: cards.map((c) => c.entity_id),
    publicDeckIds: decks.map((d) => d.id),
    releaseStubs: releases.map((r) => r.stub),
    phoenixbornStubs: phoenixborns.map((c) => c.stub),
  }
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

export type KindStats = { latencies: number[]; errors: number; statuses: Record<number, number> }

export type LoadResult = {
  durationSeconds: number
  connections: number
  byKind: Map<Kind, KindStats>
  /** The last save each writer's client was told succeeded (deck id → payload). */
  acknowledged: Map<number, DeckPayload>
  comments: number
  snapshots: number
  errorSamples: string[]
}

type Target = { method: string; path: string; token?: string; body?: unknown; ok: number }

function requestFor(kind: Kind, fixture: Fixture, writer: Writer): Target {
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

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)

/**
 * `connections` clients, each owning its own writers (a player's saves come from one client,
 * one after another, as the builder sends them), spread round-robin over `baseUrls`.
 */
export async function runLoad(options: {
  baseUrls: string[]
  fixture: Fixture
  connections: number
  durationSeconds: number
  /** Only these kinds (fault scripts send autosaves alone). */
  only?: Kind[]
  /** Called for each answered autosave, with whether it was acknowledged. */
  onSave?: (payload: DeckPayload, ok: boolean) => void
  /** Called for every answer (status 0: no answer at all). */
  onAnswer?: (answer: { kind: Kind; status: number; text: string; at: number }) => void
  /** Stop early when this resolves. */
  until?: Promise<unknown>
}): Promise<LoadResult> {
  const { fixture, connections } = options
  const result: LoadResult = {
    durationSeconds: options.durationSeconds,
    connections,
    byKind: new Map(),
    acknowledged: new Map(),
    comments: 0,
    snapshots: 0,
    errorSamples: [],
  }
  const stats = (kind: Kind) => {
    let entry = result.byKind.get(kind)
    if (!entry) {
      entry = { latencies: [], errors: 0, statuses: {} }
      result.byKind.set(kind, entry)
    }
    return entry
  }
  let stopped = false
  options.until?.then(() => {
    stopped = true
  })
  const deadline = performance.now() + options.durationSeconds * 1000
  let nextUrl = 0

  async function client(index: number) {
    const mine = fixture.writers.filter((_, i) => i % connections === index)
    if (mine.length === 0) return
    while (!stopped && performance.now() < deadline) {
      const writer = pickOne(mine)
      const kind = options.only ? pickOne(options.only) : pickKind()
      const target = requestFor(kind, fixture, writer)
      const baseUrl = options.baseUrls[nextUrl++ % options.baseUrls.length]
      const started = performance.now()
      let status = 0
      let text = ''
      try {
        const response = await fetch(`${baseUrl}${target.path}`, {
          method: target.method,
          headers: {
            ...(target.token ? { authorization: `Bearer ${target.token}` } : {}),
            ...(target.body ? { 'content-type': 'application/json' } : {}),
          },
          ...(target.body ? { body: JSON.stringify(target.body) } : {}),
        })
        status = response.status
        text = await response.text()
      } catch (error) {
        text =
          error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)
      }
      const elapsed = performance.now() - started
      options.onAnswer?.({ kind, status, text, at: performance.now() })
      const entry = stats(kind)
      entry.latencies.push(elapsed)
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1
      const ok = status === target.ok
      if (!ok) {
        entry.errors += 1
        if (result.errorSamples.length < 10) {
          result.errorSamples.push(
            `${target.method} ${target.path} → ${status} ${text.slice(0, 200)}`,
          )
        }
      }
      if (kind === 'autosave') {
        const payload = target.body as DeckPayload
        if (ok) result.acknowledged.set(payload.id, payload)
        options.onSave?.(payload, ok)
      }
      if (ok && kind === 'comment') result.comments += 1
      if (ok && kind === 'snapshot') result.snapshots += 1
    }
  }

  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, (_, i) => client(i)))
  result.durationSeconds = (performance.now() - started) / 1000
  return result
}

/** Lines of the per-kind table: requests, req/s, p50, p99, errors. */
export function loadReport(result: LoadResult): string[] {
  const lines = [
    `${'kind'.padEnd(16)}${'requests'.padStart(10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`,
  ]
  let total = 0
  let errors = 0
  const all: number[] = []
  for (const [kind] of MIX) {
    const entry = result.byKind.get(kind)
    if (!entry) continue
    const sorted = [...entry.latencies].sort((a, b) => a - b)
    total += sorted.length
    errors += entry.errors
    all.push(...sorted)
    lines.push(
      `${kind.padEnd(16)}${String(sorted.length).padStart(10)}${(sorted.length / result.durationSeconds).toFixed(1).padStart(9)}${percentile(sorted, 50).toFixed(1).padStart(9)}${percentile(sorted, 99).toFixed(1).padStart(9)}${String(entry.errors).padStart(8)}`,
    )
  }
  all.sort((a, b) => a - b)
  lines.push(
    `${'all'.padEnd(16)}${String(total).padStart(10)}${(total / result.durationSeconds).toFixed(1).padStart(9)}${percentile(all, 50).toFixed(1).padStart(9)}${percentile(all, 99).toFixed(1).padStart(9)}${String(errors).padStart(8)}`,
  )
  return lines
}

export const totalErrors = (result: LoadResult) =>
  [...result.byKind.values()].reduce((sum, entry) => sum + entry.errors, 0)
