import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  formPayload,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { startTwoProcesses, type TwoProcesses } from '../../test/two-processes.ts'

const NEW_PASSWORD = 'a brand new passphrase'
const HOUR = 3600_000

let processes: TwoProcesses
let first: TestApp
let second: TestApp

beforeAll(async () => {
  processes = await startTwoProcesses()
  ;({ first, second } = processes)
})
afterAll(() => processes.close())

async function logIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/token',
    ...formPayload({ username: email, password }, 'urlencoded'),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().access_token as string
}

const me = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/v2/players/me', headers: bearer({ token }) })

async function expectLoggedOut(token: string) {
  for (const t of [first, second]) {
    const response = await me(t, token)
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.json()).toEqual({ detail: 'Invalid credentials; please log in again.' })
  }
}

async function expectLoggedIn(token: string) {
  for (const t of [first, second]) expect((await me(t, token)).statusCode).toBe(200)
}

describe('changing the password', () => {
  it('ends every other session on every process; the one that changed it stays', async () => {
    const player = await createTestUser(first)
    const phone = await logIn(first, player.email)
    const laptop = await logIn(second, player.email)
    // A session started in the same second as the change is still "before" it.
    const changer = await logIn(first, player.email)
    const response = await first.app.inject({
      method: 'POST',
      url: '/v2/players/me/password',
      headers: bearer({ token: changer }),
      payload: {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
      },
    })
    expect(response.statusCode).toBe(200)
    await expectLoggedOut(phone)
    await expectLoggedOut(laptop)
    await expectLoggedOut(player.token)
    await expectLoggedIn(changer)
    // A log-in right after the change (same second) is a new session and works everywhere.
    await expectLoggedIn(await logIn(second, player.email, NEW_PASSWORD))
  })
})

describe('resetting the password', () => {
  it('ends every session, and the link works once', async () => {
    const player = await createTestUser(first)
    const session = await logIn(first, player.email)
    await first.app.inject({ method: 'POST', url: '/v2/reset', payload: { email: player.email } })
    const link = first.mailer.sent.at(-1)?.link ?? ''
    const token = link.split('/').at(-2)
    const reset = () =>
      second.app.inject({
        method: 'POST',
        url: `/v2/reset/${token}`,
        payload: { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
      })
    const done = await reset()
    expect(done.statusCode).toBe(200)
    await expectLoggedOut(session)
    await expectLoggedOut(player.token)
    await expectLoggedIn(done.json().access_token)
    expect((await reset()).statusCode).toBe(404)
  })
})

describe('log out everywhere', () => {
  it('ends every session of the player, this one included, on every process', async () => {
    const player = await createTestUser(first)
    const other = await createTestUser(first)
    const sessions = [await logIn(first, player.email), await logIn(second, player.email)]
    const response = await second.app.inject({
      method: 'DELETE',
      url: '/v2/players/me/sessions',
      headers: bearer({ token: sessions[0] ?? '' }),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: 'You have been logged out everywhere.' })
    for (const token of [...sessions, player.token]) await expectLoggedOut(token)
    // Other players are untouched; the player logs in again as usual.
    await expectLoggedIn(other.token)
    await expectLoggedIn(await logIn(first, player.email))
  })

  it('needs a session', async () => {
    const response = await first.app.inject({ method: 'DELETE', url: '/v2/players/me/sessions' })
    expect(response.statusCode).toBe(401)
  })
})

describe('GET /v2/players/me', () => {
  it('keeps the reset_uuid key but never hands out a pending reset token', async () => {
    const player = await createTestUser(first)
    await first.app.inject({ method: 'POST', url: '/v2/reset', payload: { email: player.email } })
    const response = await me(first, player.token)
    expect(response.json()).toHaveProperty('reset_uuid', null)
    const logIn = await first.app.inject({
      method: 'POST',
      url: '/v2/token',
      ...formPayload({ username: player.email, password: TEST_PASSWORD }, 'urlencoded'),
    })
    expect(logIn.json().user).toHaveProperty('reset_uuid', null)
  })
})

describe('reset links', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_MAIL: '1000' } })
  })
  afterAll(() => t.close())

  async function requestReset(player: TestUser): Promise<string> {
    await t.app.inject({ method: 'POST', url: '/v2/reset', payload: { email: player.email } })
    return t.mailer.sent.at(-1)?.link?.split('/').at(-2) ?? ''
  }
  const submit = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/reset/${token}`,
      payload: { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
    })
  const check = (token: string) => t.app.inject({ method: 'GET', url: `/v2/reset/${token}` })

  it('expire after RESET_TOKEN_HOURS (1): the same 404 as an unknown link', async () => {
    expect(t.config.resetTokenHours).toBe(1)
    const player = await createTestUser(t)
    const token = await requestReset(player)
    expect((await check(token)).statusCode).toBe(200)
    t.clock.advance(HOUR + 1000)
    const expired = await submit(token)
    const unknown = await submit('0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a')
    expect(expired.statusCode).toBe(404)
    expect(expired.json()).toEqual(unknown.json())
    expect((await check(token)).json()).toEqual(unknown.json())
    // The old password still works: nothing was changed.
    const logIn = await t.app.inject({
      method: 'POST',
      url: '/v2/token',
      ...formPayload({ username: player.email, password: TEST_PASSWORD }, 'urlencoded'),
    })
    expect(logIn.statusCode).toBe(200)
  })

  it('work within their lifetime, once, and only the newest', async () => {
    const player = await createTestUser(t)
    const older = await requestReset(player)
    const newer = await requestReset(player)
    t.clock.advance(HOUR - 60_000)
    expect((await submit(older)).statusCode).toBe(404)
    const done = await submit(newer)
    expect(done.statusCode).toBe(200)
    expect(decodeJwt(done.json().access_token).sub).toBe(player.badge)
    expect((await submit(newer)).statusCode).toBe(404)
    expect((await check(newer)).statusCode).toBe(404)
  })

  it('stop working once the password is changed another way', async () => {
    const player = await createTestUser(t)
    const token = await requestReset(player)
    await t.app.inject({
      method: 'POST',
      url: '/v2/players/me/password',
      headers: bearer(player),
      payload: {
        current_password: TEST_PASSWORD,
        password: NEW_PASSWORD,
        password_confirm: NEW_PASSWORD,
      },
    })
    expect((await submit(token)).statusCode).toBe(404)
  })
})

describe('RESET_TOKEN_HOURS and INVITE_TOKEN_DAYS', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { RESET_TOKEN_HOURS: '3', INVITE_TOKEN_DAYS: '2', RATE_LIMIT_MAIL: '1000' },
    })
  })
  afterAll(() => t.close())

  it('set the lifetimes of reset and invitation links', async () => {
    const player = await createTestUser(t)
    await t.app.inject({ method: 'POST', url: '/v2/reset', payload: { email: player.email } })
    const reset = t.mailer.sent.at(-1)?.link?.split('/').at(-2)
    await t.app.inject({
      method: 'POST',
      url: '/v2/players/new',
      payload: { email: 'x@example.org' },
    })
    const invite = t.mailer.sent.at(-1)?.link?.split('/').at(-2)
    t.clock.advance(2 * HOUR)
    expect((await t.app.inject({ url: `/v2/reset/${reset}` })).statusCode).toBe(200)
    t.clock.advance(2 * HOUR)
    expect((await t.app.inject({ url: `/v2/reset/${reset}` })).statusCode).toBe(404)
    expect((await t.app.inject({ url: `/v2/players/new/${invite}` })).statusCode).toBe(200)
    t.clock.advance(48 * HOUR)
    expect((await t.app.inject({ url: `/v2/players/new/${invite}` })).statusCode).toBe(404)
  })
})

describe('invitation links', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_MAIL: '1000' } })
  })
  afterAll(() => t.close())

  async function invite(email: string): Promise<string> {
    await t.app.inject({ method: 'POST', url: '/v2/players/new', payload: { email } })
    return t.mailer.sent.at(-1)?.link?.split('/').at(-2) ?? ''
  }
  const register = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${token}`,
      payload: { username: 'Newcomer', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
    })

  it('expire after INVITE_TOKEN_DAYS (7): the same 404 as an unknown link', async () => {
    expect(t.config.inviteTokenDays).toBe(7)
    const token = await invite('late@example.org')
    t.clock.advance(7 * 24 * HOUR + 1000)
    const expired = await register(token)
    const unknown = await register('0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a')
    expect(expired.statusCode).toBe(404)
    expect(expired.json()).toEqual(unknown.json())
    expect((await t.app.inject({ url: `/v2/players/new/${token}` })).json()).toEqual(unknown.json())
  })

  it('asking again after expiry mails a new link; the old one stays dead', async () => {
    const old = await invite('again@example.org')
    t.clock.advance(8 * 24 * HOUR)
    const fresh = await invite('again@example.org')
    expect(fresh).not.toBe(old)
    expect((await register(old)).statusCode).toBe(404)
    expect((await register(fresh)).statusCode).toBe(201)
  })

  it('work within their lifetime', async () => {
    const token = await invite('soon@example.org')
    t.clock.advance(6 * 24 * HOUR)
    expect((await t.app.inject({ url: `/v2/players/new/${token}` })).statusCode).toBe(200)
    expect((await register(token)).statusCode).toBe(201)
  })
})
