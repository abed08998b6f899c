import { stem } from 'porter2'
import { type CardQuery, freeText, parseCardQuery, termGroups } from './card-query.ts'
import { matchesCardQuery, plainCardText, playCostDice, termMatches } from './card-query-match.ts'
import type { CostEntry } from './card-schemas.ts'

/**
 * The card search's plain words as the API reads them (PostgreSQL's English text search, see
 * `apps/api/src/services/cards/full-text.ts`), worked out without a database, so a list already
 * on screen can be narrowed while the player types and before the API answers:
 *
 * - a card's words are its name, its Phoenixborn's name and its text (markup brackets and
 *   apostrophes dropped), split on anything that is not a letter or digit; English stop words
 *   are no words, and every other word counts by its Snowball English stem (porter2, the
 *   stemmer PostgreSQL's `english` configuration uses);
 * - a typed word keeps its letters only and matches when its stem begins a card word's stem; a
 *   typed stop word is left out, and a search of nothing but stop words finds nothing;
 * - a single typed word of two letters or more also finds the cards it is the initials of.
 *
 * Quoted phrases are not worked out here: for them, and for `dice:` terms (which need the
 * API's dice flags), `narrowCards` answers null and the caller waits for the API.
 */

/** PostgreSQL's English stop words (`tsearch_data/english.stop`). */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'i',
  'me',
  'my',
  'myself',
  'we',
  'our',
  'ours',
  'ourselves',
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  'he',
  'him',
  'his',
  'himself',
  'she',
  'her',
  'hers',
  'herself',
  'it',
  'its',
  'itself',
  'they',
  'them',
  'their',
  'theirs',
  'themselves',
  'what',
  'which',
  'who',
  'whom',
  'this',
  'that',
  'these',
  'those',
  'am',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'have',
  'has',
  'had',
  'having',
  'do',
  'does',
  'did',
  'doing',
  'a',
  'an',
  'the',
  'and',
  'but',
  'if',
  'or',
  'because',
  'as',
  'until',
  'while',
  'of',
  'at',
  'by',
  'for',
  'with',
  'about',
  'against',
  'between',
  'into',
  'through',
  'during',
  'before',
  'after',
  'above',
  'below',
  'to',
  'from',
  'up',
  'down',
  'in',
  'out',
  'on',
  'off',
  'over',
  'under',
  'again',
  'further',
  'then',
  'once',
  'here',
  'there',
  'when',
  'where',
  'why',
  'how',
  'all',
  'any',
  'both',
  'each',
  'few',
  'more',
  'most',
  'other',
  'some',
  'such',
  'no',
  'nor',
  'not',
  'only',
  'own',
  'same',
  'so',
  'than',
  'too',
  'very',
  's',
  't',
  'can',
  'will',
  'just',
  'don',
  'should',
  'now',
])

/** As the API cuts a search: 16 words, 60 letters a word, the first 1000 characters. */
const MAX_WORDS = 16
const MAX_WORD_LENGTH = 60
const MAX_INPUT = 1000

/** What a search's free text asks: nothing (no filter), words, or what cannot be told here. */
export type TextSearch =
  | { kind: 'none' }
  /** Nothing searchable (only digits or signs): no card matches. */
  | { kind: 'nothing' }
  | { kind: 'words'; stems: readonly string[]; initials: string | null }
  | { kind: 'unknown' }

export function readTextSearch(text: string): TextSearch {
  if (text.trim() === '') return { kind: 'none' }
  if (text.includes('"')) return { kind: 'unknown' }
  const words = text
    .slice(0, MAX_INPUT)
    .replace(/[&:\-\s]+/g, ' ')
    .replace(/[^A-Za-z ]/g, '')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH))
  if (words.length === 0) return { kind: 'nothing' }
  const stems = words.filter((word) => !ENGLISH_STOP_WORDS.has(word)).map((word) => stem(word))
  const [only] = words
  const initials = words.length === 1 && only && only.length >= 2 ? only : null
  return { kind: 'words', stems, initials }
}

/** What the text search reads of a card. */
export type SearchableCard = {
  name: string
  phoenixborn?: string | null | undefined
  text?: string | null | undefined
}

type CardWords = { stems: readonly string[]; initials: string }

const cardWordsCache = new WeakMap<object, CardWords>()

/** First letter or digit of each word of a name, split on spaces and hyphens (Three-Eyed Owl: teo). */
function initialsOf(name: string): string {
  return name
    .toLowerCase()
    .split(/[\s-]+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .join('')
}

function cardWords(card: SearchableCard): CardWords {
  const known = cardWordsCache.get(card)
  if (known) return known
  const source = `${card.name} ${card.phoenixborn ?? ''} ${(card.text ?? '').replace(/\[\[|\]\]|'/g, '')}`
  const stems = new Set<string>()
  for (const word of source.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word && !ENGLISH_STOP_WORDS.has(word)) stems.add(stem(word))
  }
  const words = { stems: [...stems], initials: initialsOf(card.name) }
  cardWordsCache.set(card, words)
  return words
}

/** Whether a card answers the words of a search (`kind: 'words'`). */
export function wordsMatch(
  search: Extract<TextSearch, { kind: 'words' }>,
  card: SearchableCard,
): boolean {
  const words = cardWords(card)
  if (search.initials !== null && words.initials === search.initials) return true
  if (search.stems.length === 0) return false
  return search.stems.every((typed) => words.stems.some((word) => word.startsWith(typed)))
}

/** What narrowing needs of a card: the text search's fields and those the terms read. */
export type NarrowableCard = SearchableCard & {
  type: string
  release: { name: string; stub: string }
  cost?: readonly CostEntry[] | null | undefined
}

/**
 * The cards of `cards` that the search `q` finds, in their order, or null when that cannot be
 * told without the API (a quoted phrase, a `dice:` term, or a search the API would refuse).
 */
export function narrowCards<C extends NarrowableCard>(cards: readonly C[], q: string): C[] | null {
  const parsed = parseCardQuery(q)
  if (!parsed.ok) return null
  const query: CardQuery = parsed.query
  if (termGroups(query).some((group) => group.some((term) => term.key === 'dice'))) return null
  const text = readTextSearch(freeText(query))
  if (text.kind === 'unknown') return null
  if (text.kind === 'nothing') return []
  return cards.filter((card) => {
    if (text.kind === 'words' && !wordsMatch(text, card)) return false
    const read = {
      type: card.type,
      release: card.release,
      plainText: plainCardText(card.text),
      costDice: playCostDice(card.cost ?? undefined),
    }
    // No dice term gets here (see above).
    return matchesCardQuery(query, (term) => termMatches(term, read, () => true))
  })
}
