import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '../src/db/client.ts'
import { issueToken } from '../src/services/tokens.ts'
import {
  type DeckPayload,
  emptyResult,
  exchange,
  type Fixture,
  type Kind,
  type LoadResult,
  MIX,
  percentile,
  pickKind,
  pickOne,
  recordAnswer,
  requestFor,
  type Writer,
} from './load-mix.ts'

/**
 * Mixed traffic against running API processes, as many clients at once (a closed loop: each
 * client sends its next request when the last one is answered): card and deck reads, autosaves
 * of each writer's own deck, comments and snapshots. Every answer is timed and checked;
 * afterwards each deck is compared with the last save its client was told succeeded.
 */

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
  const result = emptyResult(options.durationSeconds, connections)
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
      const { status, text } = await exchange(baseUrl ?? '', target)
      const latency = performance.now() - started
      options.onAnswer?.({ kind, status, text, at: performance.now() })
      const ok = recordAnswer(result, { kind, target, status, text, latency })
      if (kind === 'autosave') options.onSave?.(target.body as DeckPayload, ok)
    }
  }

  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, (_, i) => client(i)))
  result.durationSeconds = (performance.now() - started) / 1000
  return result
}

const row = (cells: (string | number)[]) =>
  cells.map((cell, i) => (i === 0 ? String(cell).padEnd(16) : String(cell).padStart(9))).join('')

/**
 * Lines of the per-kind table: requests answered, req/s, p50, p99 and max latency, errors, and
 * for the open loop the requests dropped (its latencies count from each request's scheduled
 * start, the closed loop's from when it was sent).
 */
export function loadReport(result: LoadResult): string[] {
  const open = result.rate !== undefined
  const header = ['kind', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors']
  const lines = [row(open ? [...header, 'dropped'] : header)]
  const line = (name: string, sorted: number[], errors: number, dropped: number) => {
    const cells = [
      name,
      sorted.length,
      (sorted.length / result.durationSeconds).toFixed(1),
      percentile(sorted, 50).toFixed(1),
      percentile(sorted, 99).toFixed(1),
      (sorted.at(-1) ?? 0).toFixed(1),
      errors,
    ]
    lines.push(row(open ? [...cells, dropped] : cells))
  }
  const all: number[] = []
  for (const [kind] of MIX) {
    const entry = result.byKind.get(kind)
    if (!entry) continue
    const sorted = [...entry.latencies].sort((a, b) => a - b)
    all.push(...sorted)
    line(kind, sorted, entry.errors, entry.dropped)
  }
  all.sort((a, b) => a - b)
  line('all', all, totalErrors(result), totalDropped(result))
  return lines
}

/** p99 of every answered request, in ms. */
export const overallP99 = (result: LoadResult) =>
  percentile(
    [...result.byKind.values()].flatMap((entry) => entry.latencies).sort((a, b) => a - b),
    99,
  )

export const totalDropped = (result: LoadResult) =>
  [...result.byKind.values()].reduce((sum, entry) => sum + entry.dropped, 0)

export const totalErrors = (result: LoadResult) =>
  [...result.byKind.values()].reduce((sum, entry) => sum + entry.errors, 0)
