import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { openDatabase } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { importFolder } from '../src/import/import-folder.ts'
import {
  BENCH_SECRET,
  cpuSeconds,
  SHARED_POSTGRES,
  startApi,
  throwAwayDatabase,
} from './api-process.ts'
import { benchDataFolder } from './lib.ts'
import { loadReport, prepareFixture, runLoad, totalErrors } from './load-driver.ts'
import { verifyLoad } from './load-verify.ts'

/**
 * `npm run bench:load [-- --duration 60 --connections 64 --writers 256 --pool 16]`: mixed
 * traffic against one API server process on a throw-away PostgreSQL database (DATABASE_URL's
 * server, else postgres@127.0.0.1:5432): 70 % card and deck reads, 20 % autosaves (each writer
 * saves its own deck), 10 % comments and snapshots. Prints p50/p99 and req/s per kind, then
 * checks that every deck holds the last save its client got a 200 for. Exits 1 on any error
 * or mismatch.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '64' },
      writers: { type: 'string', default: '256' },
      pool: { type: 'string', default: '16' },
    },
  })
  const log = (line: string) => console.log(line)
  const target = await throwAwayDatabase(SHARED_POSTGRES)
  const database = await openDatabase({ databaseUrl: target.url, dataDir: '', poolSize: 4 })
  try {
    await migrate(database)
    const folder = benchDataFolder()
    const summary = await importFolder(database, folder)
    const fixture = await prepareFixture(database, {
      writers: Number(values.writers),
      secretKey: BENCH_SECRET,
    })
    log(
      `data: ${folder} (${summary.cards} cards, ${summary.decks} decks), ${fixture.writers.length} writers ` +
        `each with their own deck, on ${database.describe}`,
    )
    const api = await startApi({
      env: {
        DATABASE_URL: target.url,
        SECRET_KEY: BENCH_SECRET,
        DATABASE_POOL_SIZE: values.pool,
      },
    })
    try {
      log(`API: one process (pid ${api.pid}), DATABASE_POOL_SIZE=${values.pool}`)
      log(
        `machine: ${cpus().length} cores shared by the API, PostgreSQL and this load generator; ` +
          `load average ${loadavg()[0]?.toFixed(1)} before the run`,
      )
      await runLoad({
        baseUrls: [api.baseUrl],
        fixture,
        connections: Number(values.connections),
        durationSeconds: 5,
        only: ['cards listing', 'card', 'card details', 'decks listing', 'deck details'],
      })
      log(
        `load: ${values.connections} connections for ${values.duration} s (after a 5 s read-only warm-up)`,
      )
      const cpuBefore = cpuSeconds(api.pid)
      const driverBefore = process.cpuUsage()
      const result = await runLoad({
        baseUrls: [api.baseUrl],
        fixture,
        connections: Number(values.connections),
        durationSeconds: Number(values.duration),
      })
      const cpu = cpuSeconds(api.pid) - cpuBefore
      const driver = process.cpuUsage(driverBefore)
      for (const line of loadReport(result)) log(line)
      const requests = [...result.byKind.values()].reduce((n, k) => n + k.latencies.length, 0)
      log(
        `API process CPU: ${cpu.toFixed(1)} s in ${result.durationSeconds.toFixed(0)} s ` +
          `(${((100 * cpu) / result.durationSeconds).toFixed(0)} % of one core), ` +
          `${((1000 * cpu) / Math.max(1, requests)).toFixed(2)} ms per request; ` +
          `load generator CPU: ${((driver.user + driver.system) / 1e6).toFixed(1)} s`,
      )
      for (const sample of result.errorSamples) log(`  error: ${sample}`)
      const verdict = await verifyLoad(database, fixture, result)
      log(
        `verification: ${verdict.checked} decks compared with their last acknowledged save, ` +
          `${result.comments} comments and ${result.snapshots} snapshots acknowledged; ` +
          `${verdict.mismatches.length} mismatches`,
      )
      for (const mismatch of verdict.mismatches.slice(0, 20)) log(`  MISMATCH ${mismatch}`)
      const serverErrors = api.logs().trim()
      if (serverErrors) log(`server log (warnings and errors):\n${serverErrors.slice(0, 3000)}`)
      if (totalErrors(result) > 0 || verdict.mismatches.length > 0) process.exitCode = 1
    } finally {
      await api.stop()
    }
  } finally {
    await database.close()
    await target.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
