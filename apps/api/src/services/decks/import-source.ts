import { parseOrigin } from '../../config-values.ts'
import { type OutboundCall, OutboundError, outbound, type Resolver } from '../../lib/outbound.ts'
import { invalid } from '../../lib/refusal.ts'
import { SPELLBOARD_VERSION } from '../../paths.ts'

/**
 * The deck import's calls to another site (API.md §7.9). A player names the site, so every call
 * is held to what the operator allowed: only the origins of DECK_IMPORT_SOURCES, and the limits
 * of every call out (`lib/outbound.ts`: public addresses, no redirects, time and size). What the
 * other site says is parsed, never repeated: errors name the source and the status only.
 */

export const TOTAL_TIMEOUT_MS = 15_000

/**
 * `from_api` as an origin: a bare host means https (`api.ashes.live` → `https://api.ashes.live`),
 * an origin is taken as written. Anything else, or an origin the operator did not list, is
 * refused before any call is made.
 */
export function importSourceOrigin(fromApi: string, allowed: string[]): string {
  const text = fromApi.trim().replace(/\/+$/, '')
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
  const origin = parseOrigin(hasScheme ? text : `https://${text}`)
  if (!origin) {
    throw invalid('The source API must be a host name or an origin like https://api.ashes.live.')
  }
  if (!allowed.includes(origin)) {
    throw invalid(`Importing decks from ${origin} is not allowed on this site.`)
  }
  return origin
}

export type SourceOptions = { resolve?: Resolver; totalTimeoutMs?: number }

/**
 * Calls the source and returns its parsed JSON answer; any failure is a 400 naming the source
 * (and the status, when it answered), never the source's own words.
 */
export async function callImportSource(
  origin: string,
  call: OutboundCall,
  options: SourceOptions = {},
): Promise<unknown> {
  const client = outbound(origin, {
    userAgent: `Spellboard/${SPELLBOARD_VERSION} (deck import)`,
    timeoutMs: options.totalTimeoutMs ?? TOTAL_TIMEOUT_MS,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  })
  try {
    return await client.call(call)
  } catch (error) {
    throw error instanceof OutboundError ? invalid(error.message) : error
  } finally {
    await client.close()
  }
}
