import { createHash } from 'node:crypto'
import { type SQL, sql } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import type { Queryable } from './client.ts'
import { isPgliteInstance, pgliteNamed } from './pglite-prepared.ts'

type Prepared = {
  execute: () => Promise<unknown>
  /** PGlite's: how drizzle asks it to parse values (timestamps kept as text…). */
  rawQueryConfig?: { parsers: Record<number, (value: string) => unknown> }
}

/**
 * Rows of a statement PostgreSQL keeps prepared on each connection, so it is planned a few
 * times rather than on every request (planning a listing costs more than running it). The
 * name comes from the SQL text, so only statements with a fixed shape belong here: values go
 * in parameters, never in the text. PGlite keeps them prepared too (pglite-prepared.ts), except
 * inside a transaction, where the statement simply runs.
 */
export async function preparedRows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const query = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement)
  const name = `q_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`
  const client: unknown = (db._.session as unknown as { client: unknown }).client
  const prepared = db._.session.prepareQuery(query, undefined, name, false) as unknown as Prepared
  if (isPgliteInstance(client) && prepared.rawQueryConfig) {
    const { parsers } = prepared.rawQueryConfig
    return pgliteNamed<T>(client, name, query.sql, query.params, parsers)
  }
  const result = await prepared.execute()
  return (result as { rows: T[] }).rows
}

/** A bigint[] parameter: one bound array literal, whatever the number of ids. */
export function idArray(ids: Iterable<number>): SQL {
  return sql`${`{${[...ids].map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`
}

/** A text[] parameter; items quoted so commas, braces and quotes stay inside their value. */
export function textArray(values: Iterable<string>): SQL {
  const items = [...values].map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`)
  return sql`${`{${items.join(',')}}`}::text[]`
}
