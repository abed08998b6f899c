import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import ipaddr from 'ipaddr.js'
import type { TrustProxy } from '../config-values.ts'

/**
 * How long a client may take over each part of a request. A client that trickles its request
 * (headers or body a byte at a time) is cut off once the whole request has taken
 * REQUEST_TIMEOUT_MS; Node checks every CHECK_INTERVAL_MS, so within 21 s. A connection
 * that sends nothing is closed after IDLE_TIMEOUT_MS, and so is a kept-alive one between
 * requests: as long as the idle limit, so a client reusing a connection after a pause of a few
 * seconds does not meet it closing under its request (Node's 5 s default made such reuses fail
 * with a reset). MAX_CONNECTIONS_PER_CLIENT bounds how many one client keeps.
 */
export const HEADERS_TIMEOUT_MS = 10_000
export const REQUEST_TIMEOUT_MS = 20_000
export const IDLE_TIMEOUT_MS = 30_000
export const KEEP_ALIVE_TIMEOUT_MS = 30_000
const CHECK_INTERVAL_MS = 1_000

export function connectionOptions(trust: TrustProxy) {
  return {
    http: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: IDLE_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    trustProxy: fastifyTrust(trust),
  }
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses counted from the
 * connection itself, so the client is the entry that many places from the right of
 * X-Forwarded-For; never the left-most, which whoever sends the request writes.
 */
function fastifyTrust(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false || trust === 0) return false
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust
  return trust
}

/** Whether a connection from `address` comes through a proxy TRUST_PROXY names. */
function isTrustedProxy(trust: TrustProxy, address: string): boolean {
  if (trust === false) return false
  // Behind a counted chain of proxies every connection is a proxy's.
  if (typeof trust === 'number') return trust > 0
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.process(address)
  } catch {
    return false
  }
  return trust.some((entry) => {
    if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') {
      const range = parsed.range()
      return entry === 'loopback'
        ? range === 'loopback'
        : entry === 'linklocal'
          ? range === 'linkLocal'
          : range === 'private' || range === 'uniqueLocal'
    }
    try {
      const [network, bits] = entry.includes('/')
        ? ipaddr.parseCIDR(entry)
        : ([ipaddr.process(entry), ipaddr.process(entry).kind() === 'ipv4' ? 32 : 128] as const)
      const candidate = ipaddr.process(network.toString())
      return candidate.kind() === parsed.kind() && parsed.match(candidate, bits)
    } catch {
      return false
    }
  })
}

/**
 * One client address may hold at most `limit` connections at once; more are closed as they
 * arrive, so a client cannot tie up the server by opening many slow connections. Proxies named
 * by TRUST_PROXY carry everybody's connections and are not counted.
 */
export function limitConnectionsPerClient(
  app: FastifyInstance,
  limit: number,
  trust: TrustProxy,
): void {
  const open = new Map<string, number>()
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    if (isTrustedProxy(trust, address)) return
    const count = (open.get(address) ?? 0) + 1
    if (count > limit) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}
