import type { Database } from '../db/client.ts'
import { type ReadSourceOptions, readSource } from './read-source.ts'
import { type ImportOptions, type ImportSummary, writeImport } from './write-import.ts'

/**
 * Imports the card pool of another site speaking the `/v2` API (Ashes.live, or another
 * Spellboard): everything is read and checked first, then written in one transaction, so a
 * source that fails or misbehaves (SourceError) or sends a bad record (ImportError) leaves the
 * database as it was. Importing again changes nothing unless the source changed.
 */
export async function importFromSite(
  database: Database,
  origin: string,
  options: ImportOptions & ReadSourceOptions = {},
): Promise<ImportSummary> {
  const started = performance.now()
  const data = await readSource(origin, options)
  const summary = await writeImport(database, data, options)
  return { ...summary, milliseconds: Math.round(performance.now() - started) }
}
