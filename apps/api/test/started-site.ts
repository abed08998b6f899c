import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort, isHealthy, sleep, throwAwayDatabase } from '../bench/api-process.ts'
import { type Database, openDatabase } from '../src/db/client.ts'

/**
 * `npm start` run as an operator runs it, in its own process group, on a fresh data folder (or
 * a throw-away database on the PostgreSQL server DATABASE_URL names), with one signed-up player.
 */
export type StartedSite = {
  npm: ChildProcess
  baseUrl: string
  port: number
  /** npm's exit code. */
  exited: Promise<number | null>
  stderr: () => string
  /** The player's bearer token. */
  token: string
  /** Reopens the database the site used, once it has stopped. */
  open: () => Promise<Database>
  /** How the site left its database: PGlite's lock and state, or PostgreSQL connections. */
  databaseState: () => Promise<Record<string, unknown>>
}

/** What `databaseState` reports after a clean stop. */
export const CLOSED_CLEANLY = process.env.DATABASE_URL
  ? { connections: 0 }
  : { lock: false, state: 'shut down' }

const ROOT = path.resolve(import.meta.dirname, '../../..')

export async function startSite(onFinished: (cleanup: () => Promise<void> | void) => void) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellboard-start-'))
  onFinished(() => rmSync(dataDir, { recursive: true, force: true }))
  let databaseUrl = ''
  if (process.env.DATABASE_URL) {
    const database = await throwAwayDatabase(process.env.DATABASE_URL)
    onFinished(database.drop)
    databaseUrl = database.url
  }
  const port = await freePort()
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // API only: the unit tests run before the web app is built.
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
  })
  const errors: Buffer[] = []
  npm.stderr?.on('data', (chunk: Buffer) => errors.push(chunk))
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)))
  onFinished(() => {
    if (npm.exitCode === null) process.kill(-(npm.pid ?? 0), 'SIGKILL')
  })
  const baseUrl = `http://127.0.0.1:${port}`
  for (let waited = 0; !(await isHealthy(baseUrl)); waited += 100) {
    if (npm.exitCode !== null || waited > 60_000) {
      throw new Error(`npm start did not start: ${Buffer.concat(errors)}`)
    }
    await sleep(100)
  }
  return {
    npm,
    baseUrl,
    port,
    exited,
    stderr: () => Buffer.concat(errors).toString('utf8'),
    token: await signUp(baseUrl, dataDir),
    open: () => openDatabase({ databaseUrl, dataDir, poolSize: 1 }),
    databaseState: async () => {
      if (databaseUrl) return { connections: await connectionsTo(databaseUrl) }
      // PostgreSQL's control file: the cluster state is the 32-bit word at byte 16.
      const control = readFileSync(path.join(dataDir, 'pglite', 'global', 'pg_control'))
      const states: Record<number, string> = { 1: 'shut down', 6: 'in production' }
      return {
        lock: existsSync(path.join(dataDir, 'pglite.lock')),
        state: states[control.readUInt32LE(16)] ?? control.readUInt32LE(16),
      }
    },
  } satisfies StartedSite
}

/** A new player, invited and registered through the API; returns the bearer token. */
async function signUp(baseUrl: string, dataDir: string): Promise<string> {
  const post = async (url: string, body: object) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.status !== 201) throw new Error(`${url}: ${response.status}`)
    return (await response.json()) as Record<string, unknown>
  }
  await post('/v2/players/new', { email: 'stop@example.org' })
  const outbox = path.join(dataDir, 'outbox')
  const mail = readFileSync(path.join(outbox, readdirSync(outbox)[0] ?? ''), 'utf8')
  const invitation = /[0-9a-f-]{36}/.exec((JSON.parse(mail) as { link: string }).link)?.[0]
  const password = 'a long enough password'
  const registered = await post(`/v2/players/new/${invitation}`, {
    username: 'Stop',
    password,
    password_confirm: password,
  })
  return String(registered.access_token)
}

async function connectionsTo(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>(
      'select count(*) from pg_stat_activity where datname = $1',
      [new URL(databaseUrl).pathname.slice(1)],
    )
    return Number(rows[0]?.count)
  } finally {
    await client.end()
  }
}

/** The process npm runs for `start` (npm's only child), from /proc (Linux). */
export function serverPid(npmPid: number): number {
  const children = readFileSync(`/proc/${npmPid}/task/${npmPid}/children`, 'utf8').trim()
  return Number(children.split(' ')[0])
}

/**
 * A deck save whose body arrives in two parts: the request is in flight at the server until
 * `finish` sends the rest.
 */
export function slowSave(site: StartedSite, body: object) {
  const payload = Buffer.from(JSON.stringify(body))
  const request = http.request({
    host: '127.0.0.1',
    port: site.port,
    method: 'PUT',
    path: '/v2/decks',
    headers: {
      authorization: `Bearer ${site.token}`,
      'content-type': 'application/json',
      'content-length': payload.length,
    },
  })
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      )
    })
    request.once('error', reject)
  })
  request.write(payload.subarray(0, payload.length / 2))
  return { answered, finish: () => request.end(payload.subarray(payload.length / 2)) }
}
