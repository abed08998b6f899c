import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../src/app.ts'
import { type Config, parseConfig } from '../src/config.ts'
import { type Database, openDatabase } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { users } from '../src/db/schema.ts'
import { generateBadge } from '../src/services/badges.ts'
import type { Mail, Mailer } from '../src/services/mailer.ts'
import { hashPassword } from '../src/services/passwords.ts'
import { issueToken } from '../src/services/tokens.ts'

/** The real data set beside the project, when present (tests that need it skip without it). */
export const REAL_DATA_DIR = path.resolve(import.meta.dirname, '../../../../shared/data/ashes-2021')
/** The current Reborn pool (2026): Reborn only, imported alone or after the 2021 set. */
export const CURRENT_DATA_DIR = path.resolve(
  import.meta.dirname,
  '../../../../shared/data/ashes-2026',
)

/** A clone of Ashteki's repository as it is (its card and deck files, at their paths). */
export const ASHTEKI_DATA_DIR = path.resolve(
  import.meta.dirname,
  '../../../../shared/data/ashteki-2026',
)

export type TestDatabase = {
  database: Database
  drop: () => Promise<void>
  /** Another connection to the same data, as a second API process has (PostgreSQL only). */
  connectAgain?: () => Promise<Database>
}

/**
 * A fresh, migrated database: in-memory PGlite by default, or a throw-away database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped by `drop`).
 */
export async function createTestDatabase(
  serverUrl: string | null = process.env.DATABASE_URL ?? null,
  poolSize = 5,
): Promise<TestDatabase> {
  if (!serverUrl) {
    const database = await openDatabase({
      dataDir: '',
      memory: true,
      loadDataDir: await migratedPgliteTemplate(),
    })
    return { database, drop: () => database.close() }
  }
  const name = `spellboard_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  // The API's connections: their changes are relayed by the app built on them.
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    poolSize,
    relayOwnChanges: true,
  })
  await migrate(database)
  return {
    database,
    connectAgain: () =>
      openDatabase({
        databaseUrl: url.toString(),
        dataDir: '',
        poolSize: 5,
        relayOwnChanges: true,
      }),
    drop: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../migrations')

/**
 * A dump of a freshly migrated PGlite, shared by every test process through a file named after
 * the migrations and the PGlite version: loading it takes about a quarter of the time of
 * creating and migrating a database.
 */
async function migratedPgliteTemplate(): Promise<Blob> {
  const hash = createHash('sha256')
  // The package's own manifest (its exports hide it from resolve): the dump format follows it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  const pgliteManifest = path.join(
    pgliteEntry.slice(0, pgliteEntry.lastIndexOf('/dist/')),
    'package.json',
  )
  hash.update(readFileSync(pgliteManifest))
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    if (/\.(sql|json)$/.test(file))
      hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)))
  }
  const file = path.join(
    tmpdir(),
    `spellboard-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`,
  )
  try {
    return new Blob([readFileSync(file)])
  } catch {
    // Not made yet: make it. Processes racing here each write their own file and rename it into
    // place, so a reader never sees half a dump.
  }
  const database = await openDatabase({ dataDir: '', memory: true })
  await migrate(database)
  const dump = await database.pglite?.dumpDataDir('none')
  await database.close()
  if (!dump) throw new Error('PGlite dump failed')
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
  renameSync(partial, file)
  return dump
}

/** Collects mail instead of sending it. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return {
    sent,
    // biome-ignore lint/suspicious/useAwait: same signature as the real mailer
    send: async (mail) => {
      sent.push(mail)
    },
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellboard-test-'))
  const config = parseConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: 'test-secret-key-that-is-long-enough-for-hs256',
    PUBLIC_URL: 'http://spellboard.test',
    LOG_LEVEL: 'silent',
    ...overrides,
  })
  return config
}

export type TestApp = {
  app: FastifyInstance
  database: Database
  config: Config
  mailer: ReturnType<typeof memoryMailer>
  /** Moves the fake clock (milliseconds). */
  clock: { now: number; advance: (ms: number) => void }
  close: () => Promise<void>
}

/** The real app on a fresh database, with a fake clock and a memory mailer. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>
    database?: TestDatabase
    /** Extra routes for a test, registered before the app is ready. */
    extend?: (app: FastifyInstance) => void
    /** Send mail as production does (SMTP_URL in `env`, else the outbox), not to `mailer.sent`. */
    realMailer?: boolean
    /** Serve the web app from WEB_DIST (in `env`) as production does. */
    serveWeb?: boolean
    /** A clock of the test's own, or another app's (apps standing for processes of one site). */
    clock?: TestApp['clock']
  } = {},
): Promise<TestApp> {
  const owned = options.database ?? (await createTestDatabase())
  const config = testConfig(options.env)
  const mailer = memoryMailer()
  const clock = options.clock ?? {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms
    },
  }
  const app = await buildApp({
    config,
    database: owned.database,
    ...(options.realMailer ? {} : { mailer }),
    now: () => clock.now,
    serveWeb: options.serveWeb ?? false,
    logger: false,
  })
  options.extend?.(app)
  await app.ready()
  return {
    app,
    database: owned.database,
    config,
    mailer,
    clock,
    close: async () => {
      await app.close()
      if (!options.database) await owned.drop()
      rmSync(config.dataDir, { recursive: true, force: true })
    },
  }
}

export type TestUser = { id: number; badge: string; email: string; username: string; token: string }

let userSequence = 0

/** The password of every `createTestUser` player. */
export const TEST_PASSWORD = 'correct horse battery'

/**
 * A player straight in the database with a valid 24-hour token, for tests of other resources
 * (the log-in flow itself is tested through the API).
 */
export async function createTestUser(
  t: Pick<TestApp, 'database' | 'config' | 'clock'>,
  options: { username?: string; email?: string; isAdmin?: boolean; isBanned?: boolean } = {},
): Promise<TestUser> {
  userSequence += 1
  const badge = await generateBadge(t.database.db)
  // Badges may hold `*` or `!`, which e-mail validation refuses: keep letters and digits only.
  const email =
    options.email ?? `player${userSequence}-${badge.replace(/[^a-z0-9]/gi, 'x')}@example.org`
  const username = options.username ?? `Player ${userSequence}`
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      badge,
      username,
      password: await hashPassword(TEST_PASSWORD),
      isAdmin: options.isAdmin ?? false,
      isBanned: options.isBanned ?? false,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('user not created')
  const { token } = await issueToken(t.config.secretKey, badge, 24 * 3600, t.clock.now)
  return { id: row.id, badge, email, username, token }
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` })

/** Fields as the log-in form sends them: url-encoded, or multipart as browsers' FormData does. */
export function formPayload(fields: Record<string, string>, encoding: 'urlencoded' | 'multipart') {
  if (encoding === 'urlencoded') {
    return {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    }
  }
  const boundary = `----spellboard${randomBytes(8).toString('hex')}`
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `${parts.join('')}--${boundary}--\r\n`,
  }
}
