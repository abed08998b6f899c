import { type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { preparedRows } from '../../db/prepared.ts'
import type { decks, users } from '../../db/schema.ts'
import type { LeftJoined, SqlRow } from '../../db/sql-rows.ts'

/** A deck row with its author, as every deck query selects it (aliases `d` and `u`). */
export type DeckRow = SqlRow<
  typeof decks,
  | 'id'
  | 'entity_id'
  | 'direct_share_uuid'
  | 'title'
  | 'description'
  | 'is_public'
  | 'is_snapshot'
  | 'is_preconstructed'
  | 'is_red_rains'
  | 'is_legacy'
  | 'is_deleted'
  | 'preconstructed_release'
  | 'created'
  | 'modified'
  | 'source_id'
  | 'user_id'
  | 'phoenixborn_id'
  | 'ashes_500_score'
  | 'ashes_500_revision_id'
  | 'version'
> &
  LeftJoined<SqlRow<typeof users, 'username' | 'badge'>>

export const DECK_COLUMNS = sql`d.id, d.entity_id, d.direct_share_uuid, d.title, d.description,
  d.is_public, d.is_snapshot, d.is_preconstructed, d.is_red_rains, d.is_legacy, d.is_deleted,
  d.preconstructed_release, d.created, d.modified, d.source_id, d.user_id, d.phoenixborn_id,
  d.ashes_500_score, d.ashes_500_revision_id, d.version, u.username, u.badge`

export const DECK_FROM = sql`deck d left join "user" u on u.id = d.user_id`

/** One deck row (deleted ones included: callers decide what a deleted deck means to them). */
export async function findDeck(
  db: Queryable,
  where: SQL,
  options: { lock?: boolean } = {},
): Promise<DeckRow | undefined> {
  // Row locks cannot reach the nullable side of an outer join, so lock the deck alone.
  const lock = options.lock ? sql` for update of d` : sql``
  const [row] = await preparedRows<DeckRow>(
    db,
    sql`select ${DECK_COLUMNS} from ${DECK_FROM} where ${where} limit 1${lock}`,
  )
  return row
}

export const deckById = (id: number) => sql`d.id = ${id}`

/** Whether the working deck has a published snapshot that is still visible. */
export async function hasPublicSnapshot(db: Queryable, deckId: number): Promise<boolean> {
  const [row] = await preparedRows<{ found: boolean }>(
    db,
    sql`select exists(select 1 from deck where source_id = ${deckId} and is_snapshot
          and is_public and not is_deleted) as found`,
  )
  return row?.found ?? false
}

/** The entity id a deck's comments and subscriptions hang on: its working deck's (§5.4, A8). */
export async function threadEntityId(db: Queryable, deck: DeckRow): Promise<number> {
  if (!deck.is_snapshot || deck.source_id === null) return deck.entity_id
  const [row] = await preparedRows<SqlRow<typeof decks, 'entity_id'>>(
    db,
    sql`select entity_id from deck where id = ${deck.source_id}`,
  )
  return row?.entity_id ?? deck.entity_id
}

/** PostgreSQL text cannot hold NUL, and no stub or badge contains one: such values match nothing. */
export const storable = (values: Iterable<string>) =>
  [...values].filter((value) => !value.includes('\u0000'))
