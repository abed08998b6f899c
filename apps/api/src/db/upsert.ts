import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * Rows per INSERT: PostgreSQL allows 65,535 parameters a statement, and a card row has about
 * twenty columns.
 */
export const BATCH_SIZE = 200

export function batches<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) {
    result.push(items.slice(start, start + size))
  }
  return result
}

/** `ON CONFLICT DO UPDATE SET` values taken from the row that was refused. */
export function fromExcluded<T extends Record<string, PgColumn>>(columns: T): Record<keyof T, SQL> {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  ) as Record<keyof T, SQL>
}
