import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { MAX_ANSWER_BYTES, OutboundError, outbound, type Resolver } from '../lib/outbound.ts'
import { SPELLBOARD_VERSION } from '../paths.ts'

/**
 * Reading another site's `/v2` API for an import, politely and within bounds: only the origin
 * the operator named (no redirects, `next` links to another site refused), a time limit per
 * request and for the whole import, a size cap per answer, at most a few requests at a time,
 * a `User-Agent` naming Spellboard, and `429`/`Retry-After` honoured up to a bounded wait. Every
 * failure is a SourceError: one sentence naming the source and what failed.
 */

export type SourceLimits = {
  /** Per request, from sending it to the answer's last byte. */
  requestTimeoutMs: number
  /** For everything the import reads. */
  totalTimeoutMs: number
  /** Per answer, after decompression. */
  maxBytes: number
  /** Requests under way at once. */
  concurrency: number
  /** Retries of one request the source asked to wait for (429, or 503 with Retry-After). */
  maxRetries: number
  /** The longest wait asked for that is honoured; a longer one stops the import. */
  maxRetryWaitMs: number
  /** Records asked for per page (the API gives at most 100). */
  pageSize: number
  /** Pages read per listing at most. */
  maxPages: number
}

export const SOURCE_LIMITS: SourceLimits = {
  requestTimeoutMs: 30_000,
  totalTimeoutMs: 10 * 60_000,
  maxBytes: MAX_ANSWER_BYTES,
  concurrency: 4,
  maxRetries: 4,
  maxRetryWaitMs: 60_000,
  pageSize: 100,
  maxPages: 200,
}

export const USER_AGENT = `Spellboard/${SPELLBOARD_VERSION} (card import)`

/** The source failed or misbehaved; nothing was written. */
export class SourceError extends Error {
  override name = 'SourceError'
}

export type SourceClientOptions = {
  limits?: Partial<SourceLimits>
  resolve?: Resolver
  /** Told when the source asks us to wait, and for how long. */
  onWait?: (seconds: number) => void
}

/** `Retry-After` in milliseconds: a number of seconds or an HTTP date; undefined when neither. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

const page = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  results: z.array(z.unknown()),
})

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/

/**
 * Whether a link names the site at `own`. The same origin; or, as a site may name itself in its
 * own way, the same host over plain http when read over https (Ashes.live, behind a proxy,
 * writes its links so), or another name of this machine on the same port (a site whose
 * PUBLIC_URL says `localhost`, read at `127.0.0.1`). Either way it is read at `own`.
 */
export function sameSite(url: URL, own: URL): boolean {
  if (url.origin === own.origin) return true
  const upgraded =
    own.protocol === 'https:' &&
    url.protocol === 'http:' &&
    url.hostname === own.hostname &&
    url.port === '' &&
    own.port === ''
  const loopback =
    url.protocol === own.protocol &&
    url.port === own.port &&
    LOOPBACK.test(url.hostname) &&
    LOOPBACK.test(own.hostname)
  return upgraded || loopback
}

export type SourceClient = {
  /** The parsed answer of a GET of `path` (with its query). */
  get: (path: string) => Promise<unknown>
  /**
   * Every result of a paginated listing, following `next` on the source's own origin;
   * `onPage` hears how many were read of how many counted.
   */
  pages: (path: string, onPage?: (done: number, total: number) => void) => Promise<unknown[]>
  close: () => Promise<void>
}

export function sourceClient(origin: string, options: SourceClientOptions = {}): SourceClient {
  const limits = { ...SOURCE_LIMITS, ...options.limits }
  const source = `Source API at ${origin}`
  const stop = new AbortController()
  const deadline = setTimeout(
    () =>
      stop.abort(
        new SourceError(
          `${source} was still being read after ${Math.round(limits.totalTimeoutMs / 1000)} s, ` +
            'the time limit of an import.',
        ),
      ),
    limits.totalTimeoutMs,
  )
  deadline.unref()
  const http = outbound(origin, {
    userAgent: USER_AGENT,
    timeoutMs: limits.requestTimeoutMs,
    maxBytes: limits.maxBytes,
    connections: limits.concurrency,
    signal: stop.signal,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  })

  let active = 0
  const waiting: (() => void)[] = []
  /** No request starts before this time: the source asked us to wait. */
  let pausedUntil = 0

  const wait = async (ms: number) => {
    try {
      await sleep(ms, undefined, { signal: stop.signal })
    } catch {
      throw stop.signal.reason
    }
  }

  /** Runs `work` once fewer than `concurrency` requests are under way (a freed turn is handed on). */
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (active < limits.concurrency) active += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      const pause = pausedUntil - Date.now()
      if (pause > 0) await wait(pause)
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }

  const failed = (message: string, path: string) =>
    new SourceError(`${message.replace(/\.$/, '')} (GET ${path}).`)

  async function get(path: string): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await inTurn(() => http.call({ method: 'GET', path }))
      } catch (error) {
        if (stop.signal.aborted) throw stop.signal.reason
        if (!(error instanceof OutboundError)) throw error
        const asked = retryAfterMs(error.retryAfter)
        const mayRetry = error.status === 429 || (error.status === 503 && asked !== undefined)
        if (!mayRetry || attempt >= limits.maxRetries) throw failed(error.message, path)
        const delay = asked ?? 1000 * 2 ** attempt
        if (delay > limits.maxRetryWaitMs) {
          throw new SourceError(
            `${source} asked to wait ${Math.ceil(delay / 1000)} s before GET ${path}, longer ` +
              `than an import waits (${Math.round(limits.maxRetryWaitMs / 1000)} s); try again later.`,
          )
        }
        options.onWait?.(Math.ceil(delay / 1000))
        pausedUntil = Math.max(pausedUntil, Date.now() + delay)
      }
    }
  }

  /**
   * The path and query of a `next` link, when it stays on the source and on the listing. It is
   * always read from the origin named, whatever host the link writes.
   */
  function nextPath(next: string, pathname: string, path: string): string {
    let url: URL
    try {
      url = new URL(next, origin)
    } catch {
      throw failed(`${source} sent a next link that is not an address`, path)
    }
    if (!sameSite(url, new URL(origin))) {
      throw failed(
        `${source} sent a next link to another site (${url.origin}), which is not followed; ` +
          'if that is its own public address, import from that address',
        path,
      )
    }
    if (url.pathname !== pathname || url.username || url.password) {
      throw failed(`${source} sent a next link to another listing, not followed`, path)
    }
    return `${url.pathname}${url.search}`
  }

  async function pages(
    path: string,
    onPage?: (done: number, total: number) => void,
  ): Promise<unknown[]> {
    const pathname = new URL(path, origin).pathname
    const results: unknown[] = []
    let total: number | undefined
    let current: string | null = path
    for (let read = 0; current !== null; read += 1) {
      if (read >= limits.maxPages) {
        throw failed(`${source} listed more than ${limits.maxPages} pages`, current)
      }
      const parsed = page.safeParse(await get(current))
      if (!parsed.success) throw failed(`${source} sent an unreadable answer`, current)
      total ??= parsed.data.count
      results.push(...parsed.data.results)
      onPage?.(results.length, total)
      const next = parsed.data.next
      if (next !== null && parsed.data.results.length === 0) {
        throw failed(`${source} sent an empty page that is not the last`, current)
      }
      current = next === null ? null : nextPath(next, pathname, current)
    }
    if (results.length !== total) {
      throw new SourceError(
        `${source} listed ${results.length} results of the ${total} it counted at ${path}; ` +
          'the data changed while it was read, try again.',
      )
    }
    return results
  }

  return {
    get,
    pages,
    close: async () => {
      clearTimeout(deadline)
      stop.abort(new SourceError(`${source}: the import ended.`))
      await http.close()
    },
  }
}
