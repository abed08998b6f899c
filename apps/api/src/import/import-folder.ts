import type { Database } from '../db/client.ts'
import { plural } from './import-data.ts'
import { readImportFolder } from './read-folder.ts'
import { type ImportOptions, type ImportSummary, writeImport } from './write-import.ts'

/**
 * Imports a folder: the files of API.md §12 (releases.json, cards.json and optionally users.json
 * and decks.json), or a clone of Ashteki's repository. Every record is checked before anything
 * is written, and everything is written in one transaction: a refused folder (ImportError)
 * leaves the database as it was. Records are matched on their natural keys, so importing the
 * same folder again changes nothing.
 */
export async function importFolder(
  database: Database,
  folder: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const started = performance.now()
  const data = readImportFolder(folder)
  options.onProgress?.(
    `Read ${folder}: ${plural(data.releases.length, 'release')}, ${plural(data.cards.length, 'card')}, ` +
      `${plural(data.users.length, 'player')}, ${plural(data.decks.length, 'deck')}`,
  )
  const summary = await writeImport(database, data, options)
  return { ...summary, milliseconds: Math.round(performance.now() - started) }
}
