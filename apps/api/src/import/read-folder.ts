import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import {
  type CardRecord,
  cardRecord,
  type DeckRecord,
  deckRecord,
  type ReleaseRecord,
  releaseRecord,
  type UserRecord,
  userRecord,
} from './records.ts'
import { edition } from './upsert.ts'

/** A refused import: every problem names the file, the record index and the field. */
export class ImportError extends Error {
  override name = 'ImportError'
  readonly problems: string[]

  constructor(problems: string[]) {
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN)
    const more = problems.length - shown.length
    super([...shown, ...(more > 0 ? [`... and ${more} more`] : [])].join('\n'))
    this.problems = problems
  }
}

const MAX_PROBLEMS_SHOWN = 20

export type ImportData = {
  releases: ReleaseRecord[]
  cards: CardRecord[]
  /** Empty when the folder has no decks.json. */
  decks: DeckRecord[]
  /** Empty when the folder has no users.json. */
  users: UserRecord[]
}

/** `cards.json[12].cost[1][0]` */
function fieldPath(file: string, segments: readonly PropertyKey[]): string {
  return segments.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : `${text}.${String(segment)}`,
    file,
  )
}

// zod's own wording for a missing key is "expected string, received undefined".
const errorMap = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'Required' : undefined

function readRecords<T>(
  folder: string,
  file: string,
  schema: z.ZodType<T>,
  problems: string[],
  required: boolean,
): T[] {
  const filePath = path.join(folder, file)
  if (!existsSync(filePath)) {
    if (required) problems.push(`${file}: missing from ${folder}`)
    return []
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(filePath, 'utf8'))
  } catch (error) {
    problems.push(`${file}: not valid JSON (${(error as Error).message})`)
    return []
  }
  if (!Array.isArray(parsed)) {
    problems.push(`${file}: expected a JSON array of records`)
    return []
  }
  const records: T[] = []
  parsed.forEach((item, index) => {
    const result = schema.safeParse(item, { error: errorMap })
    if (result.success) {
      records.push(result.data)
      return
    }
    for (const issue of result.error.issues) {
      problems.push(`${fieldPath(`${file}[${index}]`, issue.path)}: ${issue.message}`)
    }
  })
  return records
}

function checkUnique<T>(
  file: string,
  records: readonly T[],
  field: string,
  key: (record: T) => string,
  label: (record: T) => string,
  problems: string[],
): void {
  const seen = new Map<string, number>()
  records.forEach((record, index) => {
    const value = key(record)
    const first = seen.get(value)
    if (first === undefined) seen.set(value, index)
    else problems.push(`${file}[${index}].${field}: ${label(record)} repeats ${file}[${first}]`)
  })
}

/**
 * Reads and validates an import folder. Nothing is written here: a folder with any bad record is
 * refused as a whole.
 */
export function readImportFolder(folder: string): ImportData {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new ImportError([`${folder}: no such folder`])
  }
  const problems: string[] = []
  const releases = readRecords(folder, 'releases.json', releaseRecord, problems, true)
  const cards = readRecords(folder, 'cards.json', cardRecord, problems, true)
  const users = readRecords(folder, 'users.json', userRecord, problems, false)
  const decks = readRecords(folder, 'decks.json', deckRecord, problems, false)
  // Indexes are only meaningful when every record parsed; duplicates are checked after that.
  if (problems.length === 0) {
    checkUnique(
      'releases.json',
      releases,
      'stub',
      (r) => `${r.stub}|${r.is_legacy}`,
      (r) => `${edition(r.is_legacy)} release ${r.stub}`,
      problems,
    )
    checkUnique(
      'cards.json',
      cards,
      'stub',
      (c) => `${c.stub}|${c.is_legacy}`,
      (c) => `${edition(c.is_legacy)} card ${c.stub}`,
      problems,
    )
    checkUnique(
      'cards.json',
      cards,
      'name',
      (c) => `${c.name}|${c.is_legacy}`,
      (c) => `${edition(c.is_legacy)} card name ${c.name}`,
      problems,
    )
    checkUnique(
      'users.json',
      users,
      'badge',
      (u) => u.badge,
      (u) => `badge ${u.badge}`,
      problems,
    )
    checkUnique(
      'decks.json',
      decks,
      'source_id',
      (d) => String(d.source_id),
      (d) => `source_id ${d.source_id}`,
      problems,
    )
  }
  if (problems.length > 0) throw new ImportError(problems)
  return { releases, cards, decks, users }
}
