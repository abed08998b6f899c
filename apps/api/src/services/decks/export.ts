import type { DeckExport, DeckExportCard, DeckExportPage } from '@spellboard/core/decks'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, type Queryable, queryRows } from '../../db/client.ts'
import type { users } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { isoDate } from '../../lib/dates.ts'
import { invalid, notFound } from '../../lib/refusal.ts'
import { getCatalogue } from '../cards/catalogue.ts'
import { loadContents } from './contents.ts'
import { deckSaveOut } from './output.ts'
import { DECK_COLUMNS, DECK_FROM, type DeckRow } from './rows.ts'

/** Decks per export page, and the most a site may mark as imported in one call. */
export const EXPORTS_PER_REQUEST = 30

export type ExportOptions = { fromDate?: string | undefined; deckShareUuid?: string | undefined }

async function exportingUser(db: Queryable, token: string, allowExports: boolean) {
  if (!allowExports) throw invalid('Deck exports are not allowed from this site.')
  const [user] = await queryRows<SqlRow<typeof users, 'id'>>(
    db,
    sql`select id from "user" where deck_export_uuid = ${token}`,
  )
  if (!user) throw notFound('No user matching export token.')
  return user
}

const minimalCard = (card: DeckExportCard) => ({
  count: card.count,
  name: card.name,
  stub: card.stub,
  type: card.type,
  phoenixborn: card.phoenixborn ?? null,
  is_legacy: card.is_legacy ?? false,
})

/**
 * `GET /v2/decks/export/{token}` (API.md §7.9): the token owner's Reborn decks not exported yet,
 * oldest first, a page at a time. Ids mean nothing on the other site, so a deck is named by its
 * `created` time and a snapshot's working deck by `source_created`.
 */
export async function exportDecks(
  db: Db,
  token: string,
  allowExports: boolean,
  options: ExportOptions,
): Promise<DeckExportPage> {
  const user = await exportingUser(db, token, allowExports)
  const conditions: SQL[] = [
    sql`d.user_id = ${user.id}`,
    sql`not d.is_exported`,
    sql`not d.is_deleted`,
    sql`not d.is_legacy`,
  ]
  if (options.deckShareUuid) {
    const [shared] = await queryRows<{
      id: number
      is_snapshot: boolean
      source_id: number | null
    }>(
      db,
      sql`select id, is_snapshot, source_id from deck
          where direct_share_uuid = ${options.deckShareUuid} and user_id = ${user.id}
            and not is_deleted and not is_legacy`,
    )
    if (!shared) throw notFound('Current user does not have a deck with this share UUID.')
    const root = shared.is_snapshot && shared.source_id !== null ? shared.source_id : shared.id
    conditions.push(sql`(d.id = ${root} or (d.source_id = ${root} and d.is_snapshot))`)
  }
  if (options.fromDate) conditions.push(sql`d.created > ${options.fromDate}::timestamptz`)
  const where = sql.join(conditions, sql` and `)
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from deck d where ${where}`,
  )
  const rows = await queryRows<DeckRow & { source_created: string | null }>(
    db,
    sql`select ${DECK_COLUMNS}, source.created as source_created
        from ${DECK_FROM} left join deck source on source.id = d.source_id and not source.is_deleted
        where ${where} order by d.created asc, d.id asc limit ${EXPORTS_PER_REQUEST + 1}`,
  )
  const hasNext = rows.length > EXPORTS_PER_REQUEST
  const page = rows.slice(0, EXPORTS_PER_REQUEST)
  const loaded = await loadContents(db, await getCatalogue(db), page, { selected: true })
  const decks = page.map((row): DeckExport => {
    const out = deckSaveOut(row, loaded, { mode: 'full' })
    return {
      title: row.title,
      description: row.description,
      created: out.created,
      modified: out.modified,
      dice: out.dice,
      phoenixborn: out.phoenixborn,
      cards: (out.cards as DeckExportCard[]).map(minimalCard),
      conjurations: (out.conjurations as DeckExportCard[]).map(minimalCard),
      is_public: row.is_public,
      is_snapshot: row.is_snapshot,
      is_red_rains: row.is_red_rains,
      first_five: out.first_five,
      effect_costs: out.effect_costs,
      tutor_map: out.tutor_map,
      source_created: isoDate(row.source_created),
    }
  })
  const last = page.at(-1)
  return {
    next_page_from_date: hasNext && last ? isoDate(last.created) : null,
    total: counted?.n ?? 0,
    decks,
  }
}

/** `POST /v2/decks/export/{token}`: the other site reports which decks it imported. */
export async function markExported(
  db: Db,
  token: string,
  allowExports: boolean,
  createdDates: string[],
): Promise<void> {
  const user = await exportingUser(db, token, allowExports)
  if (createdDates.length === 0) {
    throw invalid(
      'You must pass one or more created dates for decks that were successfully imported.',
    )
  }
  if (createdDates.length > EXPORTS_PER_REQUEST) {
    throw invalid(
      `You cannot mark more than ${EXPORTS_PER_REQUEST} decks as successfully imported at once.`,
    )
  }
  const dates = sql.join(
    createdDates.map((date) => sql`${date}::timestamptz`),
    sql`, `,
  )
  await db.execute(sql`update deck set is_exported = true
    where user_id = ${user.id} and created in (${dates})`)
}
