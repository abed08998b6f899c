import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Database, queryRows } from '../db/client.ts'
import { DEMO_DATA_DIR } from '../paths.ts'
import { importFolder } from './import-folder.ts'

async function hasCards(database: Database): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from card) as found`,
  )
  return row?.found ?? false
}

/**
 * A fresh install shows a working site: with no cards at all, the demo set is imported. Several
 * processes starting together on one PostgreSQL database may all see it empty; the import takes
 * a lock and is idempotent, so they simply import the same set one after the other.
 */
export async function seedDemoIfEmpty(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
  folder: string = DEMO_DATA_DIR,
): Promise<boolean> {
  if (await hasCards(database)) return false
  const summary = await importFolder(database, folder)
  log.info(
    `card catalogue was empty: loaded the demo set (${summary.cards} cards, ${summary.decks} decks) ` +
      'from apps/api/demo-data; set SEED_DEMO=false to start empty',
  )
  return true
}
