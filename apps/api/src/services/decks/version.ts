import { type SQL, sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { preconditionFailed } from '../../lib/refusal.ts'

/**
 * A deck's version as HTTP sees it: the strong `ETag` of every answer carrying one deck's saved
 * contents, and what `If-Match` on `PUT /v2/decks` is checked against. The deck's id is part of
 * the tag, so a tag of another deck (a working deck's public address answers its latest
 * snapshot) never matches.
 */
export type Versioned = { id: number; version: number }

/** An answer and the version of the deck it carries. */
export type Tagged<T> = { body: T; etag: string }

export const deckTag = (deck: Versioned) => `"${deck.id}-${deck.version}"`

/** What `If-Match` asks for: any existing deck (`*`), or one of these strong tags. */
export type IfMatch = { any: true } | { any: false; tags: string[] }

/**
 * `If-Match` as RFC 9110 writes it: `*`, or a comma-separated list of entity tags. Only strong
 * tags can match (weak ones and anything malformed simply never do); absent means no check.
 */
export function parseIfMatch(header: string | string[] | undefined): IfMatch | null {
  if (header === undefined) return null
  const text = Array.isArray(header) ? header.join(',') : header
  if (text.trim() === '*') return { any: true }
  const tags = [...text.matchAll(/(W\/)?("[\x21\x23-\x7e]*")/g)]
  return { any: false, tags: tags.flatMap(([, weak, tag]) => (weak || !tag ? [] : [tag])) }
}

/** The versions of `deckId` that `If-Match` names (tags of other decks name none). */
function versionsOf(ifMatch: { tags: string[] }, deckId: number): number[] {
  const prefix = `"${deckId}-`
  return ifMatch.tags.flatMap((tag) => {
    if (!tag.startsWith(prefix)) return []
    const version = tag.slice(prefix.length, -1)
    return /^[1-9]\d{0,8}$/.test(version) ? [Number(version)] : []
  })
}

/**
 * A condition on the `deck` row being written (as `version`), for the write's own statement,
 * so the check and the write are one: true without `If-Match` or with `*` (the statement
 * itself requires a deck that is not deleted), else the row's version must be one named.
 */
export function versionCondition(ifMatch: IfMatch | null, deckId: number): SQL {
  const versions = ifMatch === null || ifMatch.any ? null : versionsOf(ifMatch, deckId)
  return sql`(${versions === null}::boolean
    or version = any(${`{${(versions ?? []).join(',')}}`}::int[]))`
}

/** For writers outside the save: the decks `where` selects now show something else. */
export async function raiseVersion(db: Queryable, where: SQL): Promise<void> {
  await db.execute(sql`update deck set version = version + 1 where ${where}`)
}

export const STALE_DECK = 'This deck was changed since that version: load it again before saving.'

/** With the deck's row locked: refuses the write when `If-Match` does not name its version. */
export function checkIfMatch(
  ifMatch: IfMatch | null,
  deck: (Versioned & { is_deleted: boolean }) | null,
): void {
  if (ifMatch === null) return
  if (deck === null || deck.is_deleted) throw preconditionFailed(STALE_DECK)
  if (!ifMatch.any && !versionsOf(ifMatch, deck.id).includes(deck.version)) {
    throw preconditionFailed(STALE_DECK)
  }
}
