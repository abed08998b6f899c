import { sql } from 'drizzle-orm'
import { queryRows } from '../src/db/client.ts'
import { issueToken } from '../src/services/tokens.ts'
import type { BenchContext } from './lib.ts'

/**
 * What the read benchmarks ask for, picked from the imported data: the player with the most
 * working decks that have a public snapshot (their token, one such deck and its snapshot), the
 * busiest Phoenixborn and a card found in many decks.
 */
export type ReadFixture = {
  token: string
  ownDeckId: number
  publicDeckId: number
  phoenixborn: string
  card: string
}

const fixtures = new WeakMap<BenchContext['database'], Promise<ReadFixture>>()

export function readFixture(context: BenchContext): Promise<ReadFixture> {
  let fixture = fixtures.get(context.database)
  if (!fixture) {
    fixture = pickFixture(context)
    fixtures.set(context.database, fixture)
  }
  return fixture
}

async function pickFixture({ database, secretKey }: BenchContext): Promise<ReadFixture> {
  const db = database.db
  const [owner] = await queryRows<{ badge: string; deck_id: number; snapshot_id: number }>(
    db,
    sql`select u.badge, w.id as deck_id, max(s.id) as snapshot_id
        from deck w join "user" u on u.id = w.user_id
        join deck s on s.source_id = w.id and s.is_snapshot and s.is_public and not s.is_deleted
        where not w.is_snapshot and not w.is_deleted and not w.is_legacy
        group by u.badge, w.id
        order by count(*) over (partition by u.badge) desc, w.id desc limit 1`,
  )
  const published = sql`d.is_snapshot and d.is_public and not d.is_deleted and not d.is_legacy`
  const [phoenixborn] = await queryRows<{ stub: string }>(
    db,
    sql`select c.stub from deck d join card c on c.id = d.phoenixborn_id where ${published}
        group by c.stub order by count(*) desc, c.stub limit 1`,
  )
  const [card] = await queryRows<{ stub: string }>(
    db,
    sql`select c.stub from deck_card dc join deck d on d.id = dc.deck_id
        join card c on c.id = dc.card_id where ${published} and c.card_type <> 'Phoenixborn'
        group by c.stub order by count(*) desc, c.stub offset 4 limit 1`,
  )
  if (!owner || !phoenixborn || !card) throw new Error('the data set has no published decks')
  const { token } = await issueToken(secretKey, owner.badge, 24 * 3600)
  return {
    token,
    ownDeckId: owner.deck_id,
    publicDeckId: owner.snapshot_id,
    phoenixborn: phoenixborn.stub,
    card: card.stub,
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
