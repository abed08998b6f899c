import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Result } from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.ts'
import type { Database } from '../src/db/client.ts'
import { importFolder } from '../src/import/import-folder.ts'
import {
  createTestDatabase,
  REAL_DATA_DIR,
  type TestDatabase,
  testConfig,
} from '../test/helpers.ts'

/**
 * Shared harness of `npm run bench`: a server on a throw-away database (in-memory PGlite, or a
 * fresh database on the server DATABASE_URL names), a bare Fastify route as the yardstick, and
 * autocannon at a fixed number of connections. Suites (cards.ts, and any later one) only say
 * what to request and which targets apply.
 */
export type Targets = {
  /** Requests per second relative to the bare baseline route. */
  minBaselineRatio?: number
  maxP99Ms?: number
}

export type Scenario = {
  name: string
  path: string
  headers?: Record<string, string>
  targets?: Targets
}

export type BenchContext = { database: Database; baseUrl: string }

export type BenchSuite = {
  name: string
  /** Prepares whatever data the suite needs and lists the requests to measure. */
  scenarios: (context: BenchContext) => Promise<Scenario[]>
}

export type Measurement = {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  /**
   * CPU the server process spent per answered request. Unlike req/s and latency it hardly
   * moves when other work shares the machine, so it compares runs made on busy machines.
   */
  cpuMicrosPerRequest: number
  failures: number
}

export const BENCH = {
  connections: 16,
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
}

/** The real data set when it is there, else the demo set shipped with the app. */
export function benchDataFolder(): string {
  return existsSync(REAL_DATA_DIR)
    ? REAL_DATA_DIR
    : path.resolve(import.meta.dirname, '../demo-data')
}

export type BenchServer = {
  app: FastifyInstance
  baseUrl: string
  database: Database
  close: () => Promise<void>
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address() as AddressInfo
  return `http://127.0.0.1:${address.port}`
}

/**
 * The real app with data imported, listening on a free local port: the given folders in order
 * (e.g. the 2021 set, then the current pool), or `benchDataFolder()`.
 */
export async function startAppServer(
  log: (line: string) => void,
  folders: readonly string[] = [benchDataFolder()],
): Promise<BenchServer> {
  const owned: TestDatabase = await createTestDatabase()
  for (const folder of folders) {
    const summary = await importFolder(owned.database, folder)
    log(
      `data: ${folder} (${summary.cards} cards, ${summary.decks} decks) on ${owned.database.describe}`,
    )
  }
  const config = testConfig()
  const app = await buildApp({ config, database: owned.database, serveWeb: false, logger: false })
  const baseUrl = await listen(app)
  return {
    app,
    baseUrl,
    database: owned.database,
    close: async () => {
      await app.close()
      await owned.drop()
    },
  }
}

/** A bare Fastify route answering a small JSON object: what the machine can do at best. */
export async function startBaselineServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false })
  app.get('/baseline', async () => ({ hello: 'world' }))
  const baseUrl = await listen(app)
  return { url: `${baseUrl}/baseline`, close: () => app.close() }
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

export async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Measurement> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon(url, headers, ['-a', '500'])
  const cpuBefore = process.cpuUsage()
  const result = await autocannon(url, headers, ['-d', String(BENCH.durationSeconds)])
  const cpu = process.cpuUsage(cpuBefore)
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
    failures: result.errors + result.timeouts + result.non2xx,
  }
}

/** One line per measurement and whether it met its targets; false when any missed. */
export function report(
  baseline: Measurement,
  rows: { measurement: Measurement; targets?: Targets | undefined }[],
  log: (line: string) => void,
): boolean {
  const pad = (text: string, width: number) => text.padEnd(width)
  const num = (value: number, width: number) => value.toFixed(value >= 100 ? 0 : 1).padStart(width)
  log(
    `${pad('scenario', 34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'×base'.padStart(8)}${'cpu µs/req'.padStart(12)}${'×base'.padStart(8)}  targets`,
  )
  let allMet = true
  for (const { measurement: m, targets } of [{ measurement: baseline }, ...rows]) {
    const ratio = m.requestsPerSecond / baseline.requestsPerSecond
    // Requests per CPU second against the baseline's: the req/s ratio a dedicated core would see.
    const cpuRatio = baseline.cpuMicrosPerRequest / m.cpuMicrosPerRequest
    const checks: string[] = []
    if (targets?.minBaselineRatio !== undefined) {
      const met = ratio >= targets.minBaselineRatio
      allMet &&= met
      checks.push(`${met ? 'ok' : 'MISSED'} ≥${targets.minBaselineRatio}× base`)
    }
    if (targets?.maxP99Ms !== undefined) {
      const met = m.p99 < targets.maxP99Ms
      allMet &&= met
      checks.push(`${met ? 'ok' : 'MISSED'} p99<${targets.maxP99Ms} ms`)
    }
    if (m.failures > 0) {
      allMet = false
      checks.push(`${m.failures} FAILED requests`)
    }
    log(
      `${pad(m.name, 34)}${num(m.requestsPerSecond, 9)}${num(m.p50, 9)}${num(m.p99, 9)}${ratio.toFixed(2).padStart(8)}${num(m.cpuMicrosPerRequest, 12)}${cpuRatio.toFixed(2).padStart(8)}  ${checks.join(', ')}`,
    )
  }
  return allMet
}
