import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * API servers as production runs them (`npm start`: one Node process each), for the
 * reliability scripts and tests: start, stop gracefully, kill -9, read their logs.
 */
export type ApiProcess = {
  baseUrl: string
  port: number
  pid: number
  dataDir: string
  /** Everything the process wrote to stdout and stderr so far. */
  logs: () => string
  /** SIGTERM, then wait for the exit. */
  stop: () => Promise<void>
  /** SIGKILL (kill -9), then wait for the exit: no shutdown code runs. */
  kill: () => Promise<void>
  /** The exit code, or null while running. */
  exitCode: () => number | null
  /** Stops (true) or resumes (false) reading its stdout, as a stalled log collector would. */
  holdOutput: (held: boolean) => void
}

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** CPU seconds a process has used so far (user + system), from /proc (Linux); 0 elsewhere. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether the server answers its health check now (false while it is not listening). */
export async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/health-check`)).ok
  } catch {
    return false
  }
}

export async function waitUntilHealthy(baseUrl: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now()
  for (;;) {
    if (await isHealthy(baseUrl)) return performance.now() - started
    if (performance.now() - started > timeoutMs) {
      throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms`)
    }
    await sleep(100)
  }
}

const running = new Set<ChildProcess>()
// Never leave a server behind, however the script ends.
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL')
})

export type StartOptions = {
  env: Record<string, string>
  /** Reuse a data folder (PGlite restarts); a fresh one is made and removed otherwise. */
  dataDir?: string
  port?: number
  /** Let the caller wait for health itself (fault scripts poll while it starts). */
  waitHealthy?: boolean
}

export async function startApi(options: StartOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort())
  const ownDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'spellboard-api-'))
  // The caller names the database: an inherited DATABASE_URL points at a whole server.
  const { DATABASE_URL: _inherited, ...inherited } = process.env
  const child = spawn(process.execPath, [SERVER], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const chunks: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const baseUrl = `http://127.0.0.1:${port}`
  const logs = () => Buffer.concat(chunks).toString('utf8')
  const finish = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
    running.delete(child)
  }
  const api: ApiProcess = {
    baseUrl,
    port,
    pid: child.pid ?? 0,
    dataDir,
    logs,
    stop: async () => {
      await finish('SIGTERM')
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
    kill: () => finish('SIGKILL'),
    exitCode: () => child.exitCode,
    holdOutput: (held) => (held ? child.stdout?.pause() : child.stdout?.resume()),
  }
  if (options.waitHealthy !== false) {
    try {
      await Promise.race([
        waitUntilHealthy(baseUrl),
        exited.then(() => {
          throw new Error(`the API exited while starting:\n${logs()}`)
        }),
      ])
    } catch (error) {
      await api.kill()
      throw error
    }
  }
  return api
}

/** A throw-away database on a PostgreSQL server, created now and dropped by `drop`. */
export async function throwAwayDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `spellboard_bench_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export const SHARED_POSTGRES =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const BENCH_SECRET = 'reliability-bench-secret-key-long-enough-for-hs256'
