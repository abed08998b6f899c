import { sql } from 'drizzle-orm'
import { queryRows, type Tx } from '../db/client.ts'
import { demoBadges, isDemoCatalogue, isDemoRelease } from '../services/demo-set.ts'
import type { ImportData } from './import-data.ts'

/** What went with the demo set. */
export type DemoRemoval = {
  releases: number
  cards: number
  decks: number
  /** Decks players built from demo cards (among `decks`). */
  playerDecks: number
  comments: number
}

/**
 * The demo set is never mixed with real cards: an import into a catalogue that is still the demo
 * set (a site started before any import) removes it first, in the import's transaction, with the
 * decks built from its cards and the comments on them. Players' accounts stay. An import of the
 * demo set itself (any data naming one of its releases) removes nothing.
 */
export async function replaceDemoSet(tx: Tx, data: ImportData): Promise<DemoRemoval | null> {
  const releases = (
    await queryRows<{ stub: string; is_legacy: boolean }>(
      tx,
      sql`select stub, is_legacy from release`,
    )
  ).map((row) => ({ stub: row.stub, isLegacy: row.is_legacy }))
  if (!isDemoCatalogue(releases)) return null
  const bringsDemo = data.releases.some((release) =>
    isDemoRelease({ stub: release.stub, isLegacy: release.is_legacy }),
  )
  if (bringsDemo) return null
  const badges = sql.join(
    demoBadges().map((badge) => sql`${badge}`),
    sql`, `,
  )
  const [counts] = await queryRows<Omit<DemoRemoval, 'releases' | 'comments'>>(
    tx,
    sql`select (select count(*)::int from card) as cards, (select count(*)::int from deck) as decks,
          (select count(*)::int from deck left join "user" on "user".id = deck.user_id
           where "user".badge is null or "user".badge not in (${badges})
             or "user".email is not null) as "playerDecks"`,
  )
  const [dropped] = await queryRows<{ comments: number }>(
    tx,
    sql`with gone as (select entity_id from card union all select entity_id from deck),
          comments as (delete from comment
            where source_entity_id in (select entity_id from gone) returning entity_id),
          stream_rows as (delete from stream
            where source_entity_id in (select entity_id from gone)
              or entity_id in (select entity_id from comments)),
          subscriptions as (delete from subscription
            where source_entity_id in (select entity_id from gone))
        select count(*)::int as comments from comments`,
  )
  // Every deck is built from the demo cards: its Phoenixborn is one.
  await tx.execute(sql`delete from deck`)
  await tx.execute(sql`delete from card`)
  await tx.execute(sql`delete from release`)
  await tx.execute(sql`delete from "user" u where u.badge in (${badges})
    and u.email is null and not exists (select 1 from comment where comment.user_id = u.id)`)
  return {
    releases: releases.length,
    cards: counts?.cards ?? 0,
    decks: counts?.decks ?? 0,
    playerDecks: counts?.playerDecks ?? 0,
    comments: dropped?.comments ?? 0,
  }
}
