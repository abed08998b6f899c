import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import type { decks } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { forbidden, invalid } from '../../lib/refusal.ts'
import type { AuthUser } from '../accounts/auth-user.ts'
import { removeThread } from '../comments.ts'
import { deckById, findDeck } from './rows.ts'
import { removeDeckStream, repairStream } from './stream.ts'
import { raiseVersion } from './version.ts'

/**
 * `DELETE /v2/decks/{id}` (API.md §7.5). A working deck nothing refers to is erased with its
 * comment thread (§14 A18); one with snapshots or clones is hidden with all its snapshots; a
 * snapshot is hidden alone. Deleting twice is not an error.
 */
export function deleteDeck(db: Db, user: AuthUser, deckId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const deck = await findDeck(tx, deckById(deckId), { lock: true })
    if (!deck || deck.user_id !== user.id)
      throw forbidden('You cannot delete a deck you do not own.')
    if (deck.is_legacy) throw invalid('You cannot delete legacy decks.')
    if (deck.is_deleted) return
    if (deck.is_snapshot) {
      await tx.execute(sql`update deck set is_deleted = true, version = version + 1
        where id = ${deck.id}`)
      if (deck.is_public && deck.source_id !== null) {
        const [working] = await queryRows<SqlRow<typeof decks, 'id' | 'entity_id'>>(
          tx,
          sql`select id, entity_id from deck where id = ${deck.source_id}`,
        )
        if (working) {
          // Whether it has a published snapshot may have changed (see createSnapshot).
          await raiseVersion(tx, sql`id = ${working.id}`)
          await repairStream(tx, working, deck.entity_id)
        }
      }
      return
    }

    const [referenced] = await queryRows<{ found: boolean }>(
      tx,
      sql`select exists(select 1 from deck where source_id = ${deck.id}) as found`,
    )
    if (!referenced?.found) {
      // Dice, cards and selected cards go with the row (foreign keys cascade).
      await tx.execute(sql`delete from deck where id = ${deck.id}`)
      await removeDeckStream(tx, deck.entity_id)
      await removeThread(tx, deck.entity_id)
      return
    }
    await tx.execute(sql`update deck set is_deleted = true, version = version + 1
      where id = ${deck.id} or (source_id = ${deck.id} and is_snapshot and not is_deleted)`)
    await removeDeckStream(tx, deck.entity_id)
  })
}
