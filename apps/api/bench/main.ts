import path from 'node:path'
import { parseArgs } from 'node:util'
import { cardsSuite } from './cards.ts'
import {
  BENCH,
  type BenchSuite,
  type Measurement,
  measure,
  report,
  startAppServer,
  startBaselineServer,
  type Targets,
} from './lib.ts'
import { runScaleBench, scaleDatabaseSize } from './scale.ts'

/**
 * `npm run bench [-- [--data <folder>]… <suite>…]`: measures each suite's requests against a
 * bare Fastify route measured in the same run, and exits non-zero when a target is missed.
 * `--data` imports those folders in order instead of the default data set (relative paths are
 * read from the directory npm was started in). Add a suite by writing `bench/<name>.ts`
 * exporting a BenchSuite and listing it here.
 */
const SUITES: BenchSuite[] = [cardsSuite]

const log = (line: string) => console.log(line)

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
  log(
    `autocannon: ${BENCH.connections} connections, ${BENCH.durationSeconds} s per scenario (BENCH_DURATION), load from its own process`,
  )
  const server = await startAppServer(log, folders)
  const baselineServer = await startBaselineServer()
  try {
    const baseline = await measure('bare Fastify baseline', baselineServer.url)
    const rows: { measurement: Measurement; targets?: Targets | undefined }[] = []
    for (const suite of suites) {
      for (const scenario of await suite.scenarios({
        database: server.database,
        baseUrl: server.baseUrl,
      })) {
        const measurement = await measure(
          scenario.name,
          `${server.baseUrl}${scenario.path}`,
          scenario.headers,
        )
        rows.push({ measurement, targets: scenario.targets })
      }
    }
    log('')
    const met = report(baseline, rows, log)
    log(
      'cpu µs/req is the server process’s CPU per answer (with PGlite, the database’s too); on a busy machine it is the steadier figure.',
    )
    if (!met) process.exitCode = 1
  } finally {
    await baselineServer.close()
    await server.close()
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
