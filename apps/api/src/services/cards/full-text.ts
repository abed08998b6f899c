import { type SQL, sql } from 'drizzle-orm'

/**
 * A search box query turned into PostgreSQL text search (API.md §6.11 with the prefix rules
 * chosen in §15 A1): every bare word must match as a prefix of some word (`hamm` finds Hammer
 * Knight), a quoted phrase must match its words in order (the last one as a prefix), and a lone
 * word may also match a card's initials (`teo` finds Three-Eyed Owl).
 */
export type TextQuery =
  /** Nothing searchable was left after cleaning (`q=123`): the filter matches no rows. */
  { kind: 'nothing' } | { kind: 'match'; tsquery: string; initials: string | null }

/** Past this many words a query is cut: nobody types more, and it bounds the work per request. */
const MAX_WORDS = 16
/** Longer words cannot be in the index (PostgreSQL drops lexemes over 2 KB); cut them early. */
const MAX_WORD_LENGTH = 60
const MAX_INPUT = 1000

function cleanWords(text: string): string[] {
  return text
    .replace(/[&:\-\s]+/g, ' ')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
}

/** Bare words and quoted phrases, in the order typed; an unclosed quote runs to the end. */
function splitTerms(q: string): { words: string[]; quoted: boolean }[] {
  const terms: { words: string[]; quoted: boolean }[] = []
  const parts = q.split('"')
  parts.forEach((part, index) => {
    const quoted = index % 2 === 1
    const words = cleanWords(part)
    if (words.length === 0) return
    if (quoted) terms.push({ words, quoted })
    else for (const word of words) terms.push({ words: [word], quoted })
  })
  return terms
}

/** `null` when `q` is absent or blank: no text filter at all. */
export function parseTextQuery(q: string | undefined): TextQuery | null {
  if (q === undefined || q.trim() === '') return null
  const terms = splitTerms(q.slice(0, MAX_INPUT))
  let budget = MAX_WORDS
  const parts: string[] = []
  for (const term of terms) {
    if (budget <= 0) break
    const words = term.words.slice(0, budget)
    budget -= words.length
    const last = words.length - 1
    const phrase = words.map((word, i) => (i === last ? `${word}:*` : word)).join(' <-> ')
    parts.push(words.length > 1 ? `(${phrase})` : phrase)
  }
  if (parts.length === 0) return { kind: 'nothing' }
  const [first] = terms
  const initials =
    terms.length === 1 && first && !first.quoted && (first.words[0]?.length ?? 0) >= 2
      ? (first.words[0] ?? null)
      : null
  return { kind: 'match', tsquery: parts.join(' & '), initials }
}

/**
 * The text condition on any text column (card `search_text`, deck titles). Stop words inside
 * the query are dropped by PostgreSQL itself; a query of nothing but stop words matches nothing,
 * as in the reference.
 */
export function textMatches(column: SQL, query: Extract<TextQuery, { kind: 'match' }>): SQL {
  return sql`to_tsvector('english', ${column}) @@ to_tsquery('english', ${query.tsquery})`
}
