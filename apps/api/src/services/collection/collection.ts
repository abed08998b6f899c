import type { ReleaseBox } from '@spellboard/core/collection-schemas'
import { sql } from 'drizzle-orm'
import { type Db, type Queryable, queryRows, type Tx } from '../../db/client.ts'
import { textArray } from '../../db/prepared.ts'
import { unprocessable } from '../../lib/refusal.ts'
import { type Catalogue, catalogueMemo } from '../cards/catalogue.ts'
import { type BoxMasks, cataloguePool, collectionMasks } from './box-needs.ts'

/**
 * A player's collection: boxes owned per public Reborn release (`user_release.boxes`, 1 to 9; a
 * release owned 0 times has no row). `GET`/`PUT /v2/releases/mine` read and write the same rows:
 * owned is at least one box.
 */

/**
 * Replaces (never merges) which releases a player owns with the public Reborn releases named
 * (`PUT /v2/releases/mine`): each named one is kept at its boxes, or 1 box when it was not
 * owned; every other is no longer owned. Unknown, private or Legacy names are ignored.
 */
export async function replaceCollection(
  db: Db,
  catalogue: Catalogue,
  userId: number,
  stubs: string[],
): Promise<void> {
  // Only names the catalogue knows reach SQL, however long the list a client sends; the insert
  // still checks visibility itself in case another process changed it a moment ago.
  const known = new Set(catalogue.reborn.releases.map((release) => release.stub))
  const wanted = [...new Set(stubs)].filter((stub) => known.has(stub))
  await lockedForPlayer(db, userId, async (tx) => {
    await tx.execute(
      sql`delete from user_release where user_id = ${userId}
          and release_id not in (select id from release
                                 where not is_legacy and stub = any(${textArray(wanted)}))`,
    )
    if (wanted.length === 0) return
    await tx.execute(
      sql`insert into user_release (user_id, release_id, boxes)
          select ${userId}, id, 1 from release
          where not is_legacy and is_public and stub = any(${textArray(wanted)})
          on conflict (user_id, release_id) do nothing`,
    )
  })
}

/** One change of a player's collection at a time (two tabs, a double click). */
async function lockedForPlayer(db: Db, userId: number, write: (tx: Tx) => Promise<void>) {
  await db.transaction(async (tx) => {
    // Without the lock, two at once would both insert the same rows and one would fail on the
    // primary key.
    await tx.execute(sql`select id from "user" where id = ${userId} for update`)
    await write(tx)
  })
}

/** Boxes a player owns per public Reborn release stub (`GET /v2/players/me/collection`). */
export async function readCollection(
  db: Queryable,
  userId: number,
): Promise<Record<string, number>> {
  const rows = await queryRows<{ stub: string; boxes: number }>(
    db,
    sql`select r.stub, ur.boxes from user_release ur join release r on r.id = ur.release_id
        where ur.user_id = ${userId} and not r.is_legacy and r.is_public and ur.boxes > 0
        order by r.position, r.id`,
  )
  return Object.fromEntries(rows.map((row) => [row.stub, row.boxes]))
}

/** Boxes a player owns per Reborn release id (what `buildable=true` reads). */
export async function ownedBoxes(db: Queryable, userId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ release_id: number; boxes: number }>(
    db,
    sql`select ur.release_id, ur.boxes from user_release ur join release r on r.id = ur.release_id
        where ur.user_id = ${userId} and not r.is_legacy and r.is_public`,
  )
  return new Map(rows.map((row) => [Number(row.release_id), row.boxes]))
}

/**
 * Replaces a player's collection (`PUT /v2/players/me/collection`): boxes per public Reborn
 * release stub, 0 to 9 (0: not owned). A stub of no such release is refused (422) and nothing
 * is written.
 */
export async function replaceCollectionBoxes(
  db: Db,
  catalogue: Catalogue,
  userId: number,
  boxes: Record<string, number>,
): Promise<void> {
  const known = new Map(catalogue.reborn.releases.map((release) => [release.stub, release]))
  const unknown = Object.keys(boxes).filter((stub) => !known.has(stub))
  if (unknown.length > 0) {
    throw unprocessable(
      unknown.map((stub) => ({
        type: 'value_error',
        loc: ['body', 'releases', stub],
        msg: `No public Reborn release '${stub}'`,
        input: stub,
      })),
    )
  }
  const owned = Object.entries(boxes).filter(([, count]) => count > 0)
  await lockedForPlayer(db, userId, async (tx) => {
    await tx.execute(sql`delete from user_release where user_id = ${userId}`)
    if (owned.length === 0) return
    await tx.execute(
      sql`insert into user_release (user_id, release_id, boxes)
          select ${userId}, r.id, v.boxes
          from unnest(${textArray(owned.map(([stub]) => stub))},
                      ${`{${owned.map(([, count]) => Math.trunc(count)).join(',')}}`}::int[])
            as v(stub, boxes)
          join release r on r.stub = v.stub and not r.is_legacy and r.is_public`,
    )
  })
}

/** What one box of each public Reborn release holds (`GET /v2/releases/boxes`). */
export function releaseBoxes(catalogue: Catalogue): ReleaseBox[] {
  return catalogueMemo(catalogue, 'release-boxes', () =>
    catalogue.reborn.releases.map((release) => ({
      stub: release.stub,
      name: release.name,
      cards: catalogue.reborn.sorted.name
        .filter((card) => card.release.id === release.id)
        .map((card) => ({
          stub: card.stub,
          name: card.name,
          copies: card.boxCopies,
          deck: card.boxDeck,
        })),
    })),
  )
}

/** The boxes this player owns, as the masks `buildable=true` compares decks' needs with. */
export async function buildableFilter(
  db: Queryable,
  catalogue: Catalogue,
  userId: number,
): Promise<BoxMasks> {
  return collectionMasks(await ownedBoxes(db, userId), cataloguePool(catalogue).releaseIds)
}
