import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Result } from 'autocannon'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import { type Database, openDatabase, queryRows } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { importFolder } from '../src/import/import-folder.ts'
import { EMBEDDED_TEMPLATE_DIR } from '../src/paths.ts'
import { REAL_DATA_DIR, type TestDatabase, testConfig } from '../test/helpers.ts'
import { cpuSeconds, startApi, throwAwayDatabase } from './api-process.ts'

/**
 * Shared harness of `npm run bench`: a server on a throw-away database (PGlite in a temporary
 * data folder, or a fresh database on the server DATABASE_URL names), a bare Fastify process as
 * the yardstick, and autocannon at a fixed number of connections. Suites (cards.ts, and any
 * later one) only say what to request and which targets apply.
 */
export type Targets = {
  /** Requests per second relative to the same-bytes yardstick. */
  minBaselineRatio?: number
  maxP99Ms?: number
  /**
   * The share of the row above's speed this row keeps (the read under saves against the same
   * read quiet). Each row is taken as its ratio to its own yardstick, so a machine that slowed
   * down between the two rows does not count as the read slowing down.
   */
  minShareOfRowAbove?: number
}

/** Which database a server runs on; a scenario's targets may differ between them. */
export type DatabaseKind = 'PGlite' | 'PostgreSQL'

export type Scenario = {
  name: string
  path: string
  headers?: Record<string, string>
  /** Held on every database, or per database (the autosave's differ). */
  targets?: Targets | { perDatabase: Partial<Record<DatabaseKind, Targets>> }
  /**
   * A load of its own instead of autocannon on `path` (the autosave); it is given the server's
   * (or the yardstick's) base URL and how many seconds to run.
   */
  load?: (baseUrl: string, seconds: number) => Promise<LoadResult>
  /** What the yardstick answers, when not the answer to `path` (the autosave's save answer). */
  yardstick?: () => Promise<{ method: 'GET' | 'PUT'; body: Buffer }>
}

/** The targets `scenario` is held to on `kind`, if any. */
export function targetsOn(scenario: Pick<Scenario, 'targets'>, kind: DatabaseKind) {
  const { targets } = scenario
  return targets && 'perDatabase' in targets ? targets.perDatabase[kind] : targets
}

export type BenchContext = {
  kind: DatabaseKind
  database: Database
  baseUrl: string
  secretKey: string
}

export type BenchSuite = {
  name: string
  /** Prepares whatever data the suite needs and lists the requests to measure. */
  scenarios: (context: BenchContext) => Promise<Scenario[]>
}

export type LoadResult = {
  requestsPerSecond: number
  p50: number
  p99: number
  total: number
  failures: number
  /** The latency at each percentile autocannon reports, as [percent, ms], in order. */
  percentiles: [number, number][]
}

export type Measurement = LoadResult & {
  name: string
  /**
   * CPU the serving process (the load runs elsewhere) spent per answered request.
   * Unlike req/s and latency it hardly moves when other work shares the machine.
   */
  cpuMicrosPerRequest: number
}

export const BENCH = {
  connections: 16,
  /** Measured seconds per scenario and server, in BENCH_ROUNDS slices. */
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  /**
   * A row is measured in rounds, each a slice of the yardstick and then of every server, so
   * the machine's changing load falls on all of them alike rather than on whichever ran
   * during a busy spell.
   */
  rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5)),
}

/** The real data set when it is there, else the demo set shipped with the app. */
export function benchDataFolder(): string {
  return existsSync(REAL_DATA_DIR)
    ? REAL_DATA_DIR
    : path.resolve(import.meta.dirname, '../demo-data')
}

export type BenchServer = BenchContext & {
  /** CPU time, in microseconds, of the process serving it so far. */
  cpuMicros: () => number
  close: () => Promise<void>
}

/** This process's CPU time (PGlite's server's), in microseconds. */
function ownCpuMicros(): number {
  const { user, system } = process.cpuUsage()
  return user + system
}

/**
 * PGlite in the server's data folder, as `npm start` runs it (not in memory, which the tests
 * use): started from the migrated template `npm run build` makes, when there is one.
 */
async function diskPglite(dataDir: string): Promise<TestDatabase> {
  const database = await openDatabase({ dataDir, template: EMBEDDED_TEMPLATE_DIR })
  await migrate(database)
  return {
    database,
    drop: async () => {
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address() as AddressInfo
  return `http://127.0.0.1:${address.port}`
}

/**
 * The real app with data imported, listening on a free local port. On PGlite, in a temporary
 * folder (`serverUrl` null), it runs in this process: the embedded database serves one process,
 * and the suites write their data through it. On PostgreSQL it runs as `npm start` runs it, a
 * process of its own (with its runtime flags) on a throw-away database created on the server
 * `serverUrl` names, which the suites write to through their own connections (announced with
 * NOTIFY, as a command's are). The given folders are imported in order (e.g. the 2021 set, then
 * the current pool), or `benchDataFolder()`.
 */
export async function startAppServer(
  log: (line: string) => void,
  serverUrl: string | null,
  folders: readonly string[] = [benchDataFolder()],
): Promise<BenchServer> {
  const config = testConfig()
  const target = serverUrl ? await throwAwayDatabase(serverUrl) : null
  const owned: TestDatabase = target
    ? await ownConnections(target)
    : await diskPglite(config.dataDir)
  for (const folder of folders) {
    const summary = await importFolder(owned.database, folder)
    log(
      `data: ${folder} (${summary.cards} cards, ${summary.decks} decks) on ${owned.database.describe}`,
    )
  }
  const context = { database: owned.database, secretKey: config.secretKey }
  if (target) {
    // A server with autovacuum off (some test machines) lets the autosave's tables bloat.
    const [setting] = await queryRows<{ autovacuum: string; naptime: string }>(
      owned.database.db,
      sql`select current_setting('autovacuum') as autovacuum,
        current_setting('autovacuum_naptime') as naptime`,
    )
    log(`PostgreSQL server: autovacuum ${setting?.autovacuum}, naptime ${setting?.naptime}`)
    // The pool production opens (DATABASE_POOL_SIZE's default).
    const api = await startApi({
      env: {
        DATABASE_URL: target.url,
        SECRET_KEY: config.secretKey,
        PUBLIC_URL: config.publicUrl,
      },
    })
    return {
      ...context,
      kind: 'PostgreSQL',
      baseUrl: api.baseUrl,
      cpuMicros: () => cpuSeconds(api.pid) * 1e6,
      close: async () => {
        await api.stop()
        await owned.drop()
        // The folder the test config made, which a server on PostgreSQL never used.
        rmSync(config.dataDir, { recursive: true, force: true })
      },
    }
  }
  const app = await buildApp({ config, database: owned.database, serveWeb: false, logger: false })
  return {
    ...context,
    kind: 'PGlite',
    baseUrl: await listen(app),
    cpuMicros: ownCpuMicros,
    close: async () => {
      await app.close()
      await owned.drop()
    },
  }
}

/** Connections of the bench's own to a throw-away database, migrated; dropped with it. */
async function ownConnections(target: { url: string; drop: () => Promise<void> }) {
  const database = await openDatabase({ databaseUrl: target.url, dataDir: '', poolSize: 4 })
  await migrate(database)
  return {
    database,
    drop: async () => {
      await database.close()
      await target.drop()
    },
  }
}

/**
 * The yardstick: a bare Fastify answering `body` from memory, as JSON, on any path (GET or
 * PUT): what this machine can do at best for an answer of that size. It runs as a process of
 * its own (yardstick.ts), whose CPU is counted as a server's is.
 */
export async function startYardstick(
  method: 'GET' | 'PUT',
  body: Buffer,
): Promise<{ baseUrl: string; cpuMicros: () => number; close: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'spellboard-yardstick-'))
  const bodyFile = path.join(folder, 'body')
  writeFileSync(bodyFile, body)
  const script = path.resolve(import.meta.dirname, 'yardstick.ts')
  const child = spawn(process.execPath, [script, method, bodyFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const kill = () => child.kill('SIGKILL')
  process.once('exit', kill)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const [port] = (await Promise.race([
    once(child.stdout, 'data'),
    exited.then(() => {
      throw new Error('the yardstick did not start')
    }),
  ])) as [Buffer]
  return {
    baseUrl: `http://127.0.0.1:${Number(port.toString().trim())}`,
    cpuMicros: () => cpuSeconds(child.pid ?? 0) * 1e6,
    close: async () => {
      process.off('exit', kill)
      child.kill('SIGTERM')
      await exited
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

const autocannonCli = createRequire(import.meta.url).resolve('autocannon')
const run = promisify(execFile)

/** autocannon in its own process, so load and server never share a thread or a CPU count. */
async function autocannon(url: string, headers: Record<string, string>, limit: string[]) {
  const headerArgs = Object.entries(headers).flatMap(([key, value]) => ['-H', `${key}=${value}`])
  const { stdout } = await run(
    process.execPath,
    [autocannonCli, '--json', '-c', String(BENCH.connections), ...limit, ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  )
  return JSON.parse(stdout) as Result
}

/** A scenario's warm-up on one server (caches, JIT); a load of its own warms up by itself. */
export async function warmUp(
  baseUrl: string,
  scenario: Pick<Scenario, 'path' | 'headers' | 'load'>,
) {
  if (!scenario.load)
    await autocannon(`${baseUrl}${scenario.path}`, scenario.headers ?? {}, ['-a', '500'])
}

/** One slice of a scenario's load on one server, `seconds` long. */
export async function measure(
  name: string,
  target: { baseUrl: string; cpuMicros: () => number },
  scenario: Pick<Scenario, 'path' | 'headers' | 'load'>,
  seconds: number,
): Promise<Measurement> {
  const { baseUrl } = target
  const headers = scenario.headers ?? {}
  const url = `${baseUrl}${scenario.path}`
  const load =
    scenario.load ??
    (async () => toLoadResult(await autocannon(url, headers, ['-d', String(seconds)])))
  const cpuBefore = target.cpuMicros()
  const result = await load(baseUrl, seconds)
  const cpu = target.cpuMicros() - cpuBefore
  return { name, ...result, cpuMicrosPerRequest: cpu / Math.max(1, result.total) }
}

/**
 * The share of `result`'s requests answered within `ms`, read off its percentiles (linear in
 * between, as if evenly spread).
 */
function shareWithin(result: LoadResult, ms: number): number {
  let below: [number, number] = [0, 0]
  for (const point of result.percentiles) {
    const [percent, at] = point
    if (ms < at) {
      const [lastPercent, lastAt] = below
      const part = at === lastAt ? 0 : (ms - lastAt) / (at - lastAt)
      return (lastPercent + part * (percent - lastPercent)) / 100
    }
    below = point
  }
  return 1
}

/** The latency `percent` of the requests of every slice together were answered within. */
function percentileOf(slices: LoadResult[], percent: number): number {
  const total = slices.reduce((sum, slice) => sum + slice.total, 0)
  const candidates = [...new Set(slices.flatMap((slice) => slice.percentiles.map(([, ms]) => ms)))]
  candidates.sort((a, b) => a - b)
  for (const ms of candidates) {
    const within = slices.reduce((sum, slice) => sum + shareWithin(slice, ms) * slice.total, 0)
    if (within >= (percent / 100) * total) return ms
  }
  return candidates.at(-1) ?? 0
}

/**
 * Slices of equal length on one server as one measurement: req/s and CPU per request over all
 * of them, and latencies as if they had been one run (from each slice's percentiles).
 */
export function combine(slices: Measurement[]): Measurement {
  const [first] = slices
  if (!first) throw new Error('no slices')
  const total = slices.reduce((sum, slice) => sum + slice.total, 0)
  const cpu = slices.reduce((sum, slice) => sum + slice.cpuMicrosPerRequest * slice.total, 0)
  return {
    name: first.name,
    requestsPerSecond:
      slices.reduce((sum, slice) => sum + slice.requestsPerSecond, 0) / slices.length,
    p50: percentileOf(slices, 50),
    p99: percentileOf(slices, 99),
    total,
    failures: slices.reduce((sum, slice) => sum + slice.failures, 0),
    cpuMicrosPerRequest: cpu / Math.max(1, total),
    percentiles: first.percentiles.map(([percent]) => [percent, percentileOf(slices, percent)]),
  }
}

export function toLoadResult(result: Result): LoadResult {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
    percentiles: Object.entries(result.latency)
      .filter(([key]) => /^p\d/.test(key))
      .map(([key, ms]): [number, number] => [Number(key.slice(1).replace('_', '.')), ms])
      .sort((a, b) => a[0] - b[0]),
  }
}
