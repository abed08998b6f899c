import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { bumpCatalogueVersion } from '../services/catalogue-version.ts'
import { readImportFolder } from './read-folder.ts'
import { writeCards, writeReleases } from './write-catalogue.ts'
import { writeDecks, writeUsers } from './write-decks.ts'

export type ImportSummary = {
  releases: number
  cards: number
  rebornCards: number
  legacyCards: number
  conjurationLinks: number
  users: number
  decks: number
  /** The catalogue version after this import. */
  catalogueVersion: number
  milliseconds: number
}

export type ImportOptions = {
  /** One line per step, for the operator. */
  onProgress?: (line: string) => void
}

/** Any fixed number: two imports at once (two starting servers seeding) take turns. */
const IMPORT_LOCK = 7_301_945

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/**
 * Imports a folder of releases.json, cards.json and optionally users.json and decks.json
 * (API.md §12). Every record is validated before anything is written, and everything is
 * written in one transaction: a refused folder (ImportError) leaves the database as it was.
 * Records are matched on their natural keys, so importing the same folder again changes nothing.
 */
export async function importFolder(
  database: Database,
  folder: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now()
  const progress = options.onProgress ?? (() => {})
  const data = readImportFolder(folder)
  progress(
    `Read ${folder}: ${plural(data.releases.length, 'release')}, ${plural(data.cards.length, 'card')}, ` +
      `${plural(data.users.length, 'player')}, ${plural(data.decks.length, 'deck')}`,
  )

  return await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`)

    const releases = await writeReleases(tx, data.releases)
    progress(`releases.json: ${plural(data.releases.length, 'release')} imported`)

    const legacyCards = data.cards.filter((card) => card.is_legacy).length
    const rebornCards = data.cards.length - legacyCards
    const { index: cards, links } = await writeCards(tx, data.cards, releases)
    progress(
      `cards.json: ${plural(data.cards.length, 'card')} imported (${rebornCards} Reborn, ` +
        `${legacyCards} Legacy), ${plural(links, 'conjuration link')}`,
    )

    if (data.users.length > 0) {
      await writeUsers(tx, data.users)
      progress(`users.json: ${plural(data.users.length, 'player')} imported`)
    }
    if (data.decks.length > 0) {
      await writeDecks(tx, data.decks, { releases, cards })
      progress(`decks.json: ${plural(data.decks.length, 'deck')} imported`)
    }

    const catalogueVersion = await bumpCatalogueVersion(tx)
    const milliseconds = Math.round(performance.now() - started)
    progress(`Done in ${milliseconds} ms (catalogue version ${catalogueVersion})`)
    return {
      releases: data.releases.length,
      cards: data.cards.length,
      rebornCards,
      legacyCards,
      conjurationLinks: links,
      users: data.users.length,
      decks: data.decks.length,
      catalogueVersion,
      milliseconds,
    }
  })
}
