import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { Socket } from 'node:net'
import { isIP } from 'node:net'
import type { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import ipaddr from 'ipaddr.js'
import { Agent, buildConnector, request } from 'undici'
import { parseOrigin } from '../../config-values.ts'
import { invalid } from '../../lib/refusal.ts'

/**
 * The deck import's calls to another site (API.md §7.9). A player names the site, so every call
 * is held to what the operator allowed: only the origins of DECK_IMPORT_SOURCES, only public
 * addresses (checked on the connection itself, so a name that resolves differently the second
 * time gains nothing), no redirects, bounded in time and in size after decompression. What the
 * other site says is parsed, never repeated: errors name the source and the status only.
 */

export const CONNECT_TIMEOUT_MS = 5_000
export const TOTAL_TIMEOUT_MS = 15_000
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024

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

/**
 * Whether a call to `origin` may use `address`. Public unicast addresses only, unless the
 * operator listed the origin by that very address (or as `localhost`, for loopback): a name
 * never reaches the private network, whatever it resolves to.
 */
export function isAllowedAddress(origin: string, address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    parsed = ipaddr.process(address)
  } catch {
    return false
  }
  if (parsed.range() === 'unicast') return true
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '')
  if (host === 'localhost') return parsed.range() === 'loopback'
  if (!isIP(host)) return false
  return ipaddr.process(host).toNormalizedString() === parsed.toNormalizedString()
}

class SourceRefused extends Error {}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/** How names are resolved: the system's resolver, or a stand-in in tests. */
export type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

/** Name resolution that keeps only the addresses this origin may use. */
function guardedLookup(origin: string, resolve: Resolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const usable = addresses.filter((entry) => isAllowedAddress(origin, entry.address))
      const [first] = usable
      if (!first) return callback(new SourceRefused('no allowed address'), [])
      if (options.all) return callback(null, usable)
      return callback(null, first.address, first.family)
    })
  }
}

/** One connection pool per call: its connector checks every address it connects to. */
function sourceAgent(origin: string, options: Required<SourceOptions>): Agent {
  const connect = buildConnector({
    timeout: CONNECT_TIMEOUT_MS,
    lookup: guardedLookup(origin, options.resolve),
  })
  return new Agent({
    connections: 1,
    headersTimeout: options.totalTimeoutMs,
    bodyTimeout: options.totalTimeoutMs,
    connect: (options, callback) => {
      connect(options, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no socket'), null)
        // The address actually connected to, whatever the name resolved to before.
        if (!isAllowedAddress(origin, (socket as Socket).remoteAddress ?? '')) {
          socket.destroy()
          return callback(new SourceRefused('address not allowed'), null)
        }
        return callback(null, socket)
      })
    },
  })
}

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
}

class TooLarge extends Error {}

/** The answer's text, decompressed as it arrives and cut off past MAX_ANSWER_BYTES. */
async function readCapped(body: Readable, encoding: string): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  const collect = async (source: AsyncIterable<Buffer | string>) => {
    for await (const chunk of source) {
      const bytes = Buffer.from(chunk)
      size += bytes.length
      if (size > MAX_ANSWER_BYTES) throw new TooLarge()
      chunks.push(bytes)
    }
  }
  const coding = encoding.trim().toLowerCase()
  if (coding === '' || coding === 'identity') {
    await pipeline(body, collect)
  } else {
    const decoder = DECODERS[coding]
    if (!decoder) throw new Error(`unknown content encoding ${coding}`)
    let raw = 0
    const countRaw = async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        raw += chunk.length
        if (raw > MAX_ANSWER_BYTES) throw new TooLarge()
        yield chunk
      }
    }
    await pipeline(body, countRaw, decoder(), collect)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export type SourceCall = { method: 'GET' | 'POST'; path: string; json?: unknown }

export type SourceOptions = { resolve?: Resolver; totalTimeoutMs?: number }

/**
 * Calls the source and returns its parsed JSON answer; any failure is a 400 naming the source
 * (and the status, when it answered), never the source's own words.
 */
export async function callImportSource(
  origin: string,
  call: SourceCall,
  options: SourceOptions = {},
): Promise<unknown> {
  const totalTimeoutMs = options.totalTimeoutMs ?? TOTAL_TIMEOUT_MS
  const agent = sourceAgent(origin, { resolve: options.resolve ?? dnsLookup, totalTimeoutMs })
  try {
    let response: Awaited<ReturnType<typeof request>>
    try {
      response = await request(`${origin}${call.path}`, {
        method: call.method,
        dispatcher: agent,
        signal: AbortSignal.timeout(totalTimeoutMs),
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'Spellboard deck import',
          ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
      })
    } catch (error) {
      if (
        error instanceof SourceRefused ||
        (error as { cause?: unknown }).cause instanceof SourceRefused
      ) {
        throw invalid(`Source API at ${origin} is not on a public address; it was not called.`)
      }
      throw invalid(`Unable to connect to source API at ${origin}.`)
    }
    const { statusCode, headers, body } = response
    // Once the answer is given up (refused, too large), its stream's own end is of no interest.
    body.on('error', () => {})
    if (statusCode < 200 || statusCode > 299) {
      body.destroy()
      if (statusCode >= 300 && statusCode < 400) {
        throw invalid(
          `Source API at ${origin} answered with a redirect (status ${statusCode}), which is not followed.`,
        )
      }
      throw invalid(`Source API at ${origin} answered with status ${statusCode}.`)
    }
    let text: string
    try {
      const encoding = headers['content-encoding']
      text = await readCapped(body, Array.isArray(encoding) ? encoding.join(',') : (encoding ?? ''))
    } catch (error) {
      body.destroy()
      if (error instanceof TooLarge) {
        throw invalid(
          `Source API at ${origin} sent an answer larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB.`,
        )
      }
      throw invalid(`Source API at ${origin} sent an unreadable answer.`)
    }
    if (!text.trim()) return null
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw invalid(`Source API at ${origin} sent an unreadable answer.`)
    }
  } finally {
    agent.destroy().catch(() => {})
  }
}
