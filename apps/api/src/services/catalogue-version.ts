import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '../db/client.ts'
import type { settings } from '../db/schema.ts'
import type { SqlRow } from '../db/sql-rows.ts'

/**
 * A counter in the `setting` table that grows on every change to the card catalogue (import,
 * admin edit), reported by the import. Caches do not read it: the `catalogue` change notice is
 * what drops them (services/cards/catalogue.ts).
 */
const KEY = 'catalogue_version'

/** Increments the version (inside the caller's transaction, when given one) and returns it. */
export async function bumpCatalogueVersion(db: Queryable): Promise<number> {
  const [row] = await queryRows<SqlRow<typeof settings, 'value'>>(
    db,
    sql`insert into setting (key, value, modified) values (${KEY}, '1', now())
        on conflict (key) do update
          set value = (setting.value::bigint + 1)::text, modified = now()
        returning value`,
  )
  return Number(row?.value ?? 0)
}

/** 0 until the first import. */
export async function readCatalogueVersion(db: Queryable): Promise<number> {
  const [row] = await queryRows<SqlRow<typeof settings, 'value'>>(
    db,
    sql`select value from setting where key = ${KEY}`,
  )
  return row ? Number(row.value) : 0
}
