import { sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import { type Db, queryRows } from '../../db/client.ts'
import type { cards } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { type Catalogue, catalogueMemo } from './catalogue.ts'
import { type TextQuery, textMatches } from './full-text.ts'

/** Distinct searches remembered per catalogue; people repeat the same few words a lot. */
const REMEMBERED_SEARCHES = 2000

const NONE: ReadonlySet<number> = new Set()

/**
 * Ids of the cards of one edition whose search text matches `query`. PostgreSQL does the
 * matching (its English stemmer decides what a word is); the answer only changes with the
 * catalogue, so it is remembered alongside it.
 */
export function cardsMatchingText(
  db: Db,
  catalogue: Catalogue,
  isLegacy: boolean,
  query: TextQuery,
): Promise<ReadonlySet<number>> {
  if (query.kind === 'nothing') return Promise.resolve(NONE)
  const cache = catalogueMemo(
    catalogue,
    'text-search',
    () => new LRUCache<string, Promise<ReadonlySet<number>>>({ max: REMEMBERED_SEARCHES }),
  )
  const key = `${isLegacy ? 'L' : 'R'}|${query.tsquery}|${query.initials ?? ''}`
  const cached = cache.get(key)
  if (cached) return cached
  const initials = query.initials ? sql` or initials = ${query.initials}` : sql``
  const pending = queryRows<SqlRow<typeof cards, 'id'>>(
    db,
    sql`select id from card
        where is_legacy = ${isLegacy} and (${textMatches(sql`search_text`, query)}${initials})`,
  ).then(
    (rows) => new Set(rows.map((row) => row.id)),
    (error: unknown) => {
      cache.delete(key)
      throw error
    },
  )
  cache.set(key, pending)
  return pending
}
