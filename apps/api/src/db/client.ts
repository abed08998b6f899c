import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { acquireDirLock } from './dir-lock.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Where the data lives, for log lines (no password). */
  describe: string
  close: () => Promise<void>
  /** node-postgres pool (PostgreSQL only), for LISTEN/NOTIFY and advisory locks. */
  pool?: pg.Pool
  /** PGlite instance (embedded only). */
  pglite?: PGlite
}

// int8 columns come back as strings by default; our ids fit in a JS number (API.md §1.3).
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))
// Timestamps stay text so microseconds survive (JavaScript dates hold milliseconds); see lib/dates.ts.
const TIMESTAMPTZ = 1184
const TIMESTAMP = 1114
pg.types.setTypeParser(TIMESTAMPTZ, (value) => value)
pg.types.setTypeParser(TIMESTAMP, (value) => value)
const pgliteOptions = {
  parsers: {
    [TIMESTAMPTZ]: (value: string) => value,
    [TIMESTAMP]: (value: string) => value,
    20: (value: string) => Number.parseInt(value, 10),
  },
}

export type OpenOptions = {
  databaseUrl?: string | undefined
  dataDir: string
  poolSize?: number
  /** In-memory PGlite (tests). */
  memory?: boolean
  /** In-memory PGlite starts from this dump of a data folder (tests). */
  loadDataDir?: Blob
  onPoolError?: (error: Error) => void
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      options: '-c TimeZone=UTC',
    })
    // A dropped connection (server restart) must not crash the process; the next query reconnects.
    pool.on('error', (error) => options.onPoolError?.(error))
    // The pool listens for errors only on idle connections. One checked out for a transaction
    // sits between statements while the route works; if the server goes away just then, its
    // 'error' event would have no listener and end the process. The transaction's next
    // statement fails instead (answered 503), and the pool drops the dead connection.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onPoolError?.(error))
    })
    const url = new URL(options.databaseUrl)
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      describe: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => pool.end(),
      pool,
    }
  }
  // Loaded only when used, so a PostgreSQL deployment does not carry the embedded database.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ])
  if (options.memory) {
    const pglite = await PGlite.create({
      ...pgliteOptions,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
    await pglite.exec("set time zone 'UTC'")
    return {
      db: drizzlePglite({ client: pglite, schema }) as unknown as Db,
      kind: 'pglite',
      describe: 'PGlite (in memory)',
      close: () => pglite.close(),
      pglite,
    }
  }
  const dir = path.join(options.dataDir, 'pglite')
  mkdirSync(dir, { recursive: true })
  const releaseLock = acquireDirLock(options.dataDir)
  try {
    const pglite = await PGlite.create(dir, pgliteOptions)
    await pglite.exec("set time zone 'UTC'")
    return {
      db: drizzlePglite({ client: pglite, schema }) as unknown as Db,
      kind: 'pglite',
      describe: `PGlite ${dir}`,
      close: async () => {
        await pglite.close()
        releaseLock()
      },
      pglite,
    }
  } catch (error) {
    releaseLock()
    throw error
  }
}

/** Rows of a raw SQL statement, the same on both drivers. */
export async function queryRows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
