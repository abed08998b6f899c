import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import { importFolder } from '../import/import-folder.ts'
import { DEMO_DATA_DIR } from '../paths.ts'
import { queryRows, type Tx } from './client.ts'

/**
 * The change triggers on a deck's cards find each row's deck by its key. A plan kept by the
 * connection from a large write (an import) must not make every later builder save read the
 * whole deck table. They name only the cards that came or went: the deck's row says whose deck
 * changed (migration 0013).
 */
let owned: TestDatabase

beforeAll(async () => {
  owned = await createTestDatabase()
  await importFolder(owned.database, DEMO_DATA_DIR)
})
afterAll(() => owned.drop())

/** Sequential scans of `deck` this transaction has made so far. */
async function deckScans(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select seq_scan::int as n from pg_stat_xact_user_tables where relname = 'deck'`,
  )
  return row?.n ?? 0
}

describe('change triggers on deck contents', () => {
  it('read no deck table page by page for a small write after a large one', async () => {
    let scans = -1
    await expect(
      owned.database.db.transaction(async (tx) => {
        // A large write first: every deck gets thirty more cards, as an import would give them.
        await tx.execute(sql`insert into deck_card (deck_id, card_id, count)
          select d.id, c.id, 1 from deck d cross join (select id from card order by id limit 30) c
          on conflict do nothing`)
        const [deck] = await queryRows<{ id: number }>(
          tx,
          sql`select id from deck where not is_snapshot order by id limit 1`,
        )
        const before = await deckScans(tx)
        // Then a builder save's share: a few cards come into the deck, a few leave it.
        await tx.execute(sql`delete from deck_card where deck_id = ${deck?.id}
          and card_id in (select card_id from deck_card where deck_id = ${deck?.id} limit 3)`)
        await tx.execute(sql`insert into deck_card (deck_id, card_id, count)
          select ${deck?.id}, c.id, 2 from card c where not exists (
            select 1 from deck_card x where x.deck_id = ${deck?.id} and x.card_id = c.id)
          order by c.id limit 3`)
        scans = (await deckScans(tx)) - before
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(scans).toBe(0)
  })
})

// PostgreSQL: the API's connections are told of each change as it is said (migration 0009),
// repeats included; PGlite's NOTIFY folds a transaction's repeats into one.
describe.skipIf(!process.env.DATABASE_URL)('what a builder save says', () => {
  it("says its player's deck changed once, and names the cards that came and went", async () => {
    const told: string[][] = []
    owned.database.onOwnChanges?.((payloads) => told.push(payloads))
    const [deck] = await queryRows<{ id: number; user_id: number }>(
      owned.database.db,
      sql`select id, user_id from deck where not is_snapshot and not is_public order by id limit 1`,
    )
    if (!deck) throw new Error('no working deck in the demo set')
    const [leaving] = await queryRows<{ card_id: number }>(
      owned.database.db,
      sql`select card_id from deck_card where deck_id = ${deck.id} order by card_id limit 1`,
    )
    const [coming] = await queryRows<{ id: number }>(
      owned.database.db,
      sql`select c.id from card c where c.card_type not in ('Phoenixborn', 'Conjuration')
        and not exists (select 1 from deck_card x where x.deck_id = ${deck.id} and x.card_id = c.id)
        order by c.id limit 1`,
    )
    if (!leaving || !coming) throw new Error('no card to move')
    await owned.database.db.transaction(async (tx) => {
      await tx.execute(sql`update deck set version = version + 1 where id = ${deck.id}`)
      await tx.execute(
        sql`delete from deck_card where deck_id = ${deck.id} and card_id = ${leaving.card_id}`,
      )
      await tx.execute(
        sql`insert into deck_card (deck_id, card_id, count) values (${deck.id}, ${coming.id}, 1)`,
      )
    })
    expect(told.at(-1)?.sort()).toEqual(
      [`saved:${deck.user_id}`, `usage:${leaving.card_id}`, `usage:${coming.id}`].sort(),
    )
  })
})
