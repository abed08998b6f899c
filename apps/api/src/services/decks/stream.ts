import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '../../db/client.ts'
import type { decks, stream } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'

/**
 * The activity stream keeps one row per published working deck, pointing at its newest public
 * snapshot (API.md §8): moved on each publish, repaired when that snapshot is deleted.
 */
export async function pointStreamAt(
  db: Queryable,
  workingEntityId: number,
  snapshotEntityId: number,
  posted: string,
): Promise<void> {
  const updated = await queryRows<SqlRow<typeof stream, 'id'>>(
    db,
    sql`update stream set entity_id = ${snapshotEntityId}, posted = ${posted}
        where source_entity_id = ${workingEntityId} and entity_type = 'deck' returning id`,
  )
  if (updated.length === 0) {
    await db.execute(sql`insert into stream (entity_id, entity_type, source_entity_id, posted)
      values (${snapshotEntityId}, 'deck', ${workingEntityId}, ${posted})`)
  }
}

/** After a snapshot is hidden: point the entry at the newest public snapshot left, or drop it. */
export async function repairStream(
  db: Queryable,
  working: { id: number; entity_id: number },
  removedSnapshotEntityId: number,
): Promise<void> {
  const [entry] = await queryRows<SqlRow<typeof stream, 'id'>>(
    db,
    sql`select id from stream where source_entity_id = ${working.entity_id}
          and entity_type = 'deck' and entity_id = ${removedSnapshotEntityId}`,
  )
  if (!entry) return
  const [previous] = await queryRows<SqlRow<typeof decks, 'entity_id' | 'created'>>(
    db,
    sql`select entity_id, created from deck
        where source_id = ${working.id} and is_snapshot and is_public and not is_deleted
        order by created desc, id desc limit 1`,
  )
  if (previous) {
    await db.execute(sql`update stream set entity_id = ${previous.entity_id},
      posted = ${previous.created} where id = ${entry.id}`)
  } else {
    await db.execute(sql`delete from stream where id = ${entry.id}`)
  }
}

export async function removeDeckStream(db: Queryable, workingEntityId: number): Promise<void> {
  await db.execute(
    sql`delete from stream where source_entity_id = ${workingEntityId} and entity_type = 'deck'`,
  )
}
