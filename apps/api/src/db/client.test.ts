import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import { isDatabaseUnavailable } from '../plugins/errors.ts'
import { queryRows } from './client.ts'

/**
 * A PostgreSQL server going away while a connection is checked out for a transaction (between
 * two statements, while the route does other work) must fail that transaction, not end the
 * process with an unhandled 'error' event. PGlite runs in this process and cannot go away,
 * so this needs a server: it runs when DATABASE_URL is set.
 */
const server = process.env.DATABASE_URL
let database: TestDatabase

describe.skipIf(!server)('a PostgreSQL connection lost in the middle of a transaction', () => {
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.drop())

  it('fails the transaction as "database unavailable" and the pool goes on', async () => {
    const lost: Error[] = []
    const outcome = database.database.db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`)
      // The server ends this connection (as a shutdown or restart does) while it is idle.
      const admin = new pg.Client({ connectionString: server })
      await admin.connect()
      await admin.query('select pg_terminate_backend($1)', [me?.pid])
      await admin.end()
      await new Promise((resolve) => setTimeout(resolve, 300))
      await tx.execute(sql`select 1`)
    })
    await expect(outcome).rejects.toSatisfy((error: unknown) => {
      lost.push(error as Error)
      return isDatabaseUnavailable(error)
    })
    expect(lost).toHaveLength(1)
    const [row] = await queryRows<{ ok: number }>(database.database.db, sql`select 1 as ok`)
    expect(row?.ok).toBe(1)
  })
})
