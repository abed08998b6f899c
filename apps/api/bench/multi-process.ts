import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { importFolder } from '../src/import/import-folder.ts'
import { ADDRESS_FACTOR } from '../src/services/password-attempts.ts'
import { hashPassword } from '../src/services/passwords.ts'
import {
  type ApiProcess,
  BENCH_SECRET,
  SHARED_POSTGRES,
  sleep,
  startApi,
  throwAwayDatabase,
} from './api-process.ts'
import { benchDataFolder } from './lib.ts'
import { loadReport, prepareFixture, runLoad, totalErrors } from './load-driver.ts'
import { verifyLoad } from './load-verify.ts'

/**
 * `npm run bench:multi [-- --duration 60 --connections 64]`: two API processes on two ports,
 * one PostgreSQL database (a throw-away one on DATABASE_URL's server, else
 * postgres@127.0.0.1:5432) and one SECRET_KEY, as the README's "Running several API
 * processes" describes. Checks that a token revoked on one is refused by the other, and so
 * are sessions ended by "log out everywhere", that rate limits count attempts made on both
 * together, that a catalogue change made through one is seen by the other and a deck deleted
 * through one leaves the other's public cache at once, and runs the load test round-robin
 * across both. Exits 1 on a failure.
 */
const log = (line: string) => console.log(line)
const RATE_LIMIT = 5
const PASSWORD = 'multi process password'

type Check = { name: string; ok: boolean; detail: string }

async function call(api: ApiProcess, method: string, url: string, init: RequestInit = {}) {
  const response = await fetch(`${api.baseUrl}${url}`, { method, ...init })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  }
}

const bearer = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } })

function logInForm(email: string, password: string, forwardedFor?: string): RequestInit {
  return {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: new URLSearchParams({ username: email, password }).toString(),
  }
}

async function revocation(a: ApiProcess, b: ApiProcess, email: string): Promise<Check[]> {
  const checks: Check[] = []
  for (const [from, to, label] of [
    [a, b, 'A→B'],
    [b, a, 'B→A'],
  ] as const) {
    const logIn = await call(from, 'POST', '/v2/token', logInForm(email, PASSWORD))
    const token = logIn.body.access_token as string
    const before = await call(to, 'GET', '/v2/players/me', bearer(token))
    const revoked = await call(from, 'DELETE', '/v2/token', bearer(token))
    const after = await call(to, 'GET', '/v2/players/me', bearer(token))
    checks.push({
      name: `token revoked on one process is refused by the other (${label})`,
      ok:
        logIn.status === 200 &&
        before.status === 200 &&
        revoked.status === 200 &&
        after.status === 401,
      detail: `log-in ${logIn.status}, other process before ${before.status}, log-out ${revoked.status}, other process after ${after.status}`,
    })
  }
  return checks
}

/** "Log out everywhere" on one process ends the sessions the other one serves. */
async function everywhere(a: ApiProcess, b: ApiProcess, email: string): Promise<Check> {
  const onA = (await call(a, 'POST', '/v2/token', logInForm(email, PASSWORD))).body
  const onB = (await call(b, 'POST', '/v2/token', logInForm(email, PASSWORD))).body
  const ended = await call(
    b,
    'DELETE',
    '/v2/players/me/sessions',
    bearer(onB.access_token as string),
  )
  const statuses = [
    (await call(b, 'GET', '/v2/players/me', bearer(onA.access_token as string))).status,
    (await call(a, 'GET', '/v2/players/me', bearer(onB.access_token as string))).status,
  ]
  return {
    name: '"log out everywhere" on one process ends the sessions used on the other',
    ok: ended.status === 200 && statuses.every((status) => status === 401),
    detail: `log out everywhere ${ended.status}; A's session on B ${statuses[0]}, B's on A ${statuses[1]}`,
  }
}

/** A published deck, read (and kept) by B, deleted through A: B stops showing it at once. */
async function deletedDeck(a: ApiProcess, b: ApiProcess, email: string): Promise<Check> {
  const token = (await call(a, 'POST', '/v2/token', logInForm(email, PASSWORD))).body
    .access_token as string
  const json = (body: unknown): RequestInit => ({
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const decks = (await call(b, 'GET', '/v2/decks?limit=1')).body.results as { id: number }[]
  const clone = await call(a, 'GET', `/v2/decks/${decks[0]?.id}/clone`, bearer(token))
  const published = await call(
    a,
    'POST',
    `/v2/decks/${clone.body.id}/snapshot`,
    json({ is_public: true, title: 'Leaving soon' }),
  )
  const id = published.body.snapshot_id as number
  const before = (await call(b, 'GET', `/v2/decks/${id}`)).status
  const deleted = (await call(a, 'DELETE', `/v2/decks/${id}`, bearer(token))).status
  const started = performance.now()
  let goneAfter = -1
  while (performance.now() - started < 5000) {
    if ((await call(b, 'GET', `/v2/decks/${id}`)).status === 404) {
      goneAfter = performance.now() - started
      break
    }
    await sleep(10)
  }
  return {
    name: 'a deck deleted through one process leaves the other one’s public cache at once',
    ok: before === 200 && deleted === 204 && goneAfter >= 0 && goneAfter < 500,
    detail: `read on B ${before}, deleted on A ${deleted}, gone on B after ${goneAfter.toFixed(0)} ms`,
  }
}

/** Failed log-ins alternate between the processes; the limit must hold for the sum. */
async function sharedLimit(
  a: ApiProcess,
  b: ApiProcess,
  name: string,
  attempt: (api: ApiProcess, i: number) => Promise<number>,
  limit = RATE_LIMIT,
): Promise<Check> {
  const statuses: number[] = []
  for (let i = 0; i < limit + 2; i += 1) statuses.push(await attempt(i % 2 ? b : a, i))
  const refusedFrom = statuses.indexOf(429)
  return {
    name,
    ok: refusedFrom === limit && statuses.slice(limit).every((s) => s === 429),
    detail: `attempts alternating A,B,A,…: ${statuses.join(' ')} (limit ${limit} per window)`,
  }
}

async function catalogueChange(a: ApiProcess, b: ApiProcess, adminToken: string): Promise<Check> {
  const releases = (await call(b, 'GET', '/v2/releases')).body as unknown as { stub: string }[]
  const stub = releases[0]?.stub
  const hidden = await call(a, 'PATCH', `/v2/releases/${stub}`, {
    ...bearer(adminToken),
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ is_public: false }),
  })
  const started = performance.now()
  let seenAfter = -1
  while (performance.now() - started < 5000) {
    const list = (await call(b, 'GET', '/v2/releases')).body as unknown as { stub: string }[]
    if (!list.some((r) => r.stub === stub)) {
      seenAfter = performance.now() - started
      break
    }
    await sleep(50)
  }
  const shown = await call(a, 'PATCH', `/v2/releases/${stub}`, {
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ is_public: true }),
  })
  const republished = performance.now()
  let backAfter = -1
  while (performance.now() - republished < 5000) {
    const list = (await call(b, 'GET', '/v2/releases')).body as unknown as { stub: string }[]
    if (list.some((r) => r.stub === stub)) {
      backAfter = performance.now() - republished
      break
    }
    await sleep(50)
  }
  return {
    name: 'a release unpublished and published again through one process follows on the other',
    ok: hidden.status === 200 && shown.status === 200 && seenAfter >= 0 && backAfter >= 0,
    detail:
      `PATCH on A ${hidden.status}; gone from B's listing after ${Math.round(seenAfter)} ms, ` +
      `back ${Math.round(backAfter)} ms after the second PATCH`,
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '64' },
      writers: { type: 'string', default: '256' },
      pool: { type: 'string', default: '12' },
    },
  })
  const target = await throwAwayDatabase(SHARED_POSTGRES)
  const database = await openDatabase({ databaseUrl: target.url, dataDir: '', poolSize: 4 })
  const processes: ApiProcess[] = []
  try {
    await migrate(database)
    await importFolder(database, benchDataFolder())
    const hash = await hashPassword(PASSWORD)
    const players = ['revoke', 'admin'].map((name) => `${name}@multi.example.org`)
    for (const [i, email] of players.entries()) {
      await database.db.execute(
        sql`insert into "user" (email, badge, username, password, is_admin)
            values (${email}, ${`mp${i}`}, ${`Multi ${i}`}, ${hash}, ${email.startsWith('admin')})`,
      )
    }
    const env = {
      DATABASE_URL: target.url,
      SECRET_KEY: BENCH_SECRET,
      DATABASE_POOL_SIZE: values.pool,
      RATE_LIMIT_LOGIN: String(RATE_LIMIT),
      RATE_LIMIT_MAIL: String(RATE_LIMIT),
      // One proxy in front: the client is the right-most X-Forwarded-For entry.
      TRUST_PROXY: '1',
    }
    const [a, b] = await Promise.all([startApi({ env }), startApi({ env })])
    if (!a || !b) throw new Error('the API processes did not start')
    processes.push(a, b)
    log(
      `two API processes: A ${a.baseUrl} (pid ${a.pid}), B ${b.baseUrl} (pid ${b.pid}); ` +
        `one database ${database.describe}; one SECRET_KEY; DATABASE_POOL_SIZE=${values.pool} each`,
    )

    const adminLogIn = await call(a, 'POST', '/v2/token', logInForm(players[1] ?? '', PASSWORD))
    const checks: Check[] = [
      ...(await revocation(a, b, players[0] ?? '')),
      await everywhere(a, b, players[0] ?? ''),
      await deletedDeck(a, b, players[0] ?? ''),
      await sharedLimit(
        a,
        b,
        'failed log-ins of one client for one e-mail are counted across both',
        (api) =>
          call(
            api,
            'POST',
            '/v2/token',
            logInForm('victim@multi.example.org', 'wrong password', '198.51.100.4'),
          ).then((r) => r.status),
      ),
      await sharedLimit(
        a,
        b,
        'failed log-ins from one client address (X-Forwarded-For) are counted across both',
        (api, i) =>
          call(
            api,
            'POST',
            '/v2/token',
            logInForm(`guess${i}@multi.example.org`, 'wrong password', '203.0.113.7'),
          ).then((r) => r.status),
        RATE_LIMIT * ADDRESS_FACTOR,
      ),
      await sharedLimit(
        a,
        b,
        'password reset requests for one e-mail are counted across both',
        (api) =>
          call(api, 'POST', '/v2/reset', {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'nobody@multi.example.org' }),
          }).then((r) => r.status),
      ),
      await catalogueChange(a, b, adminLogIn.body.access_token as string),
    ]
    for (const check of checks) log(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`)

    const fixture = await prepareFixture(database, {
      writers: Number(values.writers),
      secretKey: BENCH_SECRET,
    })
    log(
      `\nload: ${values.connections} connections for ${values.duration} s, requests round-robin ` +
        `across A and B (a player's saves alternate between the processes); ${fixture.writers.length} writers`,
    )
    log(
      `machine: ${cpus().length} cores shared by both APIs, PostgreSQL and this load generator; ` +
        `load average ${loadavg()[0]?.toFixed(1)} before the run`,
    )
    const result = await runLoad({
      baseUrls: [a.baseUrl, b.baseUrl],
      fixture,
      connections: Number(values.connections),
      durationSeconds: Number(values.duration),
    })
    for (const line of loadReport(result)) log(line)
    for (const sample of result.errorSamples) log(`  error: ${sample}`)
    const verdict = await verifyLoad(database, fixture, result)
    log(
      `verification: ${verdict.checked} decks compared with their last acknowledged save, ` +
        `${result.comments} comments and ${result.snapshots} snapshots acknowledged; ` +
        `${verdict.mismatches.length} mismatches`,
    )
    for (const mismatch of verdict.mismatches.slice(0, 20)) log(`  MISMATCH ${mismatch}`)
    const failed =
      checks.some((check) => !check.ok) || totalErrors(result) > 0 || verdict.mismatches.length > 0
    if (failed) process.exitCode = 1
  } finally {
    await Promise.all(processes.map((api) => api.stop()))
    await database.close()
    await target.drop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
