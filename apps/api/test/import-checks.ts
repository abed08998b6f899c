import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '../src/db/client.ts'

/** Every table an import writes, with the order its rows are compared in. */
const IMPORTED_TABLES = [
  ['release', 'id'],
  ['card', 'id'],
  ['card_conjuration', 'card_id, conjuration_id'],
  ['"user"', 'id'],
  ['deck', 'id'],
  ['deck_card', 'deck_id, card_id'],
  ['deck_die', 'deck_id, die_flag'],
  ['deck_selected_card', 'deck_id, card_id, tutor_card_id'],
  ['stream', 'id'],
] as const

/** Every row of every table an import writes, ids included. */
export async function fingerprint(db: Queryable): Promise<Record<string, string>> {
  const tables: Record<string, string> = {}
  for (const [table, order] of IMPORTED_TABLES) {
    const rows = await queryRows(db, sql.raw(`select * from ${table} order by ${order}`))
    tables[table] = JSON.stringify(rows)
  }
  return tables
}

/** `select count(*) from <query>`, e.g. `count(db, 'card where is_legacy')`. */
export async function count(db: Queryable, query: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql.raw(`select count(*)::int as n from ${query}`),
  )
  return row?.n ?? -1
}
