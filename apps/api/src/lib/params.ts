import { LIMITS } from '@spellboard/core/limits'
import { z } from 'zod'

/**
 * Query-string building blocks (API.md §1.2). A query value arrives as a string, or an array when
 * the key is repeated; scalar parameters take the last occurrence. Failures carry the error
 * `type` and message that clients know from the reference API.
 */
const raw = z.union([z.string(), z.array(z.string())])
const last = (value: string | string[]) => (Array.isArray(value) ? value.at(-1) : value) ?? ''

type Ctx = z.RefinementCtx
/** `path` places the issue below the parameter: the index of a repeated key's bad value. */
type Extra = { ctx?: object; path?: number[] }
function fail(ctx: Ctx, type: string, message: string, input: unknown, extra: Extra = {}) {
  const { path, ...params } = extra
  ctx.addIssue({
    code: 'custom',
    message,
    input,
    ...(path ? { path } : {}),
    params: { type, ...params },
  })
  return z.NEVER
}

const TRUE = new Set(['true', '1', 'yes', 'on', 't', 'y'])
const FALSE = new Set(['false', '0', 'no', 'off', 'f', 'n'])

export function parseBoolean(value: string): boolean | undefined {
  const lower = value.trim().toLowerCase()
  if (TRUE.has(lower)) return true
  if (FALSE.has(lower)) return false
  return undefined
}

export function qBool(fallback = false) {
  return raw.optional().transform((value, ctx): boolean => {
    if (value === undefined) return fallback
    const text = last(value)
    const parsed = parseBoolean(text)
    if (parsed === undefined) {
      return fail(
        ctx,
        'bool_parsing',
        'Input should be a valid boolean, unable to interpret input',
        text,
      )
    }
    return parsed
  })
}

/**
 * A decimal integer, as the reference parses it: any number of digits. Ids are 64-bit and a
 * client may send more digits still; past 2^53 a value can no longer name a row nor a page, so it
 * is kept at the largest safe integer of its sign (it then reads as an unknown id, an offset past
 * the end, a limit over the maximum) instead of being refused.
 */
function parseIntStrict(text: string): number | undefined {
  if (!/^\s*[+-]?\d+\s*$/.test(text)) return undefined
  const parsed = Number.parseInt(text, 10)
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, parsed))
}

export function qInt(options: { fallback?: number; min?: number; max?: number } = {}) {
  return raw.optional().transform((value, ctx): number | undefined => {
    if (value === undefined) return options.fallback
    const text = last(value)
    const parsed = parseIntStrict(text)
    if (parsed === undefined) {
      return fail(
        ctx,
        'int_parsing',
        'Input should be a valid integer, unable to parse string as an integer',
        text,
      )
    }
    if (options.min !== undefined && parsed < options.min) {
      return fail(
        ctx,
        'greater_than_equal',
        `Input should be greater than or equal to ${options.min}`,
        text,
        {
          ctx: { ge: options.min },
        },
      )
    }
    if (options.max !== undefined && parsed > options.max) {
      return fail(
        ctx,
        'less_than_equal',
        `Input should be less than or equal to ${options.max}`,
        text,
        {
          ctx: { le: options.max },
        },
      )
    }
    return parsed
  })
}

function enumMessage(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`)
  return quoted.length > 1
    ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`
    : (quoted[0] ?? '')
}

function checkEnum<T extends string>(
  values: readonly T[],
  text: string,
  ctx: Ctx,
  path?: number[],
): T {
  if ((values as readonly string[]).includes(text)) return text as T
  const expected = enumMessage(values)
  return fail(ctx, 'enum', `Input should be ${expected}`, text, { ctx: { expected }, path })
}

export function qEnum<T extends string>(values: readonly T[], fallback: T) {
  return raw.optional().transform((value, ctx): T => {
    if (value === undefined) return fallback
    return checkEnum(values, last(value), ctx)
  })
}

export function qEnumList<T extends string>(values: readonly T[]) {
  return raw.optional().transform((value, ctx): T[] => {
    if (value === undefined) return []
    // Like every list parameter, each bad value is reported at its own index (a lone one at 0).
    const list = Array.isArray(value) ? value : [value]
    return list.map((text, index) => checkEnum(values, text, ctx, [index]))
  })
}

export function qString() {
  return raw
    .optional()
    .transform((value): string | undefined => (value === undefined ? undefined : last(value)))
}

export function qStringList() {
  return raw
    .optional()
    .transform((value): string[] =>
      value === undefined ? [] : Array.isArray(value) ? value : [value],
    )
}

/**
 * `limit`/`offset` of API.md §4: limit above the maximum is clamped, zero or negative limits
 * and negative offsets are refused.
 */
export function pagingQuery(defaultLimit: number = LIMITS.defaultPageSize) {
  return {
    limit: raw.optional().transform((value, ctx): number => {
      if (value === undefined) return defaultLimit
      const text = last(value)
      const parsed = parseIntStrict(text)
      if (parsed === undefined) {
        return fail(
          ctx,
          'int_parsing',
          'Input should be a valid integer, unable to parse string as an integer',
          text,
        )
      }
      if (parsed <= 0) {
        return fail(ctx, 'greater_than', 'Input should be greater than 0', text, { ctx: { gt: 0 } })
      }
      return Math.min(parsed, LIMITS.maxPageSize)
    }),
    offset: qInt({ fallback: 0, min: 0 }) as z.ZodType<number, string | string[] | undefined>,
  }
}

/** Integer path parameter (ids). */
export const pathInt = z.string().transform((text, ctx): number => {
  const parsed = parseIntStrict(text)
  if (parsed === undefined) {
    return fail(
      ctx,
      'int_parsing',
      'Input should be a valid integer, unable to parse string as an integer',
      text,
    )
  }
  return parsed
})

const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i

/** A version-4 UUID in a path or query (API.md §1.3), normalised to lower-case hyphenated form. */
export const uuid4 = z.string().transform((text, ctx): string => {
  const trimmed = text.trim()
  if (!UUID4.test(trimmed)) {
    return fail(ctx, 'uuid_parsing', 'Input should be a valid UUID version 4', text)
  }
  const hex = trimmed.replace(/-/g, '').toLowerCase()
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
})

export function qUuid4() {
  return raw.optional().transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined
    const result = uuid4.safeParse(last(value))
    if (result.success) return result.data
    return fail(ctx, 'uuid_parsing', 'Input should be a valid UUID version 4', last(value))
  })
}
