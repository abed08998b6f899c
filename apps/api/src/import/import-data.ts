import { readFileSync } from 'node:fs'
import type { z } from 'zod'
import type { CardRecord, DeckRecord, ReleaseRecord, UserRecord } from './records.ts'
import { edition } from './upsert.ts'

/**
 * What every source of an import is read into before anything is written: a folder of API.md
 * §12, a clone of Ashteki's repository, another site's `/v2` API. One set of checks and one
 * writer (`write-import.ts`) then apply to all of them.
 */
export type ImportData = {
  /** Where the records came from, as the operator named it (a folder or a URL). */
  source: string
  releases: ReleaseRecord[]
  cards: CardRecord[]
  /** Empty when the source has none. */
  decks: DeckRecord[]
  /** Empty when the source has none. */
  users: UserRecord[]
  /** Decks the source holds that were left out, each with why (Ashteki's files only). */
  skipped: string[]
  rules: ImportRules
  /** How progress lines and problems name the records: `cards.json`, `cards.json[12]`. */
  labels: RecordLabels
}

/** How the facts of a source become rows. */
export type ImportRules = {
  /**
   * `position`: a release's `source_id` is its place in publication order (§12). `order`: it only
   * orders the source's releases among themselves; releases already here keep their place and
   * new ones follow the last.
   */
  releaseOrder: 'position' | 'order'
  /**
   * `derived`: the card JSON of §12, with Reborn `chained` filled in as the reference does.
   * `as-sent`: the card JSON exactly as another site's API answers it.
   */
  cardJson: 'derived' | 'as-sent'
  /**
   * `source-id`: decks are matched on their `source_id`. `created`: on their creation time and
   * kind, as sites match decks with each other (API.md §7.9), so a deck this site already holds
   * from another source is updated, not doubled; new decks keep the source's id when it is free.
   */
  deckIdentity: 'source-id' | 'created'
}

export type RecordKind = 'releases' | 'cards' | 'decks' | 'users'
export type RecordLabels = Record<RecordKind, { name: string; at: (index: number) => string }>

const fileLabel = (name: string) => ({ name, at: (index: number) => `${name}[${index}]` })

/** Labels of the files of API.md §12: `cards.json`, `cards.json[12]`. */
export const FILE_LABELS: RecordLabels = {
  releases: fileLabel('releases.json'),
  cards: fileLabel('cards.json'),
  decks: fileLabel('decks.json'),
  users: fileLabel('users.json'),
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** A refused import: every problem names the record and the field. */
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

/** A JSON file's content, or why it cannot be read (added to `problems`). */
export function readJsonFile(filePath: string, label: string, problems: string[]): unknown {
  try {
    return JSON.parse(readFileSync(filePath, 'utf8'))
  } catch (error) {
    problems.push(`${label}: not valid JSON (${(error as Error).message})`)
    return undefined
  }
}

/** `cards.json[12].cost[1][0]` */
function fieldPath(label: string, segments: readonly PropertyKey[]): string {
  return segments.reduce<string>(
    (text, segment) =>
      typeof segment === 'number' ? `${text}[${segment}]` : `${text}.${String(segment)}`,
    label,
  )
}

// zod's own wording for a missing key is "expected string, received undefined".
const errorMap = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'Required' : undefined

/** The items that match `schema`; every other item adds its problems, named by `at`. */
export function parseRecords<T>(
  items: readonly unknown[],
  schema: z.ZodType<T>,
  at: (index: number) => string,
  problems: string[],
): T[] {
  const records: T[] = []
  items.forEach((item, index) => {
    const result = schema.safeParse(item, { error: errorMap })
    if (result.success) {
      records.push(result.data)
      return
    }
    for (const issue of result.error.issues) {
      problems.push(`${fieldPath(at(index), issue.path)}: ${issue.message}`)
    }
  })
  return records
}

function checkUnique<T>(
  records: readonly T[],
  at: (index: number) => string,
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
    else problems.push(`${at(index)}.${field}: ${label(record)} repeats ${at(first)}`)
  })
}

/**
 * What must hold across records before anything is written: one record per key. References
 * (a card's release, a deck's cards) are checked against the database while writing, inside the
 * import's transaction.
 */
export function checkImportData(data: ImportData): void {
  const problems: string[] = []
  const { labels } = data
  checkUnique(
    data.releases,
    labels.releases.at,
    'stub',
    (r) => `${r.stub}|${r.is_legacy}`,
    (r) => `${edition(r.is_legacy)} release ${r.stub}`,
    problems,
  )
  checkUnique(
    data.cards,
    labels.cards.at,
    'stub',
    (c) => `${c.stub}|${c.is_legacy}`,
    (c) => `${edition(c.is_legacy)} card ${c.stub}`,
    problems,
  )
  checkUnique(
    data.cards,
    labels.cards.at,
    'name',
    (c) => `${c.name}|${c.is_legacy}`,
    (c) => `${edition(c.is_legacy)} card name ${c.name}`,
    problems,
  )
  checkUnique(
    data.users,
    labels.users.at,
    'badge',
    (u) => u.badge,
    (u) => `badge ${u.badge}`,
    problems,
  )
  checkUnique(
    data.decks,
    labels.decks.at,
    'source_id',
    (d) => String(d.source_id),
    (d) => `source_id ${d.source_id}`,
    problems,
  )
  if (problems.length > 0) throw new ImportError(problems)
}
