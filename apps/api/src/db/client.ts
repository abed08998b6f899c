import { cpSync, existsSync } from 'node:fs'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { ensurePrivateDir, keepDatabaseFilesPrivate } from '../lib/private-files.ts'
import { noteStatement } from '../lib/request-writes.ts'
import { acquireDirLock } from './dir-lock.ts'
import { collectChanges, listenPostgres, type NoticeHandlers, TOLD_CHANGES } from './notices.ts'
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
  /**
   * Calls `onNotice` with the payload of every NOTIFY on `channel`, from any process; on
   * PostgreSQL through a connection of its own, re-established when lost (`onReconnect` then
   * runs: notices sent meanwhile are lost). Resolves once listening; the function it returns
   * stops listening.
   */
  listen: (channel: string, handlers: NoticeHandlers) => Promise<() => Promise<void>>
  /**
   * PostgreSQL, opened with `relayOwnChanges`: calls `handler` with the changes each of this
   * process's own transactions made, as the change triggers told its connection (migration
   * 0009), once the transaction has ended and before the statement that ended it resolves. They
   * are not announced to other processes: whoever registers the handler does that
   * (services/change-notices.ts).
   */
  onOwnChanges?: (handler: (payloads: string[]) => void) => void
}

// int8 columns come back as strings by default; our ids fit in a JS number (API.md §1.3).
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10))
// Timestamps stay text so microseconds survive (JavaScript dates hold milliseconds); see lib/dates.ts.
const TIMESTAMPTZ = 1184
const TIMESTAMP = 1114
pg.types.setTypeParser(TIMESTAMPTZ, (value) => value)
pg.types.setTypeParser(TIMESTAMP, (value) => value)
/**
 * Postgres's page cache inside PGlite's WebAssembly memory: 16 MB instead of initdb's 128 MB.
 * The whole database of both card sets is about 25 MB of tables and indexes, and the server keeps
 * what it reads most in its own caches (docs/decisions/012-memory-of-the-embedded-database.md).
 */
const PGLITE_SHARED_BUFFERS = '16MB'

function pgliteOptions(PGliteClass: typeof PGlite) {
  return {
    parsers: PGLITE_PARSERS,
    startParams: [
      ...PGliteClass.defaultStartParams,
      '-c',
      `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
    ],
  }
}
const PGLITE_PARSERS = {
  [TIMESTAMPTZ]: (value: string) => value,
  [TIMESTAMP]: (value: string) => value,
  20: (value: string) => Number.parseInt(value, 10),
}

/** Every statement is seen by the request it runs for: one that writes marks it (write-sync). */
const logger = { logQuery: noteStatement }

export type OpenOptions = {
  databaseUrl?: string | undefined
  dataDir: string
  poolSize?: number
  /** In-memory PGlite (tests). */
  memory?: boolean
  /** In-memory PGlite starts from this dump of a data folder (tests). */
  loadDataDir?: Blob
  /**
   * A data folder whose embedded database a new one starts as a copy of, when it exists (the
   * migrated one `npm run build` makes: EMBEDDED_TEMPLATE_DIR); initdb makes it otherwise.
   */
  template?: string
  /**
   * PostgreSQL: this process relays its own writes' changes to the others (the API does, in
   * batches: services/change-notices.ts), so its connections are told of them (`onOwnChanges`)
   * instead of announcing each with NOTIFY. Off by default: any other writer (a command, an
   * import, a script) announces, and every running process hears it.
   */
  relayOwnChanges?: boolean
  onPoolError?: (error: Error) => void
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // No parallel workers: a page of a listing needs about a millisecond of work, and
      // launching workers on a busy machine cost it 60 ms and more (docs/decisions/003).
      options: `-c TimeZone=UTC -c max_parallel_workers_per_gather=0${options.relayOwnChanges ? ` ${TOLD_CHANGES}` : ''}`,
    })
    const ownChangeHandlers: ((payloads: string[]) => void)[] = []
    const handOver = (payloads: string[]) => {
      for (const handler of ownChangeHandlers) handler(payloads)
    }
    // A dropped connection (server restart) must not crash the process; the next query reconnects.
    pool.on('error', (error) => options.onPoolError?.(error))
    // The pool listens for errors only on idle connections. One checked out for a transaction
    // sits between statements while the route works; if the server goes away just then, its
    // 'error' event would have no listener and end the process. The transaction's next
    // statement fails instead (answered 503), and the pool drops the dead connection.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onPoolError?.(error))
      if (options.relayOwnChanges) collectChanges(client, handOver)
    })
    const url = new URL(options.databaseUrl)
    const databaseUrl = options.databaseUrl
    return {
      db: drizzlePg({ client: pool, schema, logger }) as unknown as Db,
      kind: 'postgres',
      describe: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: () => pool.end(),
      pool,
      listen: (channel, handlers) => listenPostgres(databaseUrl, channel, handlers),
      ...(options.relayOwnChanges && {
        onOwnChanges: (handler: (payloads: string[]) => void) => ownChangeHandlers.push(handler),
      }),
    }
  }
  // Loaded only when used, so a PostgreSQL deployment does not carry the embedded database.
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ])
  if (options.memory) {
    const pglite = await PGlite.create({
      ...pgliteOptions(PGlite),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    })
    await pglite.exec("set time zone 'UTC'")
    return {
      db: drizzlePglite({ client: pglite, schema, logger }) as unknown as Db,
      kind: 'pglite',
      describe: 'PGlite (in memory)',
      close: () => pglite.close(),
      pglite,
      listen: (channel, handlers) => pglite.listen(channel, handlers.onNotice),
    }
  }
  const dir = path.join(options.dataDir, 'pglite')
  ensurePrivateDir(options.dataDir)
  ensurePrivateDir(dir)
  const releaseLock = acquireDirLock(options.dataDir)
  try {
    const template = options.template && path.join(options.template, 'pglite')
    if (
      template &&
      existsSync(path.join(template, 'PG_VERSION')) &&
      !existsSync(path.join(dir, 'PG_VERSION'))
    ) {
      cpSync(template, dir, { recursive: true })
    }
    const pglite = await PGlite.create(dir, pgliteOptions(PGlite))
    keepDatabaseFilesPrivate(dir)
    await pglite.exec("set time zone 'UTC'")
    return {
      db: drizzlePglite({ client: pglite, schema, logger }) as unknown as Db,
      kind: 'pglite',
      describe: `PGlite ${dir}`,
      close: async () => {
        await pglite.close()
        releaseLock()
      },
      pglite,
      listen: (channel, handlers) => pglite.listen(channel, handlers.onNotice),
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
