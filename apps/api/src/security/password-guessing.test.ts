import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  formPayload,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/helpers.ts'
import { rateLimits } from '../db/schema.ts'
import { ADDRESS_FACTOR, MAX_DELAY_MS } from '../services/password-attempts.ts'

const LIMIT = 3

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_LOGIN: String(LIMIT), RATE_LIMIT_MAIL: '1000' } })
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
    ...formPayload({ username, password }, 'urlencoded'),
  })

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

describe('log-in timing', () => {
  it('costs the same for an unknown e-mail as for a wrong password', async () => {
    const player = await createTestUser(t)
    const timed = async (email: string) => {
      const started = performance.now()
      const response = await logIn(email, 'not the password', `10.9.${Math.random() * 250}.1`)
      expect(response.statusCode).toBe(401)
      return performance.now() - started
    }
    // Warm both paths, then interleave so machine load falls on both alike.
    await timed(player.email)
    await timed('nobody@example.org')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 15; i++) {
      await t.database.db.delete(rateLimits)
      known.push(await timed(player.email))
      unknown.push(await timed(`nobody-${i}@example.org`))
    }
    const ratio = median(known) / median(unknown)
    expect(
      ratio,
      `wrong password ${median(known)} ms, unknown e-mail ${median(unknown)} ms`,
    ).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  }, 60_000)
})

describe('lock-outs', () => {
  it("a stranger's failures never refuse the player's right password from elsewhere", async () => {
    const player = await createTestUser(t)
    for (let i = 0; i < LIMIT * 2; i++) await logIn(player.email, 'guess', '203.0.113.7')
    // The stranger is refused, even were the password right…
    expect((await logIn(player.email, TEST_PASSWORD, '203.0.113.7')).statusCode).toBe(429)
    // …the player, who has not been failing, is not.
    const started = performance.now()
    expect((await logIn(player.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200)
    // The account-wide slowdown is a delay, never a refusal, and stays small.
    expect(performance.now() - started).toBeLessThan(MAX_DELAY_MS + 2000)
  })

  it('slows an account down gently under guessing from many addresses, never refusing it', async () => {
    const player = await createTestUser(t)
    for (let i = 0; i < LIMIT + 8; i++) {
      const response = await logIn(player.email, 'guess', `203.0.113.${i + 1}`)
      expect(response.statusCode).toBe(401)
    }
    expect((await logIn(player.email, TEST_PASSWORD, '198.51.100.21')).statusCode).toBe(200)
  }, 60_000)

  it('refuses a client after its failures on one account, until the window ends', async () => {
    const player = await createTestUser(t)
    for (let i = 0; i < LIMIT; i++) {
      expect((await logIn(player.email, 'guess', '203.0.113.8')).statusCode).toBe(401)
    }
    const refused = await logIn(player.email, TEST_PASSWORD, '203.0.113.8')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    t.clock.advance(900_000)
    expect((await logIn(player.email, TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(200)
  })

  it('refuses a client guessing across many accounts', async () => {
    for (let i = 0; i < LIMIT * ADDRESS_FACTOR; i++) {
      await logIn(`someone-${i}@example.org`, 'guess', '203.0.113.9')
    }
    expect((await logIn('another@example.org', 'guess', '203.0.113.9')).statusCode).toBe(429)
    expect((await logIn('another@example.org', 'guess', '203.0.113.10')).statusCode).toBe(401)
  })

  it('counts the machine itself like any client (no loopback exemption)', async () => {
    for (const address of ['127.0.0.1', '::1']) {
      // One failure per account: only a count per client address can stop this.
      for (let i = 0; i < LIMIT * ADDRESS_FACTOR; i++) {
        await logIn(`local-${i}@example.org`, 'guess', address)
      }
      expect((await logIn('local-last@example.org', 'guess', address)).statusCode).toBe(429)
    }
  })

  it('throttles the password change like log-in', async () => {
    const player = await createTestUser(t)
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/players/me/password',
        headers: bearer(player),
        remoteAddress: '203.0.113.11',
        payload: {
          current_password: current,
          password: 'a new password',
          password_confirm: 'a new password',
        },
      })
    for (let i = 0; i < LIMIT; i++) expect((await change('guess number x')).statusCode).toBe(422)
    const refused = await change(TEST_PASSWORD)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('422 answers never hold a submitted password', () => {
  const SECRET = 'hunter2-correct-Secret'

  const cases: [string, () => Promise<{ statusCode: number; body: string }>][] = [
    [
      'log-in without a username',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/token',
          ...formPayload({ password: SECRET }, 'multipart'),
        }),
    ],
    [
      'log-in with a bad grant type',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/token',
          ...formPayload(
            { username: 'a@example.org', password: SECRET, grant_type: 'x' },
            'urlencoded',
          ),
        }),
    ],
    [
      'log-in with the password sent twice',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `username=a@example.org&password=${SECRET}&password=${SECRET}x`,
        }),
    ],
    [
      'sign-up with passwords that differ',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/players/new/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a',
          payload: { username: 'Someone', password: SECRET, password_confirm: `${SECRET}!` },
        }),
    ],
    [
      'sign-up with a password too long',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/players/new/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a',
          payload: {
            username: 'Someone',
            password: SECRET.repeat(4),
            password_confirm: SECRET.repeat(4),
          },
        }),
    ],
    [
      'reset with passwords that differ',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/reset/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a',
          payload: { password: SECRET, password_confirm: 'something else' },
        }),
    ],
    [
      'reset with the password as a number',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/reset/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a',
          headers: { 'content-type': 'application/json' },
          payload: `{"password": ${SECRET.length}${'1'.repeat(8)}, "password_confirm": "${SECRET}"}`,
        }),
    ],
    [
      'broken JSON around a password',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v2/reset/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a',
          headers: { 'content-type': 'application/json' },
          payload: `{"password": ${SECRET}, "password_confirm": "${SECRET}"}`,
        }),
    ],
  ]

  it.each(cases)('%s', async (_, send) => {
    const response = await send()
    expect(response.statusCode).toBe(422)
    expect(response.body).not.toContain('hunter2')
    expect(response.body).not.toContain('Secret')
  })

  it.each([
    ['a wrong current password', TEST_PASSWORD.replace('c', 'k'), `${SECRET}1`, `${SECRET}1`],
    ['new passwords that differ', TEST_PASSWORD, `${SECRET}1`, `${SECRET}2`],
    ['a short new password', TEST_PASSWORD, 'hunter2', 'hunter2'],
  ])('a password change with %s', async (_, current, password, confirm) => {
    const player = await createTestUser(t)
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/players/me/password',
      headers: bearer(player),
      payload: { current_password: current, password, password_confirm: confirm },
    })
    expect(response.statusCode).toBe(422)
    expect(response.body).not.toContain('hunter2')
    expect(response.body).not.toContain(current)
  })
})
