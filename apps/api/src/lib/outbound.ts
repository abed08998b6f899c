import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { Socket } from 'node:net'
import { isIP } from 'node:net'
import type { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import ipaddr from 'ipaddr.js'
import { Agent, buildConnector, request } from 'undici'

/**
 * Calls to another site, held to one origin: only public addresses (checked on the connection
 * itself, so a name that resolves differently the second time gains nothing) unless the origin
 * names its address, no redirects, a time limit per call, and a size limit per answer after
 * decompression. The deck import (a player names a listed site) and the catalogue import (the
 * operator names a site) both call out through here. Errors say what failed in our own words and
 * never repeat what the other site said.
 */

export const CONNECT_TIMEOUT_MS = 5_000
export const MAX_ANSWER_BYTES = 5 * 1024 * 1024

/**
 * Whether a call to `origin` may use `address`. Public unicast addresses only, unless the
 * origin names that very address (or `localhost`, for loopback): a name never reaches the
 * private network, whatever it resolves to.
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

class AddressRefused extends Error {}

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
      if (!first) return callback(new AddressRefused('no allowed address'), [])
      if (options.all) return callback(null, usable)
      return callback(null, first.address, first.family)
    })
  }
}

/** A connection pool whose connector checks every address it connects to. */
function guardedAgent(
  origin: string,
  options: { connections: number; timeoutMs: number; resolve: Resolver },
): Agent {
  const connect = buildConnector({
    timeout: CONNECT_TIMEOUT_MS,
    lookup: guardedLookup(origin, options.resolve),
  })
  return new Agent({
    connections: options.connections,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: (options, callback) => {
      connect(options, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no socket'), null)
        // The address actually connected to, whatever the name resolved to before.
        if (!isAllowedAddress(origin, (socket as Socket).remoteAddress ?? '')) {
          socket.destroy()
          return callback(new AddressRefused('address not allowed'), null)
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

/** The answer's text, decompressed as it arrives and cut off past `maxBytes`. */
async function readCapped(body: Readable, encoding: string, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  const collect = async (source: AsyncIterable<Buffer | string>) => {
    for await (const chunk of source) {
      const bytes = Buffer.from(chunk)
      size += bytes.length
      if (size > maxBytes) throw new TooLarge()
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
        if (raw > maxBytes) throw new TooLarge()
        yield chunk
      }
    }
    await pipeline(body, countRaw, decoder(), collect)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export type OutboundCall = { method: 'GET' | 'POST'; path: string; json?: unknown }

export type OutboundOptions = {
  /** Names us to the other site, e.g. `Spellboard/1.2.0 (deck import)`. */
  userAgent: string
  /** From sending the request to the last byte of the answer. */
  timeoutMs: number
  maxBytes?: number
  /** Connections held open to the origin at most. */
  connections?: number
  resolve?: Resolver
  /** Stops every call under way (e.g. a time limit for a whole series of calls). */
  signal?: AbortSignal
}

/** Why a call failed: the message names the origin (and the status, when there was one). */
export class OutboundError extends Error {
  override name = 'OutboundError'
  /** The answer's status, when the other site answered with one we do not take. */
  readonly status: number | undefined
  /** The answer's `Retry-After` header, as sent. */
  readonly retryAfter: string | undefined
  constructor(message: string, answer: { status?: number; retryAfter?: string } = {}) {
    super(message)
    this.status = answer.status
    this.retryAfter = answer.retryAfter
  }
}

export type Outbound = {
  /** The parsed JSON answer of a 2xx (null for an empty body); anything else is an OutboundError. */
  call: (call: OutboundCall) => Promise<unknown>
  close: () => Promise<void>
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`

const header = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(',') : (value ?? '')

/** A client of one origin; close it when done. */
export function outbound(origin: string, options: OutboundOptions): Outbound {
  const maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES
  const agent = guardedAgent(origin, {
    connections: options.connections ?? 1,
    timeoutMs: options.timeoutMs,
    resolve: options.resolve ?? dnsLookup,
  })
  const source = `Source API at ${origin}`

  async function call(call: OutboundCall): Promise<unknown> {
    options.signal?.throwIfAborted()
    const timeout = AbortSignal.timeout(options.timeoutMs)
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
    const failed = (error: unknown, otherwise: string): Error => {
      if (options.signal?.aborted) return options.signal.reason as Error
      if (timeout.aborted) {
        return new OutboundError(
          `${source} did not answer within ${Math.ceil(options.timeoutMs / 1000)} s.`,
        )
      }
      if (error instanceof AddressRefused || (error as Error).cause instanceof AddressRefused) {
        return new OutboundError(`${source} is not on a public address; it was not called.`)
      }
      return new OutboundError(otherwise)
    }

    let response: Awaited<ReturnType<typeof request>>
    try {
      response = await request(`${origin}${call.path}`, {
        method: call.method,
        dispatcher: agent,
        signal,
        headers: {
          accept: 'application/json',
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': options.userAgent,
          ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
      })
    } catch (error) {
      throw failed(error, `Unable to connect to source API at ${origin}.`)
    }
    const { statusCode, headers, body } = response
    // Once the answer is given up (refused, too large), its stream's own end is of no interest.
    body.on('error', () => {})
    if (statusCode < 200 || statusCode > 299) {
      body.destroy()
      if (statusCode >= 300 && statusCode < 400) {
        throw new OutboundError(
          `${source} answered with a redirect (status ${statusCode}), which is not followed.`,
          { status: statusCode },
        )
      }
      const retryAfter = header(headers['retry-after'])
      throw new OutboundError(`${source} answered with status ${statusCode}.`, {
        status: statusCode,
        ...(retryAfter ? { retryAfter } : {}),
      })
    }
    let text: string
    try {
      text = await readCapped(body, header(headers['content-encoding']), maxBytes)
    } catch (error) {
      body.destroy()
      if (error instanceof TooLarge) {
        throw new OutboundError(`${source} sent an answer larger than ${sizeText(maxBytes)}.`)
      }
      throw failed(error, `${source} sent an unreadable answer.`)
    }
    if (!text.trim()) return null
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new OutboundError(`${source} sent an unreadable answer.`)
    }
  }

  return { call, close: () => agent.destroy().catch(() => {}) }
}
