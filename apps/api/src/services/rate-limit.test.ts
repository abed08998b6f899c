import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  buildTestApp,
  createTestDatabase,
  createTestUser,
  formPayload,
  TEST_PASSWORD,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.ts'
import { rateLimits } from '../db/schema.ts'
import { createRateLimiter } from './rate-limit.ts'

const WINDOW_SECONDS = 60
// A moment 10 s into a window, so "seconds left" is a round number.
const START = Math.floor(Date.UTC(2025, 0, 1) / 60_000) * 60_000 + 10_000

describe('createRateLimiter', () => {
  let testDb: TestDatabase
  let now = START
  beforeAll(async () => {
    testDb = await createTestDatabase()
  })
  afterAll(() => testDb.drop())
  afterEach(async () => {
    await testDb.database.db.delete(rateLimits)
    now = START
  })

  const limiter = () =>
    createRateLimiter(testDb.database.db, { windowSeconds: WINDOW_SECONDS, now: () => now })

  it('allows `limit` attempts per window, then answers the seconds left', async () => {
    const limits = limiter()
    const results = []
    for (let i = 0; i < 4; i++) results.push(await limits.consume(['login:ip:1.2.3.4'], 3))
    expect(results).toEqual([null, null, null, 50])
    now += 45_000
    expect(await limits.consume(['login:ip:1.2.3.4'], 3)).toBe(5)
  })

  it('starts counting again when the window rolls over', async () => {
    const limits = limiter()
    for (let i = 0; i < 3; i++) await limits.consume(['k'], 2)
    expect(await limits.consume(['k'], 2)).not.toBeNull()
    now += 50_000
    expect(await limits.consume(['k'], 2)).toBeNull()
  })

  it('refuses when any one of the keys is past the limit', async () => {
    const limits = limiter()
    await limits.consume(['ip:a', 'email:x'], 2)
    await limits.consume(['ip:a', 'email:y'], 2)
    expect(await limits.consume(['ip:b', 'email:x'], 2)).toBeNull()
    expect(await limits.consume(['ip:c', 'email:x'], 2)).not.toBeNull()
    expect(await limits.consume(['ip:a', 'email:z'], 2)).not.toBeNull()
  })

  it('a refund takes back one attempt of the current window', async () => {
    const limits = limiter()
    for (let i = 0; i < 5; i++) {
      expect(await limits.consume(['k'], 1)).toBeNull()
      await limits.refund(['k'])
    }
    await limits.consume(['k'], 1)
    expect(await limits.consume(['k'], 1)).not.toBeNull()
  })

  it('counts every attempt once, even when they arrive together', async () => {
    const limits = limiter()
    const results = await Promise.all(
      Array.from({ length: 12 }, () => limits.consume(['together'], 5)),
    )
    expect(results.filter((result) => result === null)).toHaveLength(5)
    const [row] = await testDb.database.db.select().from(rateLimits)
    expect(row?.count).toBe(12)
  })

  it('drops rows of windows that have passed when a new window opens', async () => {
    const limits = limiter()
    await limits.consume(['old:a', 'old:b'], 5)
    now += WINDOW_SECONDS * 1000
    await limits.consume(['old:a'], 5)
    await limits.consume(['new:c'], 5)
    const keys = (await testDb.database.db.select().from(rateLimits)).map((row) => row.key)
    expect(keys.sort()).toEqual(['new:c', 'old:a'])
  })

  it('shares the count between limiters (API processes) on one database', async () => {
    const first = limiter()
    const second = limiter()
    await first.consume(['shared'], 2)
    await second.consume(['shared'], 2)
    expect(await first.consume(['shared'], 2)).not.toBeNull()
  })
})

describe('rate limits on the account routes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        RATE_LIMIT_LOGIN: '3',
        RATE_LIMIT_MAIL: '2',
        RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      },
    })
  })
  afterAll(() => t.close())
  afterEach(async () => {
    await t.database.db.delete(rateLimits)
  })

  const logIn = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/v2/token',
      remoteAddress,
      ...formPayload({ username, password }, 'multipart'),
    })

  function expectTooMany(response: Awaited<ReturnType<typeof logIn>>) {
    expect(response.statusCode).toBe(429)
    expect(response.json()).toEqual({ detail: expect.any(String) })
    const retryAfter = Number(response.headers['retry-after'])
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS)
  }

  it('blocks log-in after the failed attempts, even with the right password, until the window ends', async () => {
    const player = await createTestUser(t)
    for (let i = 0; i < 3; i++) {
      expect((await logIn(player.email, 'wrong password')).statusCode).toBe(401)
    }
    expectTooMany(await logIn(player.email, TEST_PASSWORD))
    t.clock.advance(WINDOW_SECONDS * 1000)
    expect((await logIn(player.email, TEST_PASSWORD)).statusCode).toBe(200)
  })

  it('counts per address and e-mail, and per address across e-mails', async () => {
    const player = await createTestUser(t)
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
      await logIn(player.email, 'wrong password', ip)
    }
    // Failures from other addresses never lock the player out.
    expect((await logIn(player.email, TEST_PASSWORD, '10.0.1.4')).statusCode).toBe(200)

    for (let i = 0; i < 15; i++) await logIn(`e${i}@example.org`, 'wrong password', '10.0.2.1')
    expectTooMany(await logIn('d@example.org', 'any password', '10.0.2.1'))
    const other = await createTestUser(t)
    expect((await logIn(other.email, TEST_PASSWORD, '10.0.2.2')).statusCode).toBe(200)
  })

  it('does not count successful log-ins', async () => {
    const player = await createTestUser(t)
    for (let i = 0; i < 6; i++) {
      expect((await logIn(player.email, TEST_PASSWORD)).statusCode).toBe(200)
    }
  })

  it.each([
    ['invitation', '/v2/players/new', 201],
    ['password reset', '/v2/reset', 200],
  ])('limits %s requests per e-mail and per address', async (_, url, ok) => {
    const player = await createTestUser(t)
    const email = url === '/v2/reset' ? player.email : 'invitee@example.org'
    const request = (payload: { email: string }, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress })
    expect((await request({ email }, '10.1.0.1')).statusCode).toBe(ok)
    expect((await request({ email }, '10.1.0.2')).statusCode).toBe(ok)
    const sent = t.mailer.sent.length
    expectTooMany(await request({ email }, '10.1.0.3'))
    expect(t.mailer.sent).toHaveLength(sent)

    await request({ email: 'x1@example.org' }, '10.1.1.1')
    await request({ email: 'x2@example.org' }, '10.1.1.1')
    expectTooMany(await request({ email: 'x3@example.org' }, '10.1.1.1'))

    t.clock.advance(WINDOW_SECONDS * 1000)
    expect((await request({ email }, '10.1.0.3')).statusCode).toBe(ok)
  })
})
