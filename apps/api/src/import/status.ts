import { sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '../db/client.ts'
import { isDemoCatalogue } from '../services/demo-set.ts'
import { LAST_IMPORT_KEY } from './write-import.ts'

type PerEdition = { reborn: number; legacy: number }

/** What the catalogue holds, for `npm run cli -- status` and an import's summary. */
export type CatalogueStatus = {
  releases: PerEdition
  cards: PerEdition
  /** Published preconstructed decks (their latest snapshots). */
  precons: PerEdition
  /** Whether the catalogue is the demo set and nothing else. */
  demo: boolean
  /** The source of the last import (a folder or a URL) and when it ran; null before any. */
  lastImport: { source: string; at: string } | null
}

export async function catalogueStatus(db: Queryable): Promise<CatalogueStatus> {
  const [counts] = await queryRows<Record<string, number>>(
    db,
    sql`select
          (select count(*)::int from release where not is_legacy) as releases_reborn,
          (select count(*)::int from release where is_legacy) as releases_legacy,
          (select count(*)::int from card where not is_legacy) as cards_reborn,
          (select count(*)::int from card where is_legacy) as cards_legacy,
          (select count(distinct coalesce(source_id, id))::int from deck where not is_legacy
             and is_preconstructed and is_snapshot and is_public and not is_deleted)
            as precons_reborn,
          (select count(distinct coalesce(source_id, id))::int from deck where is_legacy
             and is_preconstructed and is_snapshot and is_public and not is_deleted)
            as precons_legacy`,
  )
  const releases = await queryRows<{ stub: string; is_legacy: boolean }>(
    db,
    sql`select stub, is_legacy from release`,
  )
  const [last] = await queryRows<{ value: string; modified: string }>(
    db,
    sql`select value, modified from setting where key = ${LAST_IMPORT_KEY}`,
  )
  const pair = (name: string): PerEdition => ({
    reborn: counts?.[`${name}_reborn`] ?? 0,
    legacy: counts?.[`${name}_legacy`] ?? 0,
  })
  return {
    releases: pair('releases'),
    cards: pair('cards'),
    precons: pair('precons'),
    demo: isDemoCatalogue(releases.map((row) => ({ stub: row.stub, isLegacy: row.is_legacy }))),
    lastImport: last ? { source: last.value, at: new Date(last.modified).toISOString() } : null,
  }
}
