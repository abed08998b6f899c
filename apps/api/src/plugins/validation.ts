import type { ValidationIssue } from '@spellboard/core/errors'
import type { FastifySchemaCompiler } from 'fastify'
import type { z } from 'zod'
import { unprocessable } from '../lib/refusal.ts'

const LOCATIONS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
}

const TYPE_NAMES: Record<string, [type: string, msg: string]> = {
  string: ['string_type', 'Input should be a valid string'],
  number: ['int_type', 'Input should be a valid integer'],
  int: ['int_type', 'Input should be a valid integer'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  array: ['list_type', 'Input should be a valid list'],
  object: ['dict_type', 'Input should be a valid dictionary'],
  record: ['dict_type', 'Input should be a valid dictionary'],
  tuple: ['list_type', 'Input should be a valid list'],
}

function sizeIssue(issue: z.core.$ZodIssue, tooSmall: boolean): [string, string, object] {
  const bound = Number(
    (issue as { minimum?: unknown; maximum?: unknown })[tooSmall ? 'minimum' : 'maximum'],
  )
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false
  const origin = (issue as { origin?: string }).origin
  if (origin === 'string') {
    return tooSmall
      ? [
          'string_too_short',
          `String should have at least ${bound} character${bound === 1 ? '' : 's'}`,
          { min_length: bound },
        ]
      : [
          'string_too_long',
          `String should have at most ${bound} character${bound === 1 ? '' : 's'}`,
          { max_length: bound },
        ]
  }
  if (origin === 'array' || origin === 'set') {
    return tooSmall
      ? [
          'too_short',
          `List should have at least ${bound} item${bound === 1 ? '' : 's'}`,
          { min_length: bound },
        ]
      : [
          'too_long',
          `List should have at most ${bound} item${bound === 1 ? '' : 's'}`,
          { max_length: bound },
        ]
  }
  if (tooSmall) {
    return inclusive
      ? ['greater_than_equal', `Input should be greater than or equal to ${bound}`, { ge: bound }]
      : ['greater_than', `Input should be greater than ${bound}`, { gt: bound }]
  }
  return inclusive
    ? ['less_than_equal', `Input should be less than or equal to ${bound}`, { le: bound }]
    : ['less_than', `Input should be less than ${bound}`, { lt: bound }]
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let current = data
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/** Zod issues in the reference API's vocabulary (pydantic's `type`, `msg`, `ctx`). */
export function toValidationIssues(
  error: z.ZodError,
  location: string,
  data: unknown,
): ValidationIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol')
    const loc = [location, ...path]
    const input = 'input' in issue ? issue.input : valueAt(data, issue.path)
    // Nothing there at all (a union or a refinement over an absent key): the field is missing.
    if (input === undefined) {
      return {
        type: 'missing',
        loc,
        msg: 'Field required',
        input: valueAt(data, issue.path.slice(0, -1)) ?? null,
      }
    }
    const params = (issue as { params?: { type?: string; ctx?: object } }).params
    if (params?.type) {
      return {
        type: params.type,
        loc,
        msg: issue.message,
        input,
        ...(params.ctx ? { ctx: { ...params.ctx } } : {}),
      }
    }
    switch (issue.code) {
      case 'invalid_type': {
        if (input === undefined)
          return {
            type: 'missing',
            loc,
            msg: 'Field required',
            input: valueAt(data, issue.path.slice(0, -1)) ?? null,
          }
        const [type, msg] = TYPE_NAMES[issue.expected] ?? ['type_error', issue.message]
        return { type, loc, msg, input }
      }
      case 'invalid_value': {
        const expected = issue.values.map((v) => `'${String(v)}'`)
        const list =
          expected.length > 1
            ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}`
            : (expected[0] ?? '')
        return issue.values.length === 1
          ? {
              type: 'literal_error',
              loc,
              msg: `Input should be ${list}`,
              input,
              ctx: { expected: list },
            }
          : { type: 'enum', loc, msg: `Input should be ${list}`, input, ctx: { expected: list } }
      }
      case 'too_small':
      case 'too_big': {
        const [type, msg, ctx] = sizeIssue(issue, issue.code === 'too_small')
        return { type, loc, msg, input, ctx }
      }
      case 'invalid_format':
        if (issue.format === 'email') {
          return { type: 'value_error', loc, msg: 'value is not a valid email address', input }
        }
        if (issue.format === 'uuid') {
          return { type: 'uuid_parsing', loc, msg: 'Input should be a valid UUID', input }
        }
        return { type: 'string_pattern_mismatch', loc, msg: issue.message, input }
      default:
        return { type: 'value_error', loc, msg: issue.message, input }
    }
  })
}

/** A UTF-16 surrogate without its pair: no Unicode character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

type Unstorable = { path: (string | number)[]; text: string; reason: 'nul' | 'surrogate' }

function unstorableText(text: string): Unstorable['reason'] | null {
  if (text.includes('\u0000')) return 'nul'
  return LONE_SURROGATE.test(text) ? 'surrogate' : null
}

/**
 * Text PostgreSQL cannot store: NUL characters (no text column holds them) and lone surrogates
 * (JSON escapes like `"\ud800"` that decode to no character; JSONB refuses them, and text
 * columns would silently turn them into U+FFFD). A value that made it through its schema with
 * one (a key or a string, anywhere in what the route will use) is refused here, as a 422
 * naming the field, instead of failing in the database. Unknown keys were stripped by then,
 * so they stay ignored whatever they hold.
 */
function findUnstorable(value: unknown, path: (string | number)[] = []): Unstorable | null {
  if (typeof value === 'string') {
    const reason = unstorableText(value)
    return reason ? { path, text: value, reason } : null
  }
  if (value === null || typeof value !== 'object' || path.length > 32) return null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, [...path, index])
      if (found) return found
    }
    return null
  }
  for (const [key, item] of Object.entries(value)) {
    const reason = unstorableText(key)
    if (reason) return { path: [...path, key], text: key, reason }
    const found = findUnstorable(item, [...path, key])
    if (found) return found
  }
  return null
}

const UNSTORABLE_ISSUES = {
  nul: { type: 'string_pattern_mismatch', msg: 'String should not contain NUL characters' },
  surrogate: {
    type: 'string_unicode',
    msg: 'Input should be a valid string, unable to parse raw data as a unicode string',
  },
} as const

/**
 * How many validated paths and queries the process keeps (all routes together), and the
 * longest one kept: a few MB at most. A kept read (a deck, a card list page) spent more on
 * parsing its few path and query strings with zod than on finding its answer
 * (docs/decisions/014); the same strings always give the same values, so they are worked out
 * once. Past the count the list starts again (bounded, and no bookkeeping per hit).
 */
export const KEPT_INPUTS = 2000
export const MAX_KEPT_INPUT = 512

const keptValues = new Map<string, Flat>()
let validators = 0

type Flat = Record<string, unknown>

/** Values a later request may be handed a copy of: strings, numbers, lists of them. */
function isFlat(value: unknown): value is Flat {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  for (const item of Object.values(value)) {
    const items = Array.isArray(item) ? item : [item]
    if (items.some((one) => one !== null && typeof one === 'object')) return false
  }
  return true
}

/** A copy of its own for each request: a route may change its query object or lists. */
function copyFlat(value: Flat): Flat {
  const copy: Flat = {}
  for (const key of Object.keys(value)) {
    const item = value[key]
    copy[key] = Array.isArray(item) ? item.slice() : item
  }
  return copy
}

/**
 * A path's or query's validator that keeps what it found valid, by the strings it was given
 * (their JSON). Route schemas for these parts are pure functions of those strings; refusals are
 * not kept (they are rare, and their issues echo the input).
 */
function keptInputs(validate: (data: unknown) => { value?: unknown; error?: Error }) {
  const prefix = `${validators++}\u0000`
  const kept = keptValues
  return (data: unknown) => {
    const json = JSON.stringify(data)
    const key = json === undefined ? undefined : prefix + json
    const known = key === undefined ? undefined : kept.get(key)
    if (known) return { value: copyFlat(known) }
    const result = validate(data)
    if (
      key !== undefined &&
      key.length <= MAX_KEPT_INPUT + prefix.length &&
      !result.error &&
      isFlat(result.value)
    ) {
      if (kept.size >= KEPT_INPUTS) kept.clear()
      kept.set(key, copyFlat(result.value))
    }
    return result
  }
}

/** Every route schema is zod; failures become a 422 refusal. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const location = LOCATIONS[httpPart ?? 'body'] ?? 'body'
  const validate = validatorOf(schema, location)
  return httpPart === 'params' || httpPart === 'querystring' ? keptInputs(validate) : validate
}

function validatorOf(schema: z.ZodType, location: string) {
  return (data: unknown): { value?: unknown; error?: Error } => {
    const result = schema.safeParse(data, { reportInput: true })
    if (result.success) {
      const unstorable = findUnstorable(result.data)
      if (!unstorable) return { value: result.data }
      return {
        error: unprocessable([
          {
            ...UNSTORABLE_ISSUES[unstorable.reason],
            loc: [location, ...unstorable.path],
            input: unstorable.text,
          },
        ]),
      }
    }
    // A request without a body reaches the schema as null: report the body itself as missing.
    if (location === 'body' && (data === null || data === undefined)) {
      return {
        error: unprocessable([
          { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
        ]),
      }
    }
    return { error: unprocessable(toValidationIssues(result.error, location, data)) }
  }
}
