import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import autocannon, { type Result } from 'autocannon'
import { type SQL, sql } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import {
  type Database,
  type Db,
  openDatabase,
  type Queryable,
  queryRows,
} from '../src/db/client.ts'
import { getCatalogue } from '../src/services/cards/catalogue.ts'
import { deckDetails } from '../src/services/decks/details.ts'
import { type DeckListFilters, listPublicDecks } from '../src/services/decks/listing.ts'
import { issueToken } from '../src/services/tokens.ts'
import { startApi } from './api-process.ts'

/**
 * `npm run bench:decks [-- --duration 10 --connections 16]`: deck listings and deck details
 * against the database DATABASE_URL names, filled beforehand by `npm run seed:scale`. The API
 * runs as its own process so its peak memory can be read; the load comes from this one.
 * Prints p50/p99 per request kind, the query plans behind each listing, and the API's peak RSS.
 */
const TARGETS = { p99Ms: 50, rssMb: 300 }
const SECRET_KEY = 'deck-benchmark-secret-key-of-enough-length'

type Scenario = {
  name: string
  paths: string[]
  filters?: Partial<DeckListFilters>
  headers?: Record<string, string>
  /** Measured for insight (cache misses, logged-in readers), not held to the target. */
  informational?: boolean
}

type AutocannonRun = (options: {
  url: string
  connections: number
  headers?: Record<string, string>
  duration?: number
  amount?: number
  requests?: { setupRequest: (request: { path: string }) => { path: string } }[]
}) => Promise<Result>
const run = autocannon as unknown as AutocannonRun

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
      connections: { type: 'string', default: '16' },
    },
  })
  return { duration: Number(values.duration), connections: Number(values.connections) }
}

/** Peak and current resident memory of a process, from /proc (Linux). */
function memoryOf(pid: number): { peakMb: number; nowMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return { peakMb: kb('VmHWM') / 1024, nowMb: kb('VmRSS') / 1024 }
}

/** What the benchmark asks for: the busiest Phoenixborn, a popular card, a prolific player. */
async function pickParameters(db: Queryable) {
  const one = async (statement: SQL) =>
    (await queryRows<{ value: string }>(db, statement))[0]?.value
  const published = sql`d.is_snapshot and d.is_public and not d.is_deleted and not d.is_legacy`
  const phoenixborn = await one(sql`select c.stub as value from deck d
    join card c on c.id = d.phoenixborn_id where ${published}
    group by c.stub order by count(*) desc limit 1`)
  const card =
    await one(sql`select c.stub as value from deck_card dc join card c on c.id = dc.card_id
    where dc.deck_id in (select d.id from deck d where ${published} order by d.id desc limit 5000)
    group by c.stub order by count(*) desc offset 4 limit 1`)
  const player = await one(sql`select u.badge as value from deck d join "user" u on u.id = d.user_id
    where ${published} group by u.badge order by count(*) desc limit 1`)
  const details = await queryRows<{ id: number }>(
    db,
    sql`(select d.id from deck d where ${published} order by random() limit 150)
        union all
        (select d.id from deck d where not d.is_snapshot and not d.is_deleted and not d.is_legacy
           and exists (select 1 from deck s where s.source_id = d.id and s.is_public)
         order by random() limit 50)`,
  )
  if (!phoenixborn || !card || !player || details.length === 0) {
    throw new Error('no published decks found: run `npm run seed:scale -- --decks 200000` first')
  }
  return { phoenixborn, card, player, detailIds: details.map((row) => row.id) }
}

/**
 * The database as the services see it, except that every statement (plain or prepared) is
 * first run under EXPLAIN ANALYZE and its plan kept.
 */
function explaining(db: Db, plans: string[]): Db {
  const explain = async (query: { sql: string; params: unknown[] }) => {
    const result = (await db.execute(
      sql.raw(`explain (analyze, buffers, costs off) ${inline(query.sql, query.params)}`),
    )) as unknown as { rows: { 'QUERY PLAN': string }[] }
    plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'))
  }
  const session = new Proxy(db._.session, {
    get(target, key, receiver) {
      if (key !== 'prepareQuery') return Reflect.get(target, key, receiver)
      return (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => {
        const prepared = (
          target.prepareQuery as (...args: unknown[]) => { execute: () => unknown }
        )(query, ...rest)
        return {
          execute: async () => {
            await explain(query)
            return prepared.execute()
          },
        }
      }
    },
  })
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === '_') return { ...target._, session }
      if (key === 'execute') {
        return async (statement: SQL) => {
          await explain((target as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement))
          return target.execute(statement)
        }
      }
      return Reflect.get(target, key, receiver)
    },
  })
}

/** Parameters written into the text, for EXPLAIN (plans then show the values used). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1]
    if (value === null || value === undefined) return 'null'
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    return `'${String(value).replace(/'/g, "''")}'`
  })
}

const FILTERS: DeckListFilters = {
  phoenixborn: [],
  card: [],
  player: [],
  show_legacy: false,
  show_red_rains: false,
  show_preconstructed: false,
  sort: 'created',
  order: 'desc',
  limit: 30,
  offset: 0,
}

async function measure(baseUrl: string, scenario: Scenario, settings: ReturnType<typeof options>) {
  let next = 0
  const requests = [
    {
      setupRequest: (request: { path: string }) => {
        request.path = scenario.paths[next % scenario.paths.length] ?? '/'
        next += 1
        return request
      },
    },
  ]
  const headers = scenario.headers ?? {}
  // Warm-up: JIT, connection pools, caches and database buffers settle before measuring.
  await run({ url: baseUrl, connections: settings.connections, duration: 3, requests, headers })
  return run({
    url: baseUrl,
    connections: settings.connections,
    duration: settings.duration,
    requests,
    headers,
  })
}

function printPlans(name: string, plans: string[]) {
  console.log(`\n── ${name}`)
  for (const plan of plans) {
    console.log(
      plan
        .split('\n')
        .map((line) => `   ${line}`)
        .join('\n'),
    )
    console.log('')
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    console.error('Set DATABASE_URL to the PostgreSQL database filled by `npm run seed:scale`.')
    process.exitCode = 2
    return
  }
  const settings = options()
  const database: Database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 })
  // The API as production runs it (one Node process), on a free port of this machine.
  const api = await startApi({ env: { DATABASE_URL: databaseUrl, SECRET_KEY } })
  try {
    const [size] = await queryRows<{ decks: number; public: number; cards: number }>(
      database.db,
      sql`select (select count(*)::int from deck) as decks,
                 (select count(*)::int from deck where is_snapshot and is_public) as public,
                 (select count(*)::int from deck_card) as cards`,
    )
    console.log(
      `data: ${size?.decks} deck rows (${size?.public} published snapshots), ${size?.cards} deck cards`,
    )
    const picked = await pickParameters(database.db)
    const { token } = await issueToken(SECRET_KEY, picked.player, 3600, Date.now())
    const scenarios: Scenario[] = [
      { name: 'listing', paths: ['/v2/decks'], filters: {} },
      {
        name: `listing, phoenixborn=${picked.phoenixborn}`,
        paths: [`/v2/decks?phoenixborn=${picked.phoenixborn}`],
        filters: { phoenixborn: [picked.phoenixborn] },
      },
      {
        name: `listing, card=${picked.card}`,
        paths: [`/v2/decks?card=${picked.card}`],
        filters: { card: [picked.card] },
      },
      {
        name: `listing, player=${picked.player}`,
        paths: [`/v2/decks?player=${picked.player}`],
        filters: { player: [picked.player] },
      },
      { name: 'listing, q=storm', paths: ['/v2/decks?q=storm'], filters: { q: 'storm' } },
      { name: 'listing, page 100', paths: ['/v2/decks?offset=2970'], filters: { offset: 2970 } },
      {
        name: 'listing, pages 1–100 in turn',
        paths: Array.from({ length: 100 }, (_, page) => `/v2/decks?offset=${page * 30}`),
        filters: { offset: 1500 },
        informational: true,
      },
      {
        name: `details (${picked.detailIds.length} decks in turn)`,
        paths: picked.detailIds.map((id) => `/v2/decks/${id}`),
      },
      {
        // The shared body plus the reader's subscription marker.
        name: 'details, logged in',
        paths: picked.detailIds.map((id) => `/v2/decks/${id}`),
        headers: { authorization: `Bearer ${token}` },
      },
    ]
    console.log(
      `autocannon: ${settings.connections} connections, ${settings.duration} s per request kind; API pid ${api.pid}\n`,
    )
    const rows: string[] = []
    let met = true
    for (const scenario of scenarios) {
      const result = await measure(api.baseUrl, scenario, settings)
      const failures = result.errors + result.timeouts + result.non2xx
      const ok = result.latency.p99 <= TARGETS.p99Ms && failures === 0
      if (!scenario.informational) met &&= ok
      const verdict = scenario.informational ? 'info' : ok ? 'ok' : 'MISSED'
      rows.push(
        `${scenario.name.padEnd(44)}${result.requests.average.toFixed(0).padStart(8)}` +
          `${result.latency.p50.toFixed(1).padStart(9)}${result.latency.p99.toFixed(1).padStart(9)}` +
          `  ${verdict}${failures ? ` (${failures} failed requests)` : ''}`,
      )
      console.log(rows.at(-1))
    }
    const memory = memoryOf(api.pid)
    const rssOk = memory.peakMb < TARGETS.rssMb
    met &&= rssOk

    console.log('\nQuery plans (EXPLAIN ANALYZE of the statements each request runs)')
    const catalogue = await getCatalogue(database.db)
    for (const scenario of scenarios) {
      // The same statements as anonymous details, plus the caller's subscription.
      if (scenario.headers) continue
      const plans: string[] = []
      const db = explaining(database.db, plans)
      if (scenario.filters) {
        await listPublicDecks(db, catalogue, { ...FILTERS, ...scenario.filters })
      } else {
        await deckDetails(db, catalogue, null, picked.detailIds[0] ?? 0, {
          showSaved: false,
          fullCards: true,
        })
      }
      printPlans(scenario.name, plans)
    }

    console.log(
      `\n${'request'.padEnd(44)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  target p99 ≤ ${TARGETS.p99Ms} ms`,
    )
    for (const row of rows) console.log(row)
    console.log(
      `API process peak RSS: ${memory.peakMb.toFixed(0)} MB (now ${memory.nowMb.toFixed(0)} MB)  ` +
        `${rssOk ? 'ok' : 'MISSED'} < ${TARGETS.rssMb} MB`,
    )
    if (!met) process.exitCode = 1
  } finally {
    await api.stop()
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
