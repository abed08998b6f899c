import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startApi } from '../../bench/api-process.ts'
import { CURRENT_DATA_DIR } from '../../test/helpers.ts'
import { startSourceSite } from '../../test/source-site.ts'
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

/** `npm run cli -- <args>` on the target's database, as a process of its own. */
async function runIn(target: { env: Record<string, string> }, args: string[]): Promise<Result> {
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

describe('operator CLI', () => {
  let target: Awaited<ReturnType<typeof createTarget>>

  const cli = (...args: string[]) => runIn(target, args)

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
    expect(first.code).toBe(0)
    // Progress on stderr, line by line (no terminal here); the summary on stdout.
    expect(first.stderr).toMatch(/releases\.json: 3 releases imported/)
    expect(first.stderr).toMatch(/cards\.json: 75 cards imported/)
    expect(first.stderr).toMatch(/decks\.json: 14 decks imported/)
    expect(first.stderr).not.toMatch(/\r/)
    expect(first.stdout).toMatch(/^Imported \/.*demo-data in \d+\.\d s\.$/m)
    expect(first.stdout).toMatch(/^Cards: 75 new, 0 updated, 0 unchanged/m)
    expect(first.stdout).toMatch(/^Decks: 14 new, 0 updated, 0 unchanged$/m)
    const again = await cli('import', 'demo-data')
    expect(again.code).toBe(0)
    expect(again.stderr).toMatch(/Done in \d+ ms/)
    expect(again.stdout).toMatch(/^Cards: 0 new, 0 updated, 75 unchanged$/m)
    expect(await player('1demo')).toMatchObject({ email: null, password: null })
  })

  it('says what the catalogue holds, and that it is the demo set', async () => {
    const result = await cli('status')
    expect(result.code).toBe(0)
    expect(result.stderr).toBe('')
    const lines = result.stdout.trim().split('\n')
    expect(lines.slice(0, 3)).toEqual([
      'Releases: 2 Reborn, 1 Legacy',
      'Cards: 61 Reborn, 14 Legacy',
      'Precons: 2 Reborn, 1 Legacy',
    ])
    expect(lines[3]).toMatch(/^Last import: \/.*demo-data at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
    expect(lines[4]).toBe(
      'These are demo cards, not the real game. Load them with: ' +
        'npm run import -- --from https://api.ashes.live ' +
        '(stop the server first on the embedded database).',
    )
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

// On the embedded database a command cannot run beside the server (the case above).
describe.skipIf(!process.env.DATABASE_URL)('a command beside a running server (PostgreSQL)', () => {
  let target: Awaited<ReturnType<typeof createTarget>>
  const logIn = ['--badge', '1demo', '--email', 'demo@example.org', '--password', 'a long password']

  beforeAll(async () => {
    target = await createTarget()
    expect((await runIn(target, ['import', 'demo-data'])).code).toBe(0)
    expect((await runIn(target, ['set-login', ...logIn])).code).toBe(0)
  }, 60_000)
  afterAll(async () => {
    await target?.remove()
  })

  it('reaches what the server keeps in memory at once', async () => {
    const server = await startApi({ env: { DATABASE_URL: target.env.DATABASE_URL } })
    try {
      const form = new URLSearchParams({
        username: 'demo@example.org',
        password: 'a long password',
      })
      const token = await fetch(`${server.baseUrl}/v2/token`, { method: 'POST', body: form })
      const { access_token } = (await token.json()) as { access_token: string }
      // Only an admin gets as far as the body's check (422); anyone else is refused first.
      const addCard = async () => {
        const response = await fetch(`${server.baseUrl}/v2/cards`, {
          method: 'POST',
          headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
          body: '{}',
        })
        return response.status
      }
      // Twice: the second answer comes from the session the server keeps.
      expect(await addCard()).toBe(403)
      expect(await addCard()).toBe(403)
      expect((await runIn(target, ['set-login', ...logIn, '--admin'])).code).toBe(0)
      await expect.poll(addCard, { timeout: 2000, interval: 20 }).toBe(422)
    } finally {
      await server.stop()
    }
  }, 60_000)
})

describe.skipIf(!existsSync(CURRENT_DATA_DIR))('npm run import -- --from <URL>', () => {
  let target: Awaited<ReturnType<typeof createTarget>>
  let source: Awaited<ReturnType<typeof startSourceSite>>

  const cli = (...args: string[]) => runIn(target, args)

  beforeAll(async () => {
    target = await createTarget()
    source = await startSourceSite([CURRENT_DATA_DIR])
  }, 120_000)
  afterAll(async () => {
    await source?.close()
    await target?.remove()
  })

  it('tells an empty catalogue how to get cards', async () => {
    const result = await cli('status')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Cards: 0 Reborn, 0 Legacy$/m)
    expect(result.stdout).toMatch(/^Last import: none$/m)
    expect(result.stdout).toMatch(
      /^The catalogue is empty\. Load the cards with: npm run import -- --from https:\/\/api\.ashes\.live/m,
    )
  })

  it('copies the cards and precons of another site, with progress and a summary', async () => {
    const result = await cli('import', '--from', source.origin)
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/^Releases: 31 Reborn, 0 Legacy$/m)
    expect(result.stderr).toMatch(/^Reborn cards: 526$/m)
    expect(result.stderr).toMatch(/^Precons: 30 with their details, by 1 player$/m)
    expect(result.stdout).toMatch(new RegExp(`^Imported ${source.origin} in \\d+\\.\\d s\\.$`, 'm'))
    expect(result.stdout).toMatch(/^Releases: 31 new, 0 updated, 0 unchanged$/m)
    expect(result.stdout).toMatch(
      /^Cards: 526 new, 0 updated, 0 unchanged \(new: 526 Reborn, 0 Legacy\)$/m,
    )
    expect(result.stdout).toMatch(/^Errata: none$/m)
    expect(result.stdout).toMatch(/^Decks: 60 new, 0 updated, 0 unchanged$/m)
    expect(result.stdout).toMatch(
      /^The catalogue now holds 31 Reborn and 0 Legacy releases, 526 Reborn and 0 Legacy cards, 30 Reborn and 0 Legacy precons\.$/m,
    )
    const status = await cli('status')
    expect(status.stdout).toMatch(/^Cards: 526 Reborn, 0 Legacy$/m)
    expect(status.stdout).toMatch(/^Precons: 30 Reborn, 0 Legacy$/m)
    expect(status.stdout).toMatch(new RegExp(`^Last import: ${source.origin} at `, 'm'))
    expect(status.stdout).not.toMatch(/demo cards/)
  }, 120_000)

  it('changes nothing the second time', async () => {
    const result = await cli('import', '--from', `${source.origin}/v2`)
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Cards: 0 new, 0 updated, 526 unchanged$/m)
    expect(result.stdout).toMatch(/^Decks: 0 new, 0 updated, 60 unchanged$/m)
  }, 120_000)

  it('stops with one line and exit code 1 when the source cannot be reached', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`
    const result = await cli('import', '--from', closed)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(
      `Import failed, nothing was changed: Unable to connect to source API at ${closed} (GET /v2/releases).\n`,
    )
    const status = await cli('status')
    expect(status.stdout).toMatch(new RegExp(`^Last import: ${source.origin} at `, 'm'))
  })

  it('refuses an address that is not a site with the usage', async () => {
    const result = await cli('import', '--from', 'https://api.ashes.live/somewhere/else')
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/--from needs the address of a site[\s\S]*Usage: npm run cli/)
  })
})
