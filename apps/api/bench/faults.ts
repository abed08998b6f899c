import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Database, openDatabase } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { importFolder } from '../src/import/import-folder.ts'
import { type ApiProcess, BENCH_SECRET, freePort, sleep, startApi } from './api-process.ts'
import { benchDataFolder } from './lib.ts'
import { prepareFixture, runLoad } from './load-driver.ts'
import type { DeckPayload, Fixture, Kind } from './load-mix.ts'
import { deckMismatch, storedDecks } from './load-verify.ts'
import { type Cluster, startPrivateCluster } from './pg-cluster.ts'

/**
 * `npm run bench:faults [-- --only kill|postgres|pglite]`: what survives when things break.
 *  1. kill -9 of the API during an autosave burst, then a restart: every save answered 200 is
 *     stored, intact.
 *  2. PostgreSQL stopped and started again under load, cleanly and as a crash: while it is
 *     down the API answers 503 with a `detail` (never a 500, never a dead process), it recovers
 *     by itself without a restart, and every save answered 200 is still there.
 *  3. kill -9 of a server on the embedded database (PGlite), then a restart on the same folder.
 * PostgreSQL runs as a private cluster in a temporary folder (see pg-cluster.ts); the shared
 * server is never touched. Exits 1 when any check fails.
 */
const log = (line: string) => console.log(line)
const ms = (value: number) => `${Math.round(value)} ms`

/**
 * What each deck's client was told: the last save answered 200, and the saves sent after it
 * that got no 200 (refused, or cut off when the server died). A stored deck must be the
 * acknowledged save, or one of those later saves applied whole; never a mix, never older.
 */
class SaveLedger {
  private decks = new Map<number, { acknowledged?: DeckPayload; unanswered: DeckPayload[] }>()
  acknowledgedCount = 0
  failedCount = 0

  record = (payload: DeckPayload, ok: boolean) => {
    const entry = this.decks.get(payload.id) ?? { unanswered: [] }
    if (ok) {
      entry.acknowledged = payload
      entry.unanswered = []
      this.acknowledgedCount += 1
    } else {
      entry.unanswered.push(payload)
      this.failedCount += 1
    }
    this.decks.set(payload.id, entry)
  }

  async verify(database: Database) {
    const stored = await storedDecks(database, [...this.decks.keys()])
    const outcome = { intact: 0, unacknowledgedApplied: 0, neverSaved: 0, broken: [] as string[] }
    for (const [id, entry] of this.decks) {
      const deck = stored.get(id)
      if (entry.acknowledged && !deckMismatch(deck, entry.acknowledged)) {
        outcome.intact += 1
      } else if (entry.unanswered.some((payload) => !deckMismatch(deck, payload))) {
        outcome.unacknowledgedApplied += 1
      } else if (!entry.acknowledged && deck?.title === 'Load deck' && !deck.cards) {
        outcome.neverSaved += 1
      } else {
        const expected = entry.acknowledged
        outcome.broken.push(
          `deck ${id}: ${expected ? deckMismatch(deck, expected) : 'holds a save nobody sent'}`,
        )
      }
    }
    return outcome
  }
}

async function seededPostgres(url: string, writers: number) {
  const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 })
  await migrate(database)
  await importFolder(database, benchDataFolder())
  const fixture = await prepareFixture(database, { writers, secretKey: BENCH_SECRET })
  return { database, fixture }
}

/** Autosaves until `stop` resolves, feeding the ledger. */
function autosaveBurst(
  api: ApiProcess,
  fixture: Fixture,
  ledger: SaveLedger,
  stop: Promise<unknown>,
) {
  return runLoad({
    baseUrls: [api.baseUrl],
    fixture,
    connections: 32,
    durationSeconds: 120,
    only: ['autosave'],
    onSave: ledger.record,
    until: stop,
  })
}

/** Waits until `ready` holds (checked every 20 ms), or `timeoutMs` passed. */
async function until(ready: () => boolean, timeoutMs: number): Promise<void> {
  const started = performance.now()
  while (!ready() && performance.now() - started < timeoutMs) await sleep(20)
}

/** Saves answered 200 before the kill: the burst is well under way, whatever the machine's load. */
const SAVES_BEFORE_KILL = 100

function deferred() {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

async function killDuringAutosaves(cluster: Cluster): Promise<ApiProcess | null> {
  log('\n1. kill -9 of the API process during an autosave burst (PostgreSQL)')
  const { database, fixture } = await seededPostgres(cluster.url, 64)
  const port = await freePort()
  const env = { DATABASE_URL: cluster.url, SECRET_KEY: BENCH_SECRET }
  let api = await startApi({ env, port })
  const ledger = new SaveLedger()
  const killed = deferred()
  const burst = autosaveBurst(api, fixture, ledger, killed.promise)
  const burstStarted = performance.now()
  await until(() => ledger.acknowledgedCount >= SAVES_BEFORE_KILL, 60_000)
  const beforeKill = ledger.acknowledgedCount
  await api.kill()
  const killedAt = performance.now() - burstStarted
  killed.resolve()
  await burst
  log(
    `   ${beforeKill} saves answered 200, then kill -9 ${ms(killedAt)} into the burst; ` +
      `${ledger.failedCount} saves were cut off without an answer`,
  )
  const restartAt = performance.now()
  api = await startApi({ env, port })
  log(`   restarted and healthy after ${ms(performance.now() - restartAt)}`)
  const outcome = await ledger.verify(database)
  log(
    `   ${outcome.intact} decks hold their last acknowledged save, ${outcome.unacknowledgedApplied} ` +
      `hold a save that was in flight at the kill (applied whole), ${outcome.neverSaved} were never saved, ` +
      `${outcome.broken.length} lost or mixed`,
  )
  for (const line of outcome.broken.slice(0, 10)) log(`   BROKEN ${line}`)
  // The restarted process takes saves again.
  const again = deferred()
  const after = new SaveLedger()
  const burst2 = autosaveBurst(api, fixture, after, again.promise)
  await sleep(2000)
  again.resolve()
  await burst2
  const afterOutcome = await after.verify(database)
  log(
    `   after the restart: ${after.acknowledgedCount} saves answered 200, ${after.failedCount} failed, ` +
      `${afterOutcome.broken.length} decks differ from their last acknowledged save`,
  )
  await database.close()
  const ok =
    outcome.broken.length === 0 &&
    after.failedCount === 0 &&
    afterOutcome.broken.length === 0 &&
    beforeKill > 0
  log(`   ${ok ? 'PASS' : 'FAIL'}`)
  if (ok) return api
  await api.stop()
  return null
}

async function restartPostgres(
  cluster: Cluster,
  api: ApiProcess,
  mode: 'fast' | 'immediate',
): Promise<boolean> {
  log(
    mode === 'fast'
      ? '\n2a. PostgreSQL shut down for 5 s and started again under mixed load (16 connections)'
      : '\n2b. PostgreSQL crashed (immediate stop, crash recovery at start) under mixed load',
  )
  const database = await openDatabase({ databaseUrl: cluster.url, dataDir: '', poolSize: 2 })
  const fixture = await prepareFixture(database, { writers: 64, secretKey: BENCH_SECRET })
  await database.close()
  const ledger = new SaveLedger()
  const answers: { kind: Kind | 'health'; status: number; text: string; at: number }[] = []
  const done = deferred()
  const load = runLoad({
    baseUrls: [api.baseUrl],
    fixture,
    connections: 16,
    durationSeconds: 120,
    onSave: ledger.record,
    onAnswer: (answer) => answers.push(answer),
    until: done.promise,
  })
  let polling = true
  const poller = (async () => {
    while (polling) {
      const at = performance.now()
      try {
        const response = await fetch(`${api.baseUrl}/health-check`)
        answers.push({ kind: 'health', status: response.status, text: await response.text(), at })
      } catch (error) {
        answers.push({ kind: 'health', status: 0, text: String(error), at })
      }
      await sleep(100)
    }
  })()
  await sleep(5000)
  const stopAt = performance.now()
  cluster.stop(mode)
  const downAt = performance.now()
  await sleep(5000)
  cluster.start()
  const upAt = performance.now()
  await sleep(10_000)
  done.resolve()
  polling = false
  await Promise.all([load, poller])

  const during = answers.filter((a) => a.at >= stopAt && a.at < upAt)
  const unavailable = during.filter((a) => a.status === 503)
  const wrong = answers.filter((a) => {
    if (a.status >= 200 && a.status < 300) return false
    if (a.status !== 503) return true
    try {
      const body = JSON.parse(a.text) as { detail?: unknown; status?: unknown }
      return a.kind === 'health' ? body.status !== 'error' : typeof body.detail !== 'string'
    } catch {
      return true
    }
  })
  const firstHealthy = answers.find((a) => a.kind === 'health' && a.at > upAt && a.status === 200)
  const lastFailure = [...answers].reverse().find((a) => a.status !== 200 && a.status !== 201)
  const settled = lastFailure ? lastFailure.at - upAt : 0
  const statuses = (list: typeof answers) => {
    const counts = new Map<number, number>()
    for (const a of list) counts.set(a.status, (counts.get(a.status) ?? 0) + 1)
    return [...counts].map(([status, n]) => `${status}×${n}`).join(' ')
  }
  log(`   PostgreSQL stopped in ${ms(downAt - stopAt)}, down for ${ms(upAt - downAt)}`)
  log(
    `   answers while it was down: ${statuses(during)} (${unavailable.length} × 503 with a detail)`,
  )
  log(
    `   health check 200 again ${firstHealthy ? ms(firstHealthy.at - upAt) : 'NEVER'} after PostgreSQL was up; ` +
      `last failed answer ${ms(settled)} after it was up`,
  )
  log(`   all answers of the run: ${statuses(answers)}`)
  for (const a of wrong.slice(0, 5)) log(`   WRONG ${a.kind} → ${a.status} ${a.text.slice(0, 160)}`)
  const verifyDb = await openDatabase({ databaseUrl: cluster.url, dataDir: '', poolSize: 2 })
  const outcome = await ledger.verify(verifyDb)
  await verifyDb.close()
  log(
    `   ${ledger.acknowledgedCount} saves answered 200: ${outcome.intact} decks hold their last acknowledged save, ` +
      `${outcome.unacknowledgedApplied} a later unanswered one, ${outcome.broken.length} lost or mixed`,
  )
  for (const line of outcome.broken.slice(0, 10)) log(`   BROKEN ${line}`)
  const ok =
    wrong.length === 0 &&
    unavailable.length > 0 &&
    firstHealthy !== undefined &&
    firstHealthy.at - upAt < 10_000 &&
    settled < 10_000 &&
    outcome.broken.length === 0
  if (!ok) {
    log(`   API process exit code: ${api.exitCode() ?? 'still running'}; its log ends with:`)
    log(api.logs().slice(-3000))
  }
  log(`   ${ok ? 'PASS' : 'FAIL'}`)
  return ok
}

async function killPglite(): Promise<boolean> {
  log('\n3. kill -9 of a server on the embedded database (PGlite), restart on the same folder')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellboard-pglite-'))
  try {
    const seeded = await openDatabase({ dataDir })
    await migrate(seeded)
    await importFolder(seeded, benchDataFolder())
    const fixture = await prepareFixture(seeded, { writers: 32, secretKey: BENCH_SECRET })
    await seeded.close()
    const env = { SECRET_KEY: BENCH_SECRET }
    let api = await startApi({ env, dataDir })
    const ledger = new SaveLedger()
    const killed = deferred()
    const burst = runLoad({
      baseUrls: [api.baseUrl],
      fixture,
      connections: 16,
      durationSeconds: 120,
      only: ['autosave'],
      onSave: ledger.record,
      until: killed.promise,
    })
    const burstStarted = performance.now()
    await until(() => ledger.acknowledgedCount >= SAVES_BEFORE_KILL, 60_000)
    const beforeKill = ledger.acknowledgedCount
    await api.kill()
    const killedAt = performance.now() - burstStarted
    killed.resolve()
    await burst
    log(
      `   ${beforeKill} saves answered 200, then kill -9 ${ms(killedAt)} into the burst; ` +
        `${ledger.failedCount} saves were cut off without an answer`,
    )
    const restartAt = performance.now()
    try {
      api = await startApi({ env, dataDir })
    } catch (error) {
      log(`   FAIL: the server did not start again: ${String(error).slice(0, 400)}`)
      return false
    }
    log(`   restarted on the same folder and healthy after ${ms(performance.now() - restartAt)}`)
    await api.stop()
    const reopened = await openDatabase({ dataDir })
    const outcome = await ledger.verify(reopened)
    await reopened.close()
    log(
      `   ${outcome.intact} decks hold their last acknowledged save, ${outcome.unacknowledgedApplied} a save in ` +
        `flight at the kill, ${outcome.neverSaved} never saved, ${outcome.broken.length} lost or mixed`,
    )
    for (const line of outcome.broken.slice(0, 10)) log(`   BROKEN ${line}`)
    const ok = outcome.broken.length === 0 && ledger.acknowledgedCount > 0
    log(`   ${ok ? 'PASS' : 'FAIL'}`)
    return ok
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  const { values } = parseArgs({ options: { only: { type: 'string' } } })
  const wanted = (name: string) => !values.only || values.only === name
  const results: boolean[] = []
  if (wanted('kill') || wanted('postgres')) {
    const cluster = await startPrivateCluster()
    log(`private PostgreSQL cluster on 127.0.0.1:${cluster.port}`)
    try {
      const api = await killDuringAutosaves(cluster)
      results.push(api !== null)
      if (api && wanted('postgres')) {
        results.push(await restartPostgres(cluster, api, 'fast'))
        results.push(await restartPostgres(cluster, api, 'immediate'))
      }
      await api?.stop()
    } finally {
      cluster.destroy()
    }
  }
  if (wanted('pglite')) results.push(await killPglite())
  log(`\n${results.filter(Boolean).length} of ${results.length} fault scenarios passed`)
  if (results.some((ok) => !ok)) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
