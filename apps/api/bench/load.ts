import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { DEFAULT_POOL_SIZE } from '../src/config.ts'
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
import {
  loadReport,
  overallP99,
  prepareFixture,
  runLoad,
  totalDropped,
  totalErrors,
} from './load-driver.ts'
import type { LoadResult } from './load-mix.ts'
import { openLoadNotes, openLoop } from './load-open.ts'
import { verifyLoad } from './load-verify.ts'

/**
 * `npm run bench:load [-- --duration 60 --connections 64 --writers 256 --pool N]`: mixed
 * traffic against one API server process on a throw-away PostgreSQL database (DATABASE_URL's
 * server, else postgres@127.0.0.1:5432): 70 % card and deck reads, 20 % autosaves (each writer
 * saves its own deck), 10 % comments and snapshots. Prints req/s, p50, p99, max and errors per
 * kind, then checks that every deck holds the last save its client got a 200 for. Both loops
 * start with 5 s of the same mix, reported apart (the first saves of each connection).
 * `--pool` is the server's DATABASE_POOL_SIZE, its own default (two per core) unless given.
 *
 * Without `--rate` it is a closed loop: `--connections` clients, each sending its next request
 * when the last one is answered. It measures throughput (target: 1,000 req/s); its latencies
 * are bound by Little's law (mean latency = connections / throughput), since a slower API
 * slows the clients' sending too.
 *
 * `--rate N [--max-in-flight 2000 --drain 30]` is an open loop (load-open.ts): N requests a
 * second on a fixed schedule, whatever the answers, each timed from its scheduled start, over
 * at most `--connections` keep-alive connections (a request waiting for one is late by that
 * wait); a request due while `--max-in-flight` wait is dropped, and answers still missing
 * `--drain` seconds after the last one was due are given up. Target at `--rate 400`: p99 ≤ 50 ms,
 * nothing dropped, every acknowledged save intact.
 *
 * Exits 1 on any error, dropped request or mismatch.
 */
const WARM_UP_SECONDS = 5

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '64' },
      writers: { type: 'string', default: '256' },
      pool: { type: 'string', default: String(DEFAULT_POOL_SIZE) },
      rate: { type: 'string' },
      'max-in-flight': { type: 'string', default: '2000' },
      drain: { type: 'string', default: '30' },
    },
  })
  const rate = values.rate === undefined ? undefined : Number(values.rate)
  if (rate !== undefined && !(rate > 0)) throw new Error(`--rate ${values.rate}: not a rate`)
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
      // The open loop warms up on its own sockets: the closed loop's would stay open beside
      // them, and the API refuses a client's connections beyond 128.
      const open =
        rate === undefined
          ? undefined
          : openLoop({
              baseUrl: api.baseUrl,
              fixture,
              rate,
              sockets: Number(values.connections),
              maxInFlight: Number(values['max-in-flight']),
              drainSeconds: Number(values.drain),
            })
      // The warm-up sends the same mix: a server that has run for a while has had its first
      // saves, comments and snapshots (each connection's first run of a statement and of the
      // triggers it fires costs it tens of milliseconds), and what they cost is shown apart.
      const warmUp = open
        ? await open.run(WARM_UP_SECONDS)
        : await runLoad({
            baseUrls: [api.baseUrl],
            fixture,
            connections: Number(values.connections),
            durationSeconds: WARM_UP_SECONDS,
          })
      log(
        `warm-up: ${WARM_UP_SECONDS} s of the same mix, not counted below: p99 ${overallP99(warmUp).toFixed(1)} ms, ` +
          `${totalErrors(warmUp)} errors, ${totalDropped(warmUp)} dropped`,
      )
      const duration = Number(values.duration)
      log(
        rate === undefined
          ? `load: closed loop, ${values.connections} connections for ${duration} s`
          : `load: open loop, ${rate} requests a second for ${duration} s, each timed from its ` +
              `scheduled start, at most ${values['max-in-flight']} in flight over at most ` +
              `${values.connections} keep-alive connections`,
      )
      const cpuBefore = cpuSeconds(api.pid)
      const driverBefore = process.cpuUsage()
      const openResult = open ? await open.run(duration).finally(open.close) : undefined
      const result =
        openResult ??
        (await runLoad({
          baseUrls: [api.baseUrl],
          fixture,
          connections: Number(values.connections),
          durationSeconds: duration,
        }))
      const cpu = cpuSeconds(api.pid) - cpuBefore
      const driver = process.cpuUsage(driverBefore)
      for (const line of loadReport(result)) log(line)
      for (const line of openResult ? openLoadNotes(openResult) : closedLoopNotes(result)) log(line)
      const requests = [...result.byKind.values()].reduce((n, k) => n + k.latencies.length, 0)
      log(
        `API process CPU: ${cpu.toFixed(1)} s in ${result.durationSeconds.toFixed(0)} s ` +
          `(${((100 * cpu) / result.durationSeconds).toFixed(0)} % of one core), ` +
          `${((1000 * cpu) / Math.max(1, requests)).toFixed(2)} ms per request; ` +
          `load generator CPU: ${((driver.user + driver.system) / 1e6).toFixed(1)} s`,
      )
      for (const sample of result.errorSamples) log(`  error: ${sample}`)
      // What the warm-up wrote is checked as well: a save acknowledged then must still hold unless
      // a later one replaced it.
      const acknowledged = {
        ...result,
        acknowledged: new Map([...warmUp.acknowledged, ...result.acknowledged]),
        comments: warmUp.comments + result.comments,
        snapshots: warmUp.snapshots + result.snapshots,
      }
      const verdict = await verifyLoad(database, fixture, acknowledged)
      log(
        `verification (warm-up included): ${verdict.checked} decks compared with their last acknowledged save, ` +
          `${acknowledged.comments} comments and ${acknowledged.snapshots} snapshots acknowledged; ` +
          `${verdict.mismatches.length} mismatches`,
      )
      for (const mismatch of verdict.mismatches.slice(0, 20)) log(`  MISMATCH ${mismatch}`)
      const serverErrors = api.logs().trim()
      if (serverErrors) log(`server log (warnings and errors):\n${serverErrors.slice(0, 3000)}`)
      if (openResult) log(openLoopVerdict(openResult, verdict.mismatches.length))
      const failed =
        totalErrors(warmUp) +
        totalDropped(warmUp) +
        totalErrors(result) +
        totalDropped(result) +
        verdict.mismatches.length
      if (failed > 0) process.exitCode = 1
    } finally {
      await api.stop()
    }
  } finally {
    await database.close()
    await target.drop()
  }
}

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED')

/** Throughput first: the closed loop's latencies follow from it and the number of clients. */
function closedLoopNotes(result: LoadResult): string[] {
  const latencies = [...result.byKind.values()].flatMap((entry) => entry.latencies)
  const throughput = latencies.length / result.durationSeconds
  const mean = latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length)
  return [
    `THROUGHPUT: ${throughput.toFixed(1)} req/s (closed loop, ${result.connections} connections); ` +
      `target closed loop ≥ 1,000 req/s: ${mark(throughput >= 1000)}`,
    `  latencies here are bound by Little's law: mean = connections / throughput = ` +
      `${result.connections} / ${throughput.toFixed(1)} = ${((1000 * result.connections) / throughput).toFixed(1)} ms ` +
      `(measured ${mean.toFixed(1)} ms); the p99 grows with the queue the clients build ` +
      `themselves, not with what users at a given rate would see (for that, --rate)`,
  ]
}

/** The open loop's targets, set for --rate 400. */
function openLoopVerdict(result: LoadResult, mismatches: number): string {
  const p99 = overallP99(result)
  const dropped = totalDropped(result)
  const errors = totalErrors(result)
  const met = p99 <= 50 && dropped === 0 && mismatches === 0 && errors === 0
  return (
    `VERDICT at --rate ${result.rate}${result.rate === 400 ? '' : ' (the targets are set for --rate 400)'}: ` +
    `p99 ${p99.toFixed(1)} ms ≤ 50 ms ${mark(p99 <= 50)}; dropped ${dropped} ${mark(dropped === 0)}; ` +
    `errors ${errors} ${mark(errors === 0)}; acknowledged saves intact (${mismatches} mismatches) ` +
    `${mark(mismatches === 0)} → ${met ? 'TARGETS MET' : 'TARGETS MISSED'}`
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
