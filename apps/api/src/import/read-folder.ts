import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import {
  checkImportData,
  FILE_LABELS,
  type ImportData,
  ImportError,
  parseRecords,
  readJsonFile,
} from './import-data.ts'
import { ASHTEKI_CARDS, readAshtekiFolder } from './read-ashteki.ts'
import { cardRecord, deckFileRecord, releaseRecord, userRecord } from './records.ts'

function readRecords<T>(
  folder: string,
  file: keyof typeof FILE_LABELS,
  schema: z.ZodType<T>,
  problems: string[],
  required: boolean,
): T[] {
  const name = `${file}.json`
  const filePath = path.join(folder, name)
  if (!existsSync(filePath)) {
    if (required) problems.push(`${name}: missing from ${folder}`)
    return []
  }
  const parsed = readJsonFile(filePath, name, problems)
  if (parsed === undefined) return []
  if (!Array.isArray(parsed)) {
    problems.push(`${name}: expected a JSON array of records`)
    return []
  }
  return parseRecords(parsed, schema, FILE_LABELS[file].at, problems)
}

/**
 * Reads and checks an import folder: the files of API.md §12 (releases.json, cards.json and
 * optionally users.json and decks.json), or a clone of Ashteki's repository, recognised by its
 * `data/cards/all-cards.json`. Nothing is written here: a folder with any bad record is refused
 * as a whole.
 */
export function readImportFolder(folder: string): ImportData {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new ImportError([`${folder}: no such folder`])
  }
  if (existsSync(path.join(folder, ASHTEKI_CARDS))) return readAshtekiFolder(folder)
  const problems: string[] = []
  const data: ImportData = {
    source: folder,
    releases: readRecords(folder, 'releases', releaseRecord, problems, true),
    cards: readRecords(folder, 'cards', cardRecord, problems, true),
    users: readRecords(folder, 'users', userRecord, problems, false),
    decks: readRecords(folder, 'decks', deckFileRecord, problems, false),
    skipped: [],
    rules: { releaseOrder: 'position', cardJson: 'derived', deckIdentity: 'source-id' },
    labels: FILE_LABELS,
  }
  // Indexes are only meaningful when every record parsed; duplicates are checked after that.
  if (problems.length > 0) throw new ImportError(problems)
  checkImportData(data)
  return data
}
