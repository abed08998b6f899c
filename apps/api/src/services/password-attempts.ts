import { type RateLimiter, tooManyAttempts } from './rate-limit.ts'

/** A client address may fail this many times the per-account limit, across all accounts. */
export const ADDRESS_FACTOR = 5
/** Past the limit, each failure on an account (from anywhere) adds this much waiting… */
export const DELAY_STEP_MS = 100
/** …up to this much: a slower answer, never a refusal. */
export const MAX_DELAY_MS = 1000

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type PasswordAttempt = {
  /** The password was right: the attempt is taken back, so only failures count. */
  succeeded: () => Promise<void>
}

/**
 * Limits password guessing (log-in, password change) so that a stranger can never lock a player
 * out. A client is refused (429 until the window ends, even with the right password) past
 * `limit` failures on one account or `limit` × ADDRESS_FACTOR failures in all; that touches only
 * the client that has been failing. Across addresses an account's failures only slow every
 * attempt down a little, DELAY_STEP_MS per failure past `limit`, at most MAX_DELAY_MS. Unknown
 * accounts are counted and slowed the same way, so the answer tells nothing about them.
 */
export async function startPasswordAttempt(
  limiter: RateLimiter,
  attempt: { scope: 'login' | 'password'; ip: string; account: string; limit: number },
): Promise<PasswordAttempt> {
  const { scope, ip, account, limit } = attempt
  const keys = [
    `${scope}:ip:${ip}`,
    `${scope}:ip-account:${ip}:${account}`,
    `${scope}:account:${account}`,
  ]
  const [fromAddress = 0, fromAddressOnAccount = 0, onAccount = 0] = await limiter.hit(keys)
  if (fromAddress > limit * ADDRESS_FACTOR || fromAddressOnAccount > limit) {
    // No password was tried: the account's own count stays as it was.
    await limiter.refund(keys.slice(2))
    throw tooManyAttempts(limiter.secondsLeft())
  }
  const failuresBefore = onAccount - 1
  const delay = Math.min(MAX_DELAY_MS, Math.max(0, failuresBefore - limit + 1) * DELAY_STEP_MS)
  if (delay > 0) await wait(delay)
  return { succeeded: () => limiter.refund(keys) }
}
