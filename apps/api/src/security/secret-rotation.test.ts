import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  formPayload,
  TEST_PASSWORD,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../test/helpers.ts'

/**
 * Rotating SECRET_KEY (README, "Configuration") logs everyone out: tokens signed with the old
 * key get the ordinary 401 on every route that reads a token, nothing fails with a 500, and a
 * new log-in works at once. Two apps on one database stand for the server before and after.
 */
let database: TestDatabase
let before: TestApp
let after: TestApp
let player: TestUser

beforeAll(async () => {
  database = await createTestDatabase()
  before = await buildTestApp({
    database,
    env: { SECRET_KEY: 'the-old-secret-key-that-is-long-enough-for-hs256' },
  })
  after = await buildTestApp({
    database,
    env: { SECRET_KEY: 'the-new-secret-key-that-is-long-enough-for-hs256' },
  })
  player = await createTestUser(before)
})
afterAll(async () => {
  await before.close()
  await after.close()
  await database.drop()
})

const ROUTES: [
  method: 'GET' | 'PATCH' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
][] = [
  ['GET', '/v2/players/me'],
  ['PATCH', '/v2/players/me', { colorize_icons: true }],
  ['GET', '/v2/cards'],
  ['GET', '/v2/releases'],
  ['GET', '/v2/decks/mine'],
  ['PUT', '/v2/decks', { phoenixborn: 'x', cards: [] }],
  ['DELETE', '/v2/token'],
  ['POST', '/v2/players/new', { email: 'someone@example.org' }],
]

describe('rotating SECRET_KEY', () => {
  it('the old token works before the rotation', async () => {
    const response = await before.app.inject({
      method: 'GET',
      url: '/v2/players/me',
      headers: bearer(player),
    })
    expect(response.statusCode).toBe(200)
  })

  it.each(ROUTES)(
    '%s %s with a token signed by the old key → 401',
    async (method, url, payload) => {
      const response = await after.app.inject({
        method,
        url,
        headers: bearer(player),
        ...(payload ? { payload } : {}),
      })
      expect(response.statusCode, response.body).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer')
      expect(response.json()).toEqual({ detail: 'Invalid credentials; please log in again.' })
    },
  )

  it('public routes that ignore the header still answer', async () => {
    const response = await after.app.inject({
      method: 'GET',
      url: '/v2/decks',
      headers: bearer(player),
    })
    expect(response.statusCode).toBe(200)
  })

  it('a new log-in works at once and its token is accepted', async () => {
    const logIn = await after.app.inject({
      method: 'POST',
      url: '/v2/token',
      ...formPayload({ username: player.email, password: TEST_PASSWORD }, 'multipart'),
    })
    expect(logIn.statusCode, logIn.body).toBe(200)
    const token: string = logIn.json().access_token
    const me = await after.app.inject({
      method: 'GET',
      url: '/v2/players/me',
      headers: bearer({ token }),
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().badge).toBe(player.badge)
    // …and the server still on the old key refuses it, the same way.
    const old = await before.app.inject({
      method: 'GET',
      url: '/v2/players/me',
      headers: bearer({ token }),
    })
    expect(old.statusCode).toBe(401)
  })
})
