import { httpErrors } from '@fastify/sensible'
import { sql } from 'drizzle-orm'
import type { FastifyReply } from 'fastify'
import { type Db, queryRows } from '../db/client.ts'

const KEY_MAX = 300

export type RateLimiter = ReturnType<typeof createRateLimiter>

/**
 * Fixed windows counted in the `rate_limit` table, so every API process behind a load balancer
 * shares one count. Windows are aligned on the epoch: all keys roll over together, and a row
 * whose window has passed is dead weight that any later caller may delete.
 */
export function createRateLimiter(db: Db, options: { windowSeconds: number; now: () => number }) {
  const windowMs = options.windowSeconds * 1000

  function currentWindow() {
    const now = options.now()
    const start = Math.floor(now / windowMs) * windowMs
    return { now, start, startIso: new Date(start).toISOString() }
  }

  const normalise = (keys: string[]) => [...new Set(keys.map((key) => key.slice(0, KEY_MAX)))]

  /**
   * Counts one attempt against every key. Returns the seconds until the window rolls over when
   * any key is now past `limit`, else null.
   */
  async function consume(keys: string[], limit: number): Promise<number | null> {
    const window = currentWindow()
    const rows = await queryRows<{ count: number }>(
      db,
      sql`insert into rate_limit (key, window_start, count)
          values ${sql.join(
            normalise(keys).map((key) => sql`(${key}, ${window.startIso}::timestamptz, 1)`),
            sql`, `,
          )}
          on conflict (key) do update set
            count = case when rate_limit.window_start < excluded.window_start then 1
                         else rate_limit.count + 1 end,
            window_start = greatest(rate_limit.window_start, excluded.window_start)
          returning count`,
    )
    if (rows.some((row) => Number(row.count) === 1)) await purge(window.now)
    if (rows.every((row) => Number(row.count) <= limit)) return null
    return Math.max(1, Math.ceil((window.start + windowMs - window.now) / 1000))
  }

  /** Takes back one attempt of the current window (a successful log-in is not an attack). */
  async function refund(keys: string[]): Promise<void> {
    const window = currentWindow()
    await db.execute(
      sql`update rate_limit set count = greatest(count - 1, 0)
          where key in (${sql.join(
            normalise(keys).map((key) => sql`${key}`),
            sql`, `,
          )})
            and window_start = ${window.startIso}::timestamptz`,
    )
  }

  /** A new window just opened for some key: a good moment to drop the expired ones. */
  async function purge(now: number): Promise<void> {
    await db.execute(
      sql`delete from rate_limit
          where window_start <= ${new Date(now - windowMs).toISOString()}::timestamptz`,
    )
  }

  return { consume, refund }
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/**
 * The keys one attempt counts against: the e-mail always, the client address unless it is the
 * machine itself. Loopback callers are operator scripts, health checks and test suites — or
 * every client at once when a proxy on the same host forwards without TRUST_PROXY — so a
 * per-address limit there would only lock out everybody together.
 */
export function attemptKeys(scope: 'login' | 'mail', ip: string, email: string): string[] {
  const keys = [`${scope}:email:${email}`]
  if (!LOOPBACK.test(ip)) keys.push(`${scope}:ip:${ip}`)
  return keys
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minutes`
}

/** Counts the attempt; past the limit answers 429 with `Retry-After` in seconds. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  reply: FastifyReply,
  keys: string[],
  limit: number,
): Promise<void> {
  const retryAfter = await limiter.consume(keys, limit)
  if (retryAfter === null) return
  reply.header('Retry-After', String(retryAfter))
  throw httpErrors.tooManyRequests(
    `Too many attempts; please try again in ${waitText(retryAfter)}.`,
  )
}
