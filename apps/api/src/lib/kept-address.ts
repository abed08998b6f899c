import { z } from 'zod'

/** The longest address whose answer is kept; a longer one is answered, never kept. */
export const MAX_KEPT_ADDRESS = 1024

const known = new WeakMap<object, ReadonlySet<string>>()

/** The query keys a route reads: its querystring schema's fields (none without one). */
export function queryKeys(schema: unknown): ReadonlySet<string> {
  if (!(schema instanceof z.ZodObject)) return new Set()
  let keys = known.get(schema)
  if (!keys) {
    keys = new Set(Object.keys(schema.shape))
    known.set(schema, keys)
  }
  return keys
}

/**
 * A request's address as the key of a kept answer, or null when the answer must not be kept:
 * longer than MAX_KEPT_ADDRESS, or naming a query key the route does not read. Such a key
 * changes nothing in the answer, so keeping it would only add one more copy of the same answer
 * for every value a visitor cares to send. What is kept is then bounded by the caches' budgets,
 * which count the keys too.
 */
export function keptAddress(url: string, known: ReadonlySet<string>): string | null {
  if (url.length > MAX_KEPT_ADDRESS) return null
  const at = url.indexOf('?')
  if (at < 0) return url
  for (const key of new URLSearchParams(url.slice(at + 1)).keys()) {
    if (!known.has(key)) return null
  }
  return url
}
