import ipaddr from 'ipaddr.js'
import { z } from 'zod'

/**
 * Parsers for the settings that are lists or take several forms (origins, proxy trust). Each
 * refuses what it cannot read at start, naming the offending entry, so a typo never widens
 * what the server allows.
 */

/** `scheme://host[:port]` with nothing after it; returns the normalised origin or null. */
export function parseOrigin(text: string, schemes: string[] = ['http:', 'https:']): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (!schemes.includes(url.protocol) || !url.hostname) return null
  if (url.username || url.password || url.search || url.hash) return null
  if (url.pathname !== '/' && url.pathname !== '') return null
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/?$/i.test(text)) return null
  return url.origin
}

const listEntries = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

/**
 * DECK_IMPORT_SOURCES: origins decks may be imported from. A bare host means https; an http
 * origin is allowed only when written out as one.
 */
export const importSources = z.string().transform((value, context) => {
  const origins: string[] = []
  for (const entry of listEntries(value)) {
    const origin = parseOrigin(/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `https://${entry}`)
    if (!origin) {
      context.addIssue({ code: 'custom', message: `'${entry}' is not a host or an origin` })
      return z.NEVER
    }
    origins.push(origin)
  }
  if (origins.length === 0) {
    context.addIssue({ code: 'custom', message: 'names no origin' })
    return z.NEVER
  }
  return [...new Set(origins)]
})

/** A label of a host name, for CORS patterns where `*` stands for exactly one of them. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'

/**
 * CORS_ORIGINS: origins, where a host label may be `*`, and so may the port (`:*`, any port,
 * for development servers). Scheme and port are part of the match, and `*` never spans a dot,
 * so `https://*.example.org` admits `https://a.example.org` but neither
 * `https://example.org.evil.test` nor `http://a.example.org`.
 */
export const corsOrigins = z.string().transform((value, context) => {
  const patterns: string[] = []
  for (const entry of listEntries(value).map((origin) => origin.replace(/\/+$/, ''))) {
    const match = /^(https?):\/\/([^/:?#]+)(?::(\d{1,5}|\*))?$/i.exec(entry)
    const host = match?.[2]?.toLowerCase() ?? ''
    const labels = host.split('.')
    const wellFormed =
      match !== null &&
      labels.every((label) => label === '*' || new RegExp(`^${LABEL}$`).test(label)) &&
      // A wildcard stands for a subdomain of a named domain, never for the whole host.
      labels.filter((label) => label !== '*').length >= 1 &&
      (match[3] === undefined || match[3] === '*' || Number(match[3]) <= 65535)
    if (!wellFormed) {
      context.addIssue({
        code: 'custom',
        message: `'${entry}' is not an origin like https://example.org or https://*.example.org`,
      })
      return z.NEVER
    }
    patterns.push(entry.toLowerCase())
  }
  return patterns
})

/** Whether `origin` (as a browser sends it) matches one CORS_ORIGINS pattern. */
export function originMatches(pattern: string, origin: string): boolean {
  const [scheme = '', rest = ''] = pattern.split('://')
  const portAt = rest.lastIndexOf(':')
  const host = portAt === -1 ? rest : rest.slice(0, portAt)
  const port = portAt === -1 ? '' : rest.slice(portAt + 1)
  const hostPattern = host
    .split('.')
    .map((label) => (label === '*' ? LABEL : label.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
    .join('\\.')
  const portPattern = port === '*' ? ':\\d{1,5}' : port ? `:${port}` : ''
  const expected = new RegExp(`^${scheme}://${hostPattern}${portPattern}$`, 'i')
  return expected.test(origin)
}

/** How Fastify reads forwarded client addresses: not at all, a hop count, or trusted proxies. */
export type TrustProxy = false | number | string[]

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * TRUST_PROXY: `false`, a number of proxies in front (the client is that many entries from the
 * right of X-Forwarded-For), or a comma list of proxy addresses and ranges. `true` means one
 * proxy; trusting every hop would hand the client address to whoever writes the header.
 */
export const trustProxy = z.string().transform((raw, context): TrustProxy => {
  const value = raw.trim().toLowerCase()
  if (['false', '0', 'no', 'off'].includes(value)) return false
  if (['true', 'yes', 'on'].includes(value)) return 1
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops <= 10) return hops
    context.addIssue({ code: 'custom', message: 'a hop count must be from 0 to 10' })
    return z.NEVER
  }
  const entries = listEntries(value)
  for (const entry of entries) {
    const valid = PROXY_NAMES.has(entry) || ipaddr.isValid(entry) || isCidr(entry)
    if (!valid) {
      context.addIssue({
        code: 'custom',
        message: `'${entry}' is not a hop count, a proxy address or an address range`,
      })
      return z.NEVER
    }
  }
  return entries
})

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text)
    return true
  } catch {
    return false
  }
}
