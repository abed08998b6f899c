import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon, { type Result } from 'autocannon'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openDatabase, queryRows } from '../src/db/client.ts'
import { getCatalogue } from '../src/services/cards/catalogue.ts'
import { createCountCache } from '../src/services/decks/count-cache.ts'
import { type DeckListFilters, listPublicDecks } from '../src/services/decks/listing.ts'
import { startApi } from './api-process.ts'
import { scaleDatabaseUrl } from './scale-database.ts'
import { explaining, formatPlans } from './scale-plans.ts'
import { type ScaleScenario, scaleScenarios } from './scale-scenarios.ts'

/**
 * `npm run bench:scale [-- --duration 10 --warm-up 3 --connections 16 --port N --only text]`: the deck
 * listings on the database `npm run seed:scale` filled (SCALE_DATABASE_URL), through the real
 * API started as its own process: p50/p99 per kind of request, held to p99 ≤ 50 ms, and the
 * query plans (EXPLAIN ANALYZE, BUFFERS) behind each, written with the table to
 * `.bench/scale-report.md`. `npm run bench` runs it briefly when that database exists.
 */
const TARGET_P99_MS = 50
const RSS_TARGET_MB = 300
const REPORT = path.resolve(import.meta.dirname, '../../../.bench/scale-report.md')

export type ScaleSettings = {
  duration: number
  warmUp: number
  connections: number
  port?: number
  /** Only the kinds of request whose name contains this. */
  only?: string
}

type AutocannonRun = (options: {
  url: string
  connections: number
  duration: number
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[]
}) => Promise<Result>
type AutocannonRequest = { path: string; headers?: Record<string, string> }
const run = autocannon as unknown as AutocannonRun

/** Signs the log-ins of the players whose collections the benchmark reads. */
const SCALE_SECRET = 'scale-benchmark-secret-key-of-enough-length'

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

/** Deck rows in the scale database; null when it does not exist or holds no decks. */
export async function scaleDatabaseSize(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: scaleDatabaseUrl(),
    connectionTimeoutMillis: 3000,
  })
  try {
    await client.connect()
    const result = await client.query<{ decks: number; cards: number; size: string }>(
      `select (select count(*)::int from deck) as decks, (select count(*)::int from deck_card) as cards,
              pg_size_pretty(pg_database_size(current_database())) as size`,
    )
    const row = result.rows[0]
    return row && row.decks > 1000
      ? `${row.decks.toLocaleString('en')} deck rows, ${row.cards.toLocaleString('en')} deck cards, ${row.size}`
      : null
  } catch {
    return null
  } finally {
    await client.end().catch(() => {})
  }
}

async function measure(baseUrl: string, scenario: ScaleScenario, settings: ScaleSettings) {
  let next = 0
  const requests = [
    {
      setupRequest: (request: AutocannonRequest) => {
        const chosen = scenario.requests[next % scenario.requests.length]
        request.path = chosen?.path ?? '/'
        request.headers = chosen?.headers ?? {}
        next += 1
        return request
      },
    },
  ]
  const options = { url: baseUrl, connections: settings.connections, requests }
  await prime(baseUrl, scenario)
  // Warm-up: JIT, connection pools, count caches and database buffers settle first.
  if (settings.warmUp > 0) await run({ ...options, duration: settings.warmUp })
  return run({ ...options, duration: settings.duration })
}

/**
 * Every address once, two at a time, before the clock starts: a site that has been running has
 * its large counts cached (see count-cache.ts); what a miss costs is in the report's plans.
 */
async function prime(baseUrl: string, scenario: ScaleScenario) {
  const requests = [...scenario.requests]
  const worker = async () => {
    for (let next = requests.shift(); next !== undefined; next = requests.shift()) {
      const response = await fetch(`${baseUrl}${next.path}`, { headers: next.headers ?? {} })
      await response.arrayBuffer()
    }
  }
  await Promise.all([worker(), worker()])
}

/**
 * The listing service called directly (no kept answers; counts kept as the API keeps them),
 * two calls at a time for `seconds`: what a read nobody has asked for yet costs.
 */
async function computed(database: Database, scenario: ScaleScenario, seconds: number) {
  const catalogue = await getCatalogue(database.db)
  const counts = createCountCache()
  const latencies: number[] = []
  const call = async (at: number) => {
    const request = scenario.requests[at % scenario.requests.length]
    const started = performance.now()
    await listPublicDecks(database.db, catalogue, { ...FILTERS, ...request?.filters }, counts)
    return performance.now() - started
  }
  // Every request once first, as `prime` does for the API.
  for (let at = 0; at < scenario.requests.length; at++) await call(at)
  const until = performance.now() + seconds * 1000
  let next = 0
  const worker = async () => {
    while (performance.now() < until) latencies.push(await call(next++))
  }
  await Promise.all([worker(), worker()])
  latencies.sort((a, b) => a - b)
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0
  return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) }
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024
}

/** Plans of the first and the last value each scenario rotates through (popular and rare). */
async function planSection(database: Database, scenarios: ScaleScenario[]): Promise<string[]> {
  const catalogue = await getCatalogue(database.db)
  const sections: string[] = []
  for (const scenario of scenarios) {
    const ends = [scenario.requests[0], scenario.requests.at(-1)]
    for (const request of new Set(ends)) {
      if (!request) continue
      const plans: string[] = []
      // Without the count cache: the plans show what a cache miss costs.
      await listPublicDecks(explaining(database.db, plans), catalogue, {
        ...FILTERS,
        ...request.filters,
      })
      sections.push(formatPlans(`${scenario.name}: \`GET ${request.path}\``, plans))
    }
  }
  return sections
}

/** Runs the scale benchmark; lines go to `log`; resolves whether every target was met. */
export async function runScaleBench(
  settings: ScaleSettings,
  log: (line: string) => void,
): Promise<boolean> {
  const size = await scaleDatabaseSize()
  if (!size) {
    log('No scale database: run `npm run seed:scale` (a few minutes), then `npm run bench:scale`.')
    return false
  }
  const url = scaleDatabaseUrl()
  const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 2 })
  const api = await startApi({
    env: { DATABASE_URL: url, SECRET_KEY: SCALE_SECRET },
    ...(settings.port ? { port: settings.port } : {}),
  })
  try {
    const scenarios = (await scaleScenarios(database.db, SCALE_SECRET)).filter((scenario) =>
      scenario.name.includes(settings.only ?? ''),
    )
    const [server] = await queryRows<{ server_version: string }>(
      database.db,
      sql`show server_version`,
    )
    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${loadavg()[0]?.toFixed(1)} at start; PostgreSQL ${server?.server_version}`
    log(`scale: ${size}; ${machine}`)
    log(
      `autocannon: ${settings.connections} connections, ${settings.duration} s per kind of request after ${settings.warmUp} s of warm-up`,
    )
    const header = `| request | req/s | p50 ms | p99 ms | p99 ≤ ${TARGET_P99_MS} ms |`
    const rows = [header, '|---|---:|---:|---:|---|']
    let met = true
    for (const scenario of scenarios) {
      const result = await measure(api.baseUrl, scenario, settings)
      const failures = result.errors + result.timeouts + result.non2xx
      const ok = result.latency.p99 <= TARGET_P99_MS && failures === 0
      if (!scenario.informational) met &&= ok
      const verdict = ok ? 'ok' : `MISSED${failures ? ` (${failures} failed requests)` : ''}`
      rows.push(
        `| ${scenario.name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50.toFixed(1)} | ${result.latency.p99.toFixed(1)} | ${verdict} |`,
      )
      log(rows.at(-1) ?? '')
      if (scenario.computed) {
        const direct = await computed(database, scenario, settings.duration)
        const fast = direct.p99 <= TARGET_P99_MS
        if (!scenario.informational) met &&= fast
        rows.push(
          `| ${scenario.name}, computed (the service, 2 at a time) | ${direct.perSecond.toFixed(0)} | ${direct.p50.toFixed(1)} | ${direct.p99.toFixed(1)} | ${fast ? 'ok' : 'MISSED'} |`,
        )
        log(rows.at(-1) ?? '')
      }
    }
    const rss = peakRssMb(api.pid)
    met &&= rss < RSS_TARGET_MB
    const memory = `API process peak RSS ${rss.toFixed(0)} MB (${rss < RSS_TARGET_MB ? 'ok' : 'MISSED'} < ${RSS_TARGET_MB} MB)`
    const plans = await planSection(database, scenarios)
    mkdirSync(path.dirname(REPORT), { recursive: true })
    writeFileSync(
      REPORT,
      [
        `# Deck listings at scale, ${new Date().toISOString()}`,
        '',
        `Data: ${size}. Machine: ${machine}. ${settings.connections} connections, ${settings.duration} s per kind after ${settings.warmUp} s of warm-up.`,
        '',
        ...rows,
        '',
        memory,
        '',
        '## Query plans (EXPLAIN ANALYZE, BUFFERS; counts uncached)',
        '',
        ...plans,
      ].join('\n'),
    )
    log(memory)
    log(`query plans and this table: ${path.relative(process.cwd(), REPORT)}`)
    return met
  } finally {
    await api.stop()
    await database.close()
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
      'warm-up': { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      port: { type: 'string' },
      only: { type: 'string' },
    },
  })
  runScaleBench(
    {
      duration: Number(values.duration),
      warmUp: Number(values['warm-up']),
      connections: Number(values.connections),
      ...(values.port ? { port: Number(values.port) } : {}),
      ...(values.only ? { only: values.only } : {}),
    },
    (line) => console.log(line),
  )
    .then((met) => {
      if (!met) process.exitCode = 1
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exitCode = 1
    })
}
