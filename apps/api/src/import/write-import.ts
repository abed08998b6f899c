import { sql } from 'drizzle-orm'
import type { Database, Tx } from '../db/client.ts'
import { refreshBoxes } from '../services/collection/boxes.ts'
import { catalogueState, changesBetween, type ImportChanges } from './changes.ts'
import { type ImportData, plural } from './import-data.ts'
import { type DemoRemoval, replaceDemoSet } from './replace-demo.ts'
import { writeCards } from './write-catalogue.ts'
import { writeDecks, writeUsers } from './write-decks.ts'
import { writeReleases } from './write-releases.ts'

export type ImportSummary = {
  /** The folder or URL imported. */
  source: string
  releases: number
  cards: number
  rebornCards: number
  legacyCards: number
  conjurationLinks: number
  users: number
  decks: number
  /** What the import changed (new and updated rows, errata). */
  changes: ImportChanges
  /** Decks of the source that were left out, each with why. */
  skipped: string[]
  /** The demo set this import replaced, if the catalogue still was the demo set. */
  demoRemoved: DemoRemoval | null
  /** From reading the source to the commit. */
  milliseconds: number
}

export type ImportOptions = {
  /** One line per step, for the operator. */
  onProgress?: (line: string) => void
}

/** Any fixed number: two imports at once (two starting servers seeding) take turns. */
export const IMPORT_LOCK = 7_301_945

/** The `setting` row naming the last import's source; its `modified` is when it ran. */
export const LAST_IMPORT_KEY = 'last_import'

async function recordLastImport(tx: Tx, source: string): Promise<void> {
  await tx.execute(
    sql`insert into setting (key, value, modified) values (${LAST_IMPORT_KEY}, ${source}, now())
        on conflict (key) do update set value = excluded.value, modified = excluded.modified`,
  )
}

/**
 * Writes checked records (from any source) in one transaction: releases, cards, players, decks,
 * then the last import's source. A problem found on the way (a reference that does not resolve)
 * raises an ImportError and leaves the database as it was. Records are matched on their natural
 * keys, so writing the same records again changes nothing.
 */
export async function writeImport(
  database: Database,
  data: ImportData,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now()
  const progress = options.onProgress ?? (() => {})
  const { labels } = data

  return await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)
    const demoRemoved = await replaceDemoSet(tx, data)
    if (demoRemoved) {
      progress(
        `Removed the demo set: ${plural(demoRemoved.cards, 'card')}, ` +
          `${plural(demoRemoved.decks, 'deck')}`,
      )
    }
    const before = await catalogueState(tx)

    const releases = await writeReleases(tx, data.releases, data.rules.releaseOrder)
    progress(`${labels.releases.name}: ${plural(data.releases.length, 'release')} imported`)

    const legacyCards = data.cards.filter((card) => card.is_legacy).length
    const rebornCards = data.cards.length - legacyCards
    const { index: cards, links } = await writeCards(tx, data, releases)
    progress(
      `${labels.cards.name}: ${plural(data.cards.length, 'card')} imported (${rebornCards} Reborn, ` +
        `${legacyCards} Legacy), ${plural(links, 'conjuration link')}`,
    )

    if (data.users.length > 0) {
      await writeUsers(tx, data.users)
      progress(`${labels.users.name}: ${plural(data.users.length, 'player')} imported`)
    }
    if (data.decks.length > 0) {
      await writeDecks(tx, data, { releases, cards })
      progress(`${labels.decks.name}: ${plural(data.decks.length, 'deck')} imported`)
    }

    const boxes = await refreshBoxes(tx)
    progress(
      `Copies per box of ${plural(boxes.cards, 'card')}; needs of ${plural(boxes.decks, 'deck')}`,
    )

    const changes = changesBetween(before, await catalogueState(tx))
    await recordLastImport(tx, data.source)
    const milliseconds = Math.round(performance.now() - started)
    progress(`Done in ${milliseconds} ms`)
    return {
      source: data.source,
      releases: data.releases.length,
      cards: data.cards.length,
      rebornCards,
      legacyCards,
      conjurationLinks: links,
      users: data.users.length,
      decks: data.decks.length,
      changes,
      skipped: data.skipped,
      demoRemoved,
      milliseconds,
    }
  })
}
