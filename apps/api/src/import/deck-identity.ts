import { sql } from 'drizzle-orm'
import { queryRows, type Tx } from '../db/client.ts'
import type { DeckRecord } from './records.ts'

/**
 * Decks copied from another site's API carry that site's ids, which say nothing here: the same
 * precon has one id on Ashes.live (and in its example data) and another on a Spellboard that
 * imported it. Sites tell decks apart by their creation time (API.md §7.9), so a deck is matched
 * to one imported before with the same `created` and kind (snapshot or not, edition); a new deck
 * keeps the source's id when no imported deck holds it, else takes the next free one. Returns the
 * records with `source_id` and `source_deck_id` rewritten, in the same order.
 */
export async function adoptImportIds(tx: Tx, records: DeckRecord[]): Promise<DeckRecord[]> {
  const timed = records.flatMap((record, index) =>
    record.created === undefined ? [] : [{ record, index, created: record.created }],
  )
  const given = timed.map(
    ({ record, index, created }) =>
      sql`(${created}::timestamptz, ${record.is_snapshot}::boolean, ${record.is_legacy}::boolean,
        ${record.source_id}::int, ${index}::int)`,
  )
  const matches =
    given.length === 0
      ? []
      : await queryRows<{ i: number; import_id: number }>(
          tx,
          sql`select given.i, deck.import_id
              from (values ${sql.join(given, sql`, `)})
                as given (created, is_snapshot, is_legacy, source_id, i)
              join deck on deck.created = given.created and deck.is_snapshot = given.is_snapshot
                and deck.is_legacy = given.is_legacy and deck.import_id is not null
              order by given.i, (deck.import_id = given.source_id) desc, deck.import_id`,
        )
  const idOf = new Map<number, number>()
  const taken = new Set<number>()
  for (const match of matches) {
    const record = records[match.i]
    if (!record || idOf.has(record.source_id) || taken.has(match.import_id)) continue
    idOf.set(record.source_id, match.import_id)
    taken.add(match.import_id)
  }

  const unmatched = records.filter((record) => !idOf.has(record.source_id))
  const held =
    unmatched.length === 0
      ? []
      : await queryRows<{ import_id: number }>(
          tx,
          sql`select import_id from deck where import_id in (${sql.join(
            unmatched.map((record) => sql`${record.source_id}`),
            sql`, `,
          )})`,
        )
  for (const row of held) taken.add(row.import_id)
  const [highest] = await queryRows<{ id: number }>(
    tx,
    sql`select coalesce(max(import_id), 0) as id from deck`,
  )
  let next = Math.max(
    Number(highest?.id ?? 0),
    ...records.map((record) => record.source_id),
    ...taken,
  )
  for (const record of unmatched) {
    let id = record.source_id
    if (taken.has(id)) {
      next += 1
      id = next
    }
    idOf.set(record.source_id, id)
    taken.add(id)
  }

  return records.map((record) => ({
    ...record,
    source_id: idOf.get(record.source_id) ?? record.source_id,
    source_deck_id:
      record.source_deck_id === null
        ? null
        : (idOf.get(record.source_deck_id) ?? record.source_deck_id),
  }))
}
