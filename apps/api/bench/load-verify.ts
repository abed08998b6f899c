import { DICE_FLAGS } from '@spellboard/core/cards'
import { sql } from 'drizzle-orm'
import { type Database, queryRows } from '../src/db/client.ts'
import type { DeckPayload, Fixture, LoadResult } from './load-mix.ts'

// What the load left behind, read straight from the database: each deck against the last save
// its client was told succeeded, comment and snapshot counts against the answers.

type StoredDeck = {
  id: number
  title: string | null
  description: string | null
  phoenixborn: string
  dice: [number, number][] | null
  cards: [string, number][] | null
}

/** Decks as stored, by id, read straight from the database. */
export async function storedDecks(
  database: Database,
  ids: number[],
): Promise<Map<number, StoredDeck>> {
  if (ids.length === 0) return new Map()
  const rows = await queryRows<StoredDeck>(
    database.db,
    sql`select d.id, d.title, d.description, pb.stub as phoenixborn,
          (select json_agg(json_build_array(dd.die_flag, dd.count) order by dd.position)
             from deck_die dd where dd.deck_id = d.id) as dice,
          (select json_agg(json_build_array(c.stub, dc.count))
             from deck_card dc join card c on c.id = dc.card_id where dc.deck_id = d.id) as cards
        from deck d join card pb on pb.id = d.phoenixborn_id
        where d.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/** Why a stored deck differs from a payload, or null when it holds exactly that payload. */
export function deckMismatch(stored: StoredDeck | undefined, payload: DeckPayload): string | null {
  if (!stored) return 'missing'
  const expectedDice = payload.dice.map((d) => [
    DICE_FLAGS[d.name as keyof typeof DICE_FLAGS],
    d.count,
  ])
  // Both sides in code-point order here: the database's collation may order stubs otherwise.
  const byStub = (a: [string, number], b: [string, number]) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0
  const expectedCards = payload.cards.map((c): [string, number] => [c.stub, c.count]).sort(byStub)
  const storedCards = [...(stored.cards ?? [])].sort(byStub)
  const problems: string[] = []
  if (stored.title !== payload.title) problems.push(`title '${stored.title}' ≠ '${payload.title}'`)
  if (stored.description !== payload.description) problems.push('description differs')
  if (stored.phoenixborn !== payload.phoenixborn) problems.push('Phoenixborn differs')
  if (JSON.stringify(stored.dice ?? []) !== JSON.stringify(expectedDice))
    problems.push('dice differ')
  if (JSON.stringify(storedCards) !== JSON.stringify(expectedCards)) problems.push('cards differ')
  return problems.length ? problems.join(', ') : null
}

/** Every acknowledged save is what its deck holds now; comment and snapshot counts add up. */
export async function verifyLoad(
  database: Database,
  fixture: Fixture,
  result: LoadResult,
): Promise<{ checked: number; mismatches: string[]; comments: number; snapshots: number }> {
  const ids = [...result.acknowledged.keys()]
  const stored = await storedDecks(database, ids)
  const mismatches: string[] = []
  for (const [id, payload] of result.acknowledged) {
    const problem = deckMismatch(stored.get(id), payload)
    if (problem) mismatches.push(`deck ${id}: ${problem}`)
  }
  const userIds = fixture.writers.map((w) => w.userId)
  const [counts] = await queryRows<{ comments: number; snapshots: number }>(
    database.db,
    sql`select
          (select count(*)::int from comment where user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})) as comments,
          (select count(*)::int from deck where is_snapshot and user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})) as snapshots`,
  )
  const comments = counts?.comments ?? 0
  const snapshots = counts?.snapshots ?? 0
  if (comments !== result.comments) {
    mismatches.push(`${result.comments} comments acknowledged, ${comments} stored`)
  }
  if (snapshots !== result.snapshots) {
    mismatches.push(`${result.snapshots} snapshots acknowledged, ${snapshots} stored`)
  }
  // Comments posted at once on one thread must still be numbered 1, 2, 3… without repeats.
  const repeats = await queryRows<{ thread: number; increment: number }>(
    database.db,
    sql`select source_entity_id as thread, ordering_increment as increment from comment
        group by 1, 2 having count(*) > 1 limit 5`,
  )
  for (const repeat of repeats) {
    mismatches.push(`thread ${repeat.thread} numbers two comments ${repeat.increment}`)
  }
  return { checked: ids.length, mismatches, comments, snapshots }
}
