import type { IncomingMessage, ServerResponse } from 'node:http'
import cors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config.ts'
import { originMatches } from '../config-values.ts'
import { isApiAddress } from '../lib/api-address.ts'

/**
 * CORS_ORIGINS (`https://*.example.org`: `*` is exactly one label; scheme and port must
 * match), plus the site's own origin.
 */
export function originMatcher(config: Pick<Config, 'corsOrigins' | 'publicUrl'>) {
  const patterns = [...config.corsOrigins, new URL(config.publicUrl).origin]
  return (origin: string) => patterns.some((pattern) => originMatches(pattern, origin))
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const allowed = originMatcher(config)
  await app.register(cors, {
    // The SPA may live on another origin (CDN); allowed origins are echoed with credentials.
    origin: (origin, callback) => callback(null, origin ? allowed(origin) : false),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // A deck's version, which its next save sends back in `If-Match`.
    exposedHeaders: ['ETag'],
    maxAge: 600,
    strictPreflight: false,
  })
  const external = [config.cdnUrl, config.apiUrl].filter((url): url is string => Boolean(url))
  const pages = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Comments and descriptions may show images from anywhere on the web.
        imgSrc: ["'self'", 'data:', 'https:', ...external],
        connectSrc: ["'self'", ...external],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  })
  const answers = securityHeaders(API_ANSWER_HEADERS)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAddress(request.url) ? answers : pages)
    done()
  })
}

/**
 * The API's answers (`/v2/…`, JSON; lib/api-address.ts) are read by scripts, never shown as
 * pages: opened as one, an answer may load and run nothing and be framed nowhere. The headers
 * only a page acts on (its opener and agent cluster, DNS prefetching, old browsers' download and
 * XSS filters, Flash's policy files) are left off them: Node checks every header's name and
 * value on every answer, and the page set took about 4 % more of a kept read's CPU (decision
 * 014).
 */
const API_ANSWER_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
}

/**
 * Helmet's headers depend only on its options, not on the request: they are worked out once at
 * start (Helmet would otherwise rebuild its whole middleware chain for every request).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()]
    },
  }
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error
    },
  )
  return headers
}
