import { CARD_TYPES, type CardType, DICE_NAMES, type DiceName } from './cards.ts'
import type { ValidationIssue } from './errors.ts'
import { LIMITS } from './limits.ts'
import { stubify } from './stubs.ts'

/**
 * The card browser's search language: the `q` text of `GET /v2/cards` and of the search box,
 * split into free text (searched as API.md §6.11 always did) and terms that mirror the filters.
 *
 * Grammar (case-insensitive keys; whitespace separates tokens, a `"…"` keeps its spaces):
 *
 *   query  = { token }
 *   token  = group | free
 *   group  = term { "or" term }          -- `or` joins the terms on either side of it
 *   term   = [ "-" ] key ":" value       -- `-` negates the term
 *          | [ "-" ] "cost" op number    -- op: = < <= > >=  (`cost:2` is `cost=2`)
 *   key    = type | t | dice | d | release | r | text
 *   value  = bare | '"' chars '"'        -- a bare value holds no quote or space
 *
 * Precedence: `or` binds tighter than the whitespace between tokens, so `a b or c d` means
 * a AND (b OR c) AND d. Groups and free text are all combined with AND. `or` is an operator
 * only between two terms; anywhere else it is an ordinary free-text word, as is any token
 * whose key is unknown (`foo:bar`), a `-word`, and everything inside a free-text quote.
 * An unclosed quote runs to the end of the input, for free text (as before) and values alike.
 *
 * A known key with a bad value is an error naming the term (the API answers 422). A `q` with
 * no term is handed back unchanged, byte for byte, as its free text.
 */

export const CARD_TERM_KEYS = ['type', 'dice', 'release', 'text', 'cost'] as const
export type CardTermKey = (typeof CARD_TERM_KEYS)[number]

export const COST_OPERATORS = ['=', '<', '<=', '>', '>='] as const
export type CostOperator = (typeof COST_OPERATORS)[number]

/** One filter term. Every term keeps its value so the text can be written back. */
export type CardTerm =
  /** Card types whose name without spaces starts with `value` (`conj`: both conjurations). */
  | { key: 'type'; negated: boolean; value: string; types: readonly CardType[] }
  /** Cards whose dice include this type; `basic` stands for cards that need no magic type. */
  | { key: 'dice'; negated: boolean; value: DiceName }
  /** The start of a word of a release's name or stub; the API resolves it against its releases. */
  | { key: 'release'; negated: boolean; value: string }
  /** A phrase in the card's text. */
  | { key: 'text'; negated: boolean; value: string }
  /** Compares the number of dice in the card's play cost. */
  | { key: 'cost'; negated: boolean; operator: CostOperator; value: number }

/** A run of the query in the order typed: free text, or terms of which any one may match. */
export type CardQueryPart =
  | { kind: 'text'; text: string }
  | { kind: 'terms'; anyOf: readonly CardTerm[] }

export type CardQuery = { parts: readonly CardQueryPart[] }

export type CardQueryErrorKind =
  | 'missing_value'
  | 'bad_operator'
  | 'misplaced_quote'
  | 'unknown_type'
  | 'unknown_die'
  | 'bad_number'
  | 'too_many_terms'
  /** Only when the releases are given: the value names none of them. */
  | 'unknown_release'

/** Why a query cannot be run; `term` is the term as typed. */
export type CardQueryError = { kind: CardQueryErrorKind; term: string }

export type CardQueryResult = { ok: true; query: CardQuery } | { ok: false; error: CardQueryError }

const KEYS: Readonly<Record<string, CardTermKey>> = {
  type: 'type',
  t: 'type',
  dice: 'dice',
  d: 'dice',
  release: 'release',
  r: 'release',
  text: 'text',
  cost: 'cost',
}

/** At most 7 letters (`release`), so a long token costs nothing to test. */
const TERM_START = /^(-?)([A-Za-z]{1,7})(<=|>=|<|>|=|:)/
const WHITESPACE = /\s/
/** Past nine digits a number stops being exact in every language; no cost comes close. */
const NUMBER = /^\d{1,9}$/

/** Type names compared as typed without spaces: `readyspell`, `ready_spell`, `Ready-Spell`. */
export function compactTypeName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '')
}

/** Card types a `type:` value names (each type whose compact name starts with it). */
export function cardTypesByPrefix(value: string): CardType[] {
  const prefix = compactTypeName(value)
  if (prefix === '') return []
  return CARD_TYPES.filter((type) => compactTypeName(type).startsWith(prefix))
}

/** What a `release:` value is compared with. */
export type ReleaseName = { stub: string; name: string }

/** Whether some word of `text` (a word starts where a letter or digit follows anything else) begins `prefix`. */
function aWordStarts(text: string, prefix: string): boolean {
  if (prefix === '') return false
  for (let index = text.indexOf(prefix); index !== -1; index = text.indexOf(prefix, index + 1)) {
    if (index === 0 || !/[\p{L}\p{N}'\u2019]/u.test(text.charAt(index - 1))) return true
  }
  return false
}

/**
 * A `release:` value names a release when it starts any word of the release's name or of its
 * stub, in any case: every expansion's name starts with "The", so `r:frost` must reach The
 * Frostdale Giants by its second word; `r:master-set` and `r:"master set"` still name the
 * Master Set.
 */
export function releaseMatches(value: string, release: ReleaseName): boolean {
  const prefix = value.replace(/\s+/g, ' ').trim().toLowerCase()
  return (
    aWordStarts(release.name.toLowerCase(), prefix) || aWordStarts(release.stub, stubify(value))
  )
}

/** Whitespace-separated tokens; a quote keeps spaces until it closes or the input ends. */
function tokenize(q: string): string[] {
  const tokens: string[] = []
  let index = 0
  while (index < q.length) {
    while (index < q.length && WHITESPACE.test(q.charAt(index))) index++
    if (index >= q.length) break
    const start = index
    let quoted = false
    while (index < q.length && (quoted || !WHITESPACE.test(q.charAt(index)))) {
      if (q.charAt(index) === '"') quoted = !quoted
      index++
    }
    tokens.push(q.slice(start, index))
  }
  return tokens
}

type Token = { kind: 'term'; term: CardTerm } | { kind: 'free'; text: string }

/** The value after the key: whole-quoted or bare, with its spaces folded. */
function readValue(raw: string, term: string): string | CardQueryError {
  let value = raw
  if (raw.startsWith('"')) {
    const close = raw.indexOf('"', 1)
    if (close !== -1 && close !== raw.length - 1) return { kind: 'misplaced_quote', term }
    value = raw.slice(1, close === -1 ? undefined : close)
  } else if (raw.includes('"')) {
    return { kind: 'misplaced_quote', term }
  }
  value = value.replace(/\s+/g, ' ').trim()
  return value === '' ? { kind: 'missing_value', term } : value
}

export type CardQueryOptions = {
  /** The releases `release:` may name; without them any value is accepted (the web's case). */
  releases?: readonly ReleaseName[] | undefined
}

function classify(token: string, options: CardQueryOptions): Token | CardQueryError {
  const start = TERM_START.exec(token)
  const key = start && KEYS[(start[2] ?? '').toLowerCase()]
  if (!start || !key) return { kind: 'free', text: token }
  const negated = start[1] === '-'
  const operator = start[3] as CostOperator | ':'
  if (operator !== ':' && key !== 'cost') return { kind: 'bad_operator', term: token }
  const value = readValue(token.slice(start[0].length), token)
  if (typeof value !== 'string') return value
  switch (key) {
    case 'type': {
      const types = cardTypesByPrefix(value)
      if (types.length === 0) return { kind: 'unknown_type', term: token }
      return { kind: 'term', term: { key, negated, value, types } }
    }
    case 'dice': {
      const die = DICE_NAMES.find((name) => name === value.toLowerCase())
      if (!die) return { kind: 'unknown_die', term: token }
      return { kind: 'term', term: { key, negated, value: die } }
    }
    case 'cost':
      if (!NUMBER.test(value)) return { kind: 'bad_number', term: token }
      return {
        kind: 'term',
        term: { key, negated, operator: operator === ':' ? '=' : operator, value: Number(value) },
      }
    case 'release':
      if (options.releases && !options.releases.some((release) => releaseMatches(value, release))) {
        return { kind: 'unknown_release', term: token }
      }
      return { kind: 'term', term: { key, negated, value } }
    default:
      return { kind: 'term', term: { key, negated, value } }
  }
}

const isOr = (token: Token | undefined) => token?.kind === 'free' && /^or$/i.test(token.text)

/**
 * Reads a search query. Work is linear in the input; at most `LIMITS.searchTerms` terms are
 * accepted, so matching stays bounded too. The first bad term (left to right) is the error.
 */
export function parseCardQuery(q: string, options: CardQueryOptions = {}): CardQueryResult {
  const tokens: Token[] = []
  let terms = 0
  for (const raw of tokenize(q)) {
    const token = classify(raw, options)
    if (token.kind !== 'term' && token.kind !== 'free') return { ok: false, error: token }
    if (token.kind === 'term' && ++terms > LIMITS.searchTerms) {
      return { ok: false, error: { kind: 'too_many_terms', term: raw } }
    }
    tokens.push(token)
  }
  if (terms === 0)
    return { ok: true, query: { parts: q === '' ? [] : [{ kind: 'text', text: q }] } }

  const parts: CardQueryPart[] = []
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token
    const previous = parts.at(-1)
    const next = tokens[index + 1]
    if (isOr(token) && previous?.kind === 'terms' && next?.kind === 'term') {
      parts[parts.length - 1] = { kind: 'terms', anyOf: [...previous.anyOf, next.term] }
      index++
    } else if (token.kind === 'term') {
      parts.push({ kind: 'terms', anyOf: [token.term] })
    } else {
      parts.push({ kind: 'text', text: token.text })
    }
  }
  return { ok: true, query: { parts } }
}

/** The free text, for the full-text search of §6.11: the whole `q` when it holds no term. */
export function freeText(query: CardQuery): string {
  return query.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join(' ')
}

/** The term groups, all of which must match; within a group any one term may. */
export function termGroups(query: CardQuery): (readonly CardTerm[])[] {
  return query.parts.flatMap((part) => (part.kind === 'terms' ? [part.anyOf] : []))
}

export function hasTerms(query: CardQuery): boolean {
  return query.parts.some((part) => part.kind === 'terms')
}

/** Long terms are cut in messages: the message names the term, it need not repeat a page. */
const MESSAGE_TERM_LENGTH = 60

function shown(term: string): string {
  const chars = [...term]
  return chars.length > MESSAGE_TERM_LENGTH
    ? `${chars.slice(0, MESSAGE_TERM_LENGTH).join('')}…`
    : term
}

/** The sentence shown to the player (and the 422's `msg`); it always names the term. */
export function cardQueryErrorMessage(error: CardQueryError): string {
  const term = `'${shown(error.term)}'`
  switch (error.kind) {
    case 'missing_value':
      return `Search term ${term} needs a value`
    case 'bad_operator':
      return `Search term ${term} must use ':' (only cost compares with =, <, <=, > or >=)`
    case 'misplaced_quote':
      return `Search term ${term} has a stray quote; put quotes around the whole value`
    case 'unknown_type':
      return `Search term ${term} names no card type (${CARD_TYPES.map(compactTypeName).join(', ')})`
    case 'unknown_die':
      return `Search term ${term} names no dice type (${DICE_NAMES.join(', ')})`
    case 'bad_number':
      return `Search term ${term} needs a whole number of dice`
    case 'too_many_terms':
      return `Search term ${term} is one too many: at most ${LIMITS.searchTerms} terms`
    case 'unknown_release':
      return `Search term ${term} names no release`
  }
}

/** The 422 item for a bad `q` (API.md §2.1): the API answers `{"detail": [this]}`. */
export function cardQueryIssue(error: CardQueryError, q: string): ValidationIssue {
  return {
    type: 'value_error',
    loc: ['query', 'q'],
    msg: cardQueryErrorMessage(error),
    input: q,
    ctx: { term: error.term },
  }
}
