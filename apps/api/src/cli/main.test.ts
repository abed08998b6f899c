import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApi } from '../../bench/api-process.ts'
import { type Database, openDatabase } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { verifyPassword } from '../services/passwords.ts'

const API_DIR = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

type Result = { code: number; stdout: string; stderr: string }

/**
 * Where the commands write: a fresh embedded database folder, or a throw-away database on the
 * PostgreSQL server named by DATABASE_URL.
 */
async function createTarget() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellboard-cli-'))
  const serverUrl = process.env.DATABASE_URL
  let databaseUrl = ''
  if (serverUrl) {
    const name = `spellboard_cli_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
  }
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, INIT_CWD: API_DIR },
    open: (): Promise<Database> => openDatabase({ databaseUrl, dataDir, poolSize: 1 }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true })
      if (!serverUrl) return
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(
        `drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`,
      )
      await admin.end()
    },
  }
}

describe('operator CLI', () => {
  let target: Awaited<ReturnType<typeof createTarget>>

  async function cli(...args: string[]): Promise<Result> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['src/cli/main.ts', ...args], {
        cwd: API_DIR,
        env: { ...process.env, ...target.env },
      })
      return { code: 0, stdout, stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }

  async function player(badge: string) {
    const database = await target.open()
    try {
      const [row] = await database.db.select().from(users).where(eq(users.badge, badge))
      return row
    } finally {
      await database.close()
    }
  }

  beforeAll(async () => {
    target = await createTarget()
  })
  afterAll(async () => {
    await target.remove()
  })

  it('exits with 2 and the usage on wrong arguments', async () => {
    const result = await cli('create-user', '--email', 'a@example.org')
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/missing --username, --password[\s\S]*Usage: npm run cli/)
  })

  it('imports a folder relative to where npm ran, with progress, and again without change', async () => {
    const first = await cli('import', 'demo-data')
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/releases\.json: 3 releases imported/)
    expect(first.stdout).toMatch(/cards\.json: 75 cards imported/)
    expect(first.stdout).toMatch(/decks\.json: 14 decks imported/)
    const again = await cli('import', 'demo-data')
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/catalogue version 2/)
    expect(await player('1demo')).toMatchObject({ email: null, password: null })
  })

  it('gives an imported player a log-in', async () => {
    const result = await cli(
      'set-login',
      '--badge',
      '1demo',
      '--email',
      ' Demo@Example.org ',
      '--password',
      'a long password',
      '--admin',
    )
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(/Demo Player#1demo <demo@example.org> \(admin\) can now log in/)
    const row = await player('1demo')
    expect(row).toMatchObject({ email: 'demo@example.org', isAdmin: true })
    expect((await verifyPassword('a long password', row?.password ?? null)).ok).toBe(true)
    expect((await verifyPassword('another password', row?.password ?? null)).ok).toBe(false)
  })

  it('creates a player who can log in', async () => {
    const result = await cli(
      'create-user',
      '--email',
      'new@example.org',
      '--username',
      'Newcomer',
      '--password',
      'correct horse battery',
    )
    expect(result.code).toBe(0)
    const badge = /Newcomer#(\S+) <new@example.org>$/m.exec(result.stdout)?.[1] ?? ''
    expect(badge).toMatch(/^\d/)
    const row = await player(badge)
    expect(row).toMatchObject({ username: 'Newcomer', email: 'new@example.org', isAdmin: false })
    expect((await verifyPassword('correct horse battery', row?.password ?? null)).ok).toBe(true)
  })

  it('exits with 1 and a message when the work fails', async () => {
    const result = await cli(
      'set-login',
      '--badge',
      'nobody',
      '--email',
      'x@example.org',
      '--password',
      'long enough',
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('Error: --badge: no player has the badge nobody\n')
  })

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'says which process holds the embedded database',
    async () => {
      const database = await target.open()
      try {
        const result = await cli('import', 'demo-data')
        expect(result.code).toBe(1)
        expect(result.stderr).toMatch(`is in use by process ${process.pid}`)
      } finally {
        await database.close()
      }
    },
  )

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'beside a running server on the embedded database, says in one line who holds it and what to do',
    async () => {
      const server = await startApi({ env: {}, dataDir: target.dataDir })
      try {
        const result = await cli(
          'create-user',
          '--email',
          'late@example.org',
          '--username',
          'Late',
          '--password',
          'long enough',
        )
        expect(result.code).toBe(1)
        const lines = result.stderr.trim().split('\n')
        expect(lines).toHaveLength(1)
        expect(lines[0]).toContain(`process ${server.pid} (the Spellboard server, npm start)`)
        expect(lines[0]).toContain(`kill ${server.pid}`)
        expect(lines[0]).toContain('DATABASE_URL')
      } finally {
        await server.stop()
      }
    },
    60_000,
  )
})
