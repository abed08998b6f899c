import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Database, queryRows } from '../db/client.ts'
import { refreshBoxes } from '../services/collection/boxes.ts'
import { IMPORT_LOCK } from './write-import.ts'

/**
 * A catalogue imported before copies per box were kept has none (and migration 0006 forgot
 * them, as decks stored before it have no need masks): the server derives them, and what each
 * deck needs, once at start, as an import would, from the precons already stored.
 */
export async function backfillBoxes(
  database: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<boolean> {
  const missing = async () => {
    const [row] = await queryRows<{ found: boolean }>(
      database.db,
      sql`select exists (select 1 from card where not is_legacy and box_copies is null) as found`,
    )
    return row?.found ?? false
  }
  if (!(await missing())) return false
  const done = await database.db.transaction(async (tx) => {
    // Taken like an import's, so the two never run at once.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
    return refreshBoxes(tx)
  })
  log.info(`copies per box derived for ${done.cards} cards; needs of ${done.decks} decks stored`)
  return true
}
