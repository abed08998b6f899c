import { z } from 'zod'

/** Paths of keys the body has and the parsed value lost: fields the schema does not know. */
function unknownKeys(sent: unknown, parsed: unknown, at = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, i) => unknownKeys(item, parsed[i], `${at}[${i}]`))
  }
  if (!sent || typeof sent !== 'object' || !parsed || typeof parsed !== 'object') return []
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed
      ? unknownKeys(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`)
      : [`${at}.${key}`],
  )
}

/**
 * A response body checked against its contract in `packages/core`: every field the schema names
 * is there with its type, and no field the schema does not name. Throws with the paths that
 * differ, so a route and its documented shape cannot drift apart. Returns the body as parsed.
 */
export function wireBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body)
  if (!result.success) {
    throw new Error(`The body does not match its schema:\n${z.prettifyError(result.error)}`)
  }
  const unknown = unknownKeys(body, result.data)
  if (unknown.length > 0) {
    throw new Error(`The body has fields its schema does not name: ${unknown.join(', ')}`)
  }
  return result.data
}
