import { countProblems } from '@spellboard/core/deck-rules'
import type { DeckOut, DeckSaveOut, SnapshotCreate, SnapshotEdit } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import type { Db, Queryable } from '../../db/client.ts'
import { preparedRows } from '../../db/prepared.ts'
import type { releases } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { forbidden, invalid, notFound } from '../../lib/refusal.ts'
import type { AuthUser } from '../accounts/auth-user.ts'
import { type Catalogue, getCatalogue } from '../cards/catalogue.ts'
import { setSubscriptionMarker } from '../subscriptions.ts'
import { loadContents } from './contents.ts'
import { insertSnapshot } from './copy.ts'
import { deckOut } from './output.ts'
import { readDeckSaveOut } from './read.ts'
import { DECK_COLUMNS, DECK_FROM, type DeckRow, deckById, findDeck } from './rows.ts'
import { pointStreamAt } from './stream.ts'
import { raiseVersion } from './version.ts'

async function totals(db: Queryable, deckId: number) {
  const [row] = await preparedRows<{ dice: number; cards: number }>(
    db,
    sql`select (select coalesce(sum(count), 0)::int from deck_die where deck_id = ${deckId}) as dice,
               (select coalesce(sum(count), 0)::int from deck_card where deck_id = ${deckId}) as cards`,
  )
  return { dice: row?.dice ?? 0, cards: row?.cards ?? 0 }
}

/** A public Reborn release no live deck is the preconstructed deck of yet. */
async function freePreconRelease(db: Queryable, stub: string): Promise<number | undefined> {
  const [row] = await preparedRows<SqlRow<typeof releases, 'id'>>(
    db,
    sql`select r.id from release r
        where r.stub = ${stub} and not r.is_legacy and r.is_public
          and not exists (select 1 from deck p
                          where p.preconstructed_release = r.id and not p.is_deleted)`,
  )
  return row?.id
}

/**
 * `POST /v2/decks/{id}/snapshot`: copies the working deck as last saved. Publishing needs a
 * complete deck (core publishing rules), points the deck's stream entry at the new snapshot and
 * marks it seen for the publisher.
 */
export function createSnapshot(
  db: Db,
  user: AuthUser,
  deckId: number,
  body: SnapshotCreate,
  now: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Locked so a save running at the same time lands entirely before or after the copy.
    const deck = await findDeck(tx, deckById(deckId), { lock: true })
    if (!deck || deck.user_id !== user.id) {
      throw forbidden('You cannot save a snapshot of a deck you do not own.')
    }
    if (deck.is_legacy) throw invalid('You cannot save snapshots for legacy decks.')
    if (deck.is_snapshot) throw invalid('You cannot create a snapshot of another snapshot.')
    if (deck.is_deleted) throw invalid('This deck has been deleted and can no longer be updated.')
    if (body.is_public && countProblems(await totals(tx, deck.id)).length > 0) {
      throw invalid('You must have exactly 30 cards and 10 dice in your deck to publish it.')
    }
    let preconstructedRelease: number | null = null
    if (body.preconstructed_release) {
      if (!user.is_admin) throw forbidden('Only site admins may publish preconstructed decks.')
      if (!body.is_public) {
        throw invalid('Only public decks may be associated with a preconstructed release.')
      }
      const release = await freePreconRelease(tx, body.preconstructed_release)
      if (release === undefined) {
        throw invalid('No such release, or release already has a preconstructed deck.')
      }
      preconstructedRelease = release
    }
    const description =
      body.description === undefined || body.description === null
        ? deck.description
        : body.description || null
    const snapshot = await insertSnapshot(
      tx,
      deck,
      {
        title: body.title || deck.title,
        description,
        isPublic: body.is_public,
        preconstructedRelease,
        // A public snapshot shows the First Five only when its owner asks for it.
        includeSelected: !body.is_public || body.include_first_five,
      },
      now,
    )
    if (body.is_public) {
      // What the working deck shows changes with it: it now has a published snapshot, and the
      // Red Rains rule of its saves depends on that.
      await raiseVersion(tx, sql`id = ${deck.id}`)
      await pointStreamAt(tx, deck.entity_id, snapshot.entityId, new Date(now).toISOString())
      await setSubscriptionMarker(tx, user.id, deck.entity_id, snapshot.entityId)
    }
    return snapshot.id
  })
}

/**
 * `PATCH /v2/decks/snapshots/{id}`: title and description only (`""` clears, absent keeps).
 * Admins moderate other players' snapshots by giving a reason; the author's description is kept.
 */
export async function editSnapshot(
  db: Db,
  user: AuthUser,
  snapshotId: number,
  body: SnapshotEdit,
  now: number,
): Promise<DeckSaveOut> {
  const catalogue = await getCatalogue(db)
  return db.transaction(async (tx) => {
    const deck = await findDeck(tx, deckById(snapshotId), { lock: true })
    if (!deck || deck.is_deleted) throw notFound('No such snapshot found.')
    const own = deck.user_id === user.id
    if (!own && !user.is_admin) throw forbidden('You cannot edit a snapshot you do not own.')
    if (!deck.is_snapshot) throw invalid('Not a valid snapshot.')
    const changes: Record<string, unknown> = {
      modified: new Date(now).toISOString(),
      version: sql`version + 1`,
    }
    for (const key of ['title', 'description'] as const) {
      const value = body[key]
      if (value !== undefined && value !== null) changes[key] = value === '' ? null : value
    }
    if (!own) {
      const notes = body.moderation_notes?.trim()
      if (!notes) throw invalid('Moderation notes are required.')
      changes.moderation_notes = notes
      changes.is_moderated = true
      if ('description' in changes && changes.description !== deck.description) {
        // What the author wrote, not an earlier moderator's rewording.
        changes.original_description = sql`coalesce(original_description, ${deck.description})`
      }
    } else if (body.moderation_notes !== undefined && body.moderation_notes !== null) {
      if (!user.is_admin) throw invalid('You do not have permission to moderate snapshots.')
    }
    const assignments = sql.join(
      Object.entries(changes).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
      sql`, `,
    )
    await tx.execute(sql`update deck set ${assignments} where id = ${deck.id}`)
    return readDeckSaveOut(tx, catalogue, deck.id)
  })
}

export type SnapshotListOptions = {
  showPublicOnly: boolean
  order: 'asc' | 'desc'
  limit: number
  offset: number
}

/** `GET /v2/decks/{id}/snapshots`: history of a working deck; owners also see private ones. */
export async function listSnapshots(
  db: Queryable,
  catalogue: Catalogue,
  caller: AuthUser | null,
  deckId: number,
  options: SnapshotListOptions,
): Promise<{ count: number; results: DeckOut[] }> {
  const deck = await findDeck(db, deckById(deckId))
  if (!deck || deck.is_deleted || deck.is_snapshot) throw notFound('Deck not found.')
  const own = caller !== null && deck.user_id === caller.id
  const visibility = own && !options.showPublicOnly ? sql`` : sql` and d.is_public`
  const where = sql`d.source_id = ${deck.id} and d.is_snapshot and not d.is_deleted${visibility}`
  const direction = options.order === 'asc' ? sql`asc` : sql`desc`
  const [counted, rows] = await Promise.all([
    preparedRows<{ n: number }>(db, sql`select count(*)::int as n from deck d where ${where}`),
    preparedRows<DeckRow>(
      db,
      sql`select ${DECK_COLUMNS} from ${DECK_FROM} where ${where}
          order by d.created ${direction}, d.id ${direction}
          limit ${options.limit} offset ${options.offset}`,
    ),
  ])
  const loaded = await loadContents(db, catalogue, rows)
  return {
    count: counted[0]?.n ?? 0,
    results: rows.map((row) => deckOut(row, loaded, { mode: 'sparse', shareUuid: own })),
  }
}
