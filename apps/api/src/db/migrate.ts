import path from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { API_ROOT } from '../paths.ts'
import type { Database } from './client.ts'

const migrationsFolder = path.join(API_ROOT, 'migrations')

/** Any fixed number: the advisory lock that lets one of several starting processes migrate. */
const MIGRATION_LOCK = 7_301_944

/** Applies the committed SQL migrations; safe when several processes start at once. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder })
    return
  }
  const pool = database.pool
  if (!pool) throw new Error('PostgreSQL database without a pool')
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(drizzlePg({ client }), { migrationsFolder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
}

export async function isEmptyCatalogue(database: Database): Promise<boolean> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from release`,
  )) as unknown as {
    rows: { n: number }[]
  }
  return (result.rows[0]?.n ?? 0) === 0
}
