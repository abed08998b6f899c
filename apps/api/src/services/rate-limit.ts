import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../db/client.ts'
import type { rateLimits } from '../db/schema.ts'
import type { SqlRow } from '../db/sql-rows.ts'
import { tooMany } from '../lib/refusal.ts'

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

  /** Counts one attempt against every key; returns their counts in this window, in order. */
  async function hit(keys: string[]): Promise<number[]> {
    const window = currentWindow()
    const unique = normalise(keys)
    const rows = await queryRows<SqlRow<typeof rateLimits, 'key' | 'count'>>(
      db,
      sql`insert into rate_limit (key, window_start, count)
          values ${sql.join(
            unique.map((key) => sql`(${key}, ${window.startIso}::timestamptz, 1)`),
            sql`, `,
          )}
          on conflict (key) do update set
            count = case when rate_limit.window_start < excluded.window_start then 1
                         else rate_limit.count + 1 end,
            window_start = greatest(rate_limit.window_start, excluded.window_start)
          returning key, count`,
    )
    if (rows.some((row) => Number(row.count) === 1)) await purge(window.now)
    const counts = new Map(rows.map((row) => [row.key, Number(row.count)]))
    return keys.map((key) => counts.get(key.slice(0, KEY_MAX)) ?? 0)
  }

  /** Seconds until the current window rolls over (at least 1). */
  function secondsLeft(): number {
    const window = currentWindow()
    return Math.max(1, Math.ceil((window.start + windowMs - window.now) / 1000))
  }

  /**
   * Counts one attempt against every key. Returns the seconds until the window rolls over when
   * any key is now past `limit`, else null.
   */
  async function consume(keys: string[], limit: number): Promise<number | null> {
    const counts = await hit(keys)
    if (counts.every((count) => count <= limit)) return null
    return secondsLeft()
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

  return { hit, consume, refund, secondsLeft }
}

/**
 * The keys an invitation or reset request counts against: the client address and the e-mail
 * (so nobody's inbox can be flooded). The machine itself is counted like any client.
 */
export function attemptKeys(scope: 'mail', ip: string, email: string): string[] {
  return [`${scope}:ip:${ip}`, `${scope}:email:${email}`]
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minutes`
}

/** 429 with `Retry-After` in seconds. */
export function tooManyAttempts(retryAfter: number) {
  return tooMany(`Too many attempts; please try again in ${waitText(retryAfter)}.`, retryAfter)
}

/** Counts the attempt; past the limit answers 429 with `Retry-After` in seconds. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  keys: string[],
  limit: number,
): Promise<void> {
  const retryAfter = await limiter.consume(keys, limit)
  if (retryAfter !== null) throw tooManyAttempts(retryAfter)
}
