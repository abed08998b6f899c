import path from 'node:path'
import { parseArgs } from 'node:util'
import { EMBEDDED_DATABASE_FLAGS, relaunchWith } from '../src/lib/runtime-flags.ts'
import { autosaveSuite } from './autosave.ts'
import { cardsSuite } from './cards.ts'
import {
  BENCH,
  type BenchServer,
  type BenchSuite,
  combine,
  type Measurement,
  measure,
  type Scenario,
  startAppServer,
  startYardstick,
  warmUp,
} from './lib.ts'
import { readsSuite } from './reads.ts'
import { printTable, type Row } from './report.ts'
import { runScaleBench, scaleDatabaseSize } from './scale.ts'
import { underSavesSuite } from './under-saves.ts'

// The embedded database's server runs in this process (lib.ts): with the V8 flags `npm start`
// gives a server on it, as the PostgreSQL servers, processes of their own, have theirs (the
// yardstick, a process of its own too, runs with Node's defaults). Nothing above opens a
// database.
relaunchWith(EMBEDDED_DATABASE_FLAGS)

/**
 * `npm run bench [-- [--data <folder>]… <suite>…]`: every scenario on PGlite and on PostgreSQL side by side in one
 * run, each against its yardstick (a bare Fastify answering the same bytes from memory, measured
 * in the same run), in one table; exits non-zero when a target is missed. PostgreSQL is a
 * throw-away database created on the server BENCH_PG_URL (else DATABASE_URL) names; with
 * neither set, only PGlite is measured. Add a suite by writing `bench/<name>.ts` exporting a
 * BenchSuite and listing it here. `--data` imports those folders in order instead of the
 * default data set (relative paths are read from the directory npm was started in).
 */
const SUITES: BenchSuite[] = [cardsSuite, readsSuite, underSavesSuite, autosaveSuite]

const log = (line: string) => console.log(line)

/** The yardstick's answer: the app's own answer to the scenario (from the first server). */
async function yardstickBody(server: BenchServer, scenario: Scenario) {
  if (scenario.yardstick) return scenario.yardstick()
  const response = await fetch(`${server.baseUrl}${scenario.path}`, {
    headers: scenario.headers ?? {},
  })
  if (!response.ok) throw new Error(`${scenario.name}: the app answered ${response.status}`)
  return { method: 'GET' as const, body: Buffer.from(await response.arrayBuffer()) }
}

async function main() {
  const { values, positionals: wanted } = parseArgs({
    options: { data: { type: 'string', multiple: true } },
    allowPositionals: true,
  })
  const invokedFrom = process.env.INIT_CWD ?? process.cwd()
  const folders = values.data?.map((folder) => path.resolve(invokedFrom, folder))
  const suites = wanted.length > 0 ? SUITES.filter((suite) => wanted.includes(suite.name)) : SUITES
  if (suites.length === 0) {
    console.error(`unknown suite; choose from: ${SUITES.map((suite) => suite.name).join(', ')}`)
    process.exitCode = 2
    return
  }
  const pgServer = process.env.BENCH_PG_URL || process.env.DATABASE_URL || null
  log(
    `autocannon: ${BENCH.connections} connections, ${BENCH.durationSeconds} s per scenario (BENCH_DURATION) in ${BENCH.rounds} rounds of yardstick and servers in turn (BENCH_ROUNDS), load from its own process; the yardstick in its own; PGlite's server in this one, with ${EMBEDDED_DATABASE_FLAGS.join(' ')}`,
  )
  if (!pgServer) log('BENCH_PG_URL and DATABASE_URL unset: PGlite only')
  const servers: BenchServer[] = [await startAppServer(log, null, folders)]
  try {
    if (pgServer) servers.push(await startAppServer(log, pgServer, folders))
    const lists: Scenario[][] = []
    for (const server of servers) {
      const scenarios: Scenario[] = []
      for (const suite of suites) scenarios.push(...(await suite.scenarios(server)))
      lists.push(scenarios)
    }
    const rows: Row[] = []
    for (const [index, scenario] of (lists[0] ?? []).entries()) {
      const first = servers[0] as BenchServer
      const answer = await yardstickBody(first, scenario)
      const yardstickServer = await startYardstick(answer.method, answer.body)
      // The yardstick and every server in turn, round after round (BENCH.rounds).
      const targets = [
        { baseUrl: yardstickServer.baseUrl, cpuMicros: yardstickServer.cpuMicros, own: scenario },
        ...servers.map((server, at) => ({ ...server, own: lists[at]?.[index] ?? scenario })),
      ]
      const slices = targets.map((): Measurement[] => [])
      try {
        for (const target of targets) await warmUp(target.baseUrl, target.own)
        const seconds = BENCH.durationSeconds / BENCH.rounds
        for (let round = 0; round < BENCH.rounds; round += 1) {
          for (const [at, target] of targets.entries()) {
            slices[at]?.push(await measure(target.own.name, target, target.own, seconds))
          }
        }
      } finally {
        await yardstickServer.close()
      }
      const [yardstick, ...measured] = slices.map(combine) as [Measurement, ...Measurement[]]
      const byDatabase = servers.map((server, at) => ({
        kind: server.kind,
        measurement: measured[at] as Measurement,
      }))
      rows.push({ scenario, yardstick, byDatabase })
      const figures = byDatabase.map(
        ({ kind, measurement: m }) =>
          `${kind} ${m.requestsPerSecond.toFixed(0)} req/s p99 ${m.p99} ms`,
      )
      log(
        `… ${scenario.name}: yardstick ${yardstick.requestsPerSecond.toFixed(0)} req/s, ${figures.join(', ')}`,
      )
    }
    log('')
    const met = printTable(
      servers.map((server) => server.kind),
      rows,
      log,
    )
    log(
      '×yard: req/s ÷ the yardstick’s (same bytes from a bare Fastify); cpu×: the same ratio in CPU per answer of the serving process (PGlite’s is the bench’s own; the yardstick and PostgreSQL’s server are processes of their own), steadier on a busy machine.',
    )
    if (!met) process.exitCode = 1
  } finally {
    for (const server of servers) await server.close()
  }
  await scaleTable()
}

/** Deck listings at scale, briefly, when `npm run seed:scale` has made their database. */
async function scaleTable() {
  log('')
  if (!(await scaleDatabaseSize())) {
    log(
      'Deck listings at scale: no scale database; `npm run seed:scale` creates it (a few minutes).',
    )
    return
  }
  const settings = { duration: 3, warmUp: 2, connections: BENCH.connections }
  if (!(await runScaleBench(settings, log))) process.exitCode = 1
  log('(`npm run bench:scale` measures 10 s per kind of request.)')
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
