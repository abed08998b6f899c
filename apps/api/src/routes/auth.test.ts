import { authTokenSchema } from '@spellboard/core/users'
import bcrypt from 'bcryptjs'
import { eq } from 'drizzle-orm'
import { decodeJwt, SignJWT } from 'jose'
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
import { wireBody } from '../../test/wire.ts'
import { revokedTokens, users } from '../db/schema.ts'
import { type Auth, createAuth } from '../plugins/auth.ts'
import { issueToken } from '../services/tokens.ts'

const USER_SELF_KEYS = [
  'badge',
  'colorize_icons',
  'description',
  'email',
  'email_subscriptions',
  'exclude_subscriptions',
  'is_admin',
  'newsletter_opt_in',
  'reset_uuid',
  'username',
].sort()

const HOUR = 3600
const DAY = 24 * HOUR

function logIn(
  t: TestApp,
  fields: Record<string, string>,
  encoding: 'urlencoded' | 'multipart' = 'urlencoded',
  extra: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const form = formPayload(fields, encoding)
  return t.app.inject({
    method: 'POST',
    url: '/v2/token',
    headers: { ...form.headers, ...extra.headers },
    payload: form.payload,
    ...(extra.remoteAddress && { remoteAddress: extra.remoteAddress }),
  })
}

describe('POST /v2/token', () => {
  let t: TestApp
  let player: TestUser
  beforeAll(async () => {
    t = await buildTestApp()
    player = await createTestUser(t)
  })
  afterAll(() => t.close())

  it.each(['urlencoded', 'multipart'] as const)(
    'logs in with a %s form and answers a FULL AuthToken',
    async (encoding) => {
      const response = await logIn(t, { username: player.email, password: TEST_PASSWORD }, encoding)
      expect(response.statusCode).toBe(200)
      const body = wireBody(authTokenSchema, response.json())
      expect(Object.keys(body).sort()).toEqual(['access_token', 'token_type', 'user'])
      expect(body.token_type).toBe('bearer')
      expect(Object.keys(body.user).sort()).toEqual(USER_SELF_KEYS)
      expect(body.user).toMatchObject({
        badge: player.badge,
        email: player.email,
        username: player.username,
        is_admin: false,
        reset_uuid: null,
      })
      expect(body.access_token.split('.')).toHaveLength(3)
      const claims = decodeJwt(body.access_token)
      expect(claims.sub).toBe(player.badge)
      expect(claims.jti).toMatch(/^[0-9a-f]{32}$/)
      expect(claims.iat).toBe(Math.floor(t.clock.now / 1000))
      expect(Number(claims.exp) - Number(claims.iat)).toBe(24 * HOUR)

      const me = await t.app.inject({
        url: '/v2/players/me',
        headers: { authorization: `Bearer ${body.access_token}` },
      })
      expect(me.statusCode).toBe(200)
      expect(me.json().badge).toBe(player.badge)
    },
  )

  it.each([
    ['token:longterm', 365 * DAY],
    ['openid TOKEN:LongTerm profile', 365 * DAY],
    ['token:longterm:not', 24 * HOUR],
    ['', 24 * HOUR],
  ])('scope %j gives a token for %i seconds', async (scope, lifetime) => {
    const response = await logIn(
      t,
      { username: player.email, password: TEST_PASSWORD, scope },
      'multipart',
    )
    expect(response.statusCode).toBe(200)
    const claims = decodeJwt(response.json().access_token)
    expect(Number(claims.exp) - Number(claims.iat)).toBe(lifetime)
  })

  it('normalises the e-mail and ignores the OAuth2 client fields', async () => {
    const response = await logIn(t, {
      username: `  ${player.email.toUpperCase()} `,
      password: TEST_PASSWORD,
      grant_type: 'password',
      client_id: 'anything',
      client_secret: 'anything',
    })
    expect(response.statusCode).toBe(200)
  })

  it('takes internationalised e-mails, for log-in and password resets alike', async () => {
    // Typed with a decomposed ü (u + combining diaeresis): stored and looked up composed.
    const typed = 'U\u0308ser@Exämple.org'
    await createTestUser(t, { email: 'üser@exämple.org' })
    expect((await logIn(t, { username: typed, password: TEST_PASSWORD })).statusCode).toBe(200)
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v2/reset',
      payload: { email: typed },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(t.mailer.sent.at(-1)?.to).toBe('üser@exämple.org')
  })

  it.each([
    ['a wrong password', () => ({ username: player.email, password: 'not the password' })],
    ['an unknown e-mail', () => ({ username: 'nobody@example.org', password: TEST_PASSWORD })],
  ])('refuses %s with 401 and a Bearer challenge', async (_, fields) => {
    const response = await logIn(t, fields())
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.json()).toEqual({ detail: expect.any(String) })
  })

  it('refuses an account without a password (imported owners)', async () => {
    await t.database.db
      .insert(users)
      .values({ email: 'imported@example.org', badge: '9imp', username: 'Imported' })
    const response = await logIn(t, { username: 'imported@example.org', password: TEST_PASSWORD })
    expect(response.statusCode).toBe(401)
  })

  it('answers 403 to a banned player with the right password, 401 with a wrong one', async () => {
    const banned = await createTestUser(t, { isBanned: true })
    expect((await logIn(t, { username: banned.email, password: TEST_PASSWORD })).statusCode).toBe(
      403,
    )
    expect(
      (await logIn(t, { username: banned.email, password: 'wrong password' })).statusCode,
    ).toBe(401)
  })

  it.each([
    [
      'no fields',
      {},
      [
        ['body', 'username'],
        ['body', 'password'],
      ],
    ],
    ['no password', { username: 'a@example.org' }, [['body', 'password']]],
    [
      'empty fields',
      { username: '', password: '' },
      [
        ['body', 'username'],
        ['body', 'password'],
      ],
    ],
  ])('answers 422 for %s', async (_, fields, locs) => {
    for (const encoding of ['urlencoded', 'multipart'] as const) {
      const response = await logIn(t, fields, encoding)
      expect(response.statusCode).toBe(422)
      const issues = response.json().detail as { type: string; loc: string[] }[]
      expect(issues.map((issue) => issue.loc)).toEqual(locs)
      expect(issues.every((issue) => issue.type === 'missing')).toBe(true)
    }
  })

  it('answers 422 when grant_type is anything but password', async () => {
    const response = await logIn(t, {
      username: player.email,
      password: TEST_PASSWORD,
      grant_type: 'client_credentials',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([
      expect.objectContaining({
        type: 'string_pattern_mismatch',
        loc: ['body', 'grant_type'],
        input: 'client_credentials',
      }),
    ])
  })

  it('is anonymous-only: a valid token is "already logged in", an invalid one is refused', async () => {
    const fields = { username: player.email, password: TEST_PASSWORD }
    const valid = await logIn(t, fields, 'urlencoded', { headers: bearer(player) })
    expect(valid.statusCode).toBe(401)
    expect(valid.json().detail).toMatch(/already logged in/i)
    const invalid = await logIn(t, fields, 'urlencoded', {
      headers: { authorization: 'Bearer not-a-jwt' },
    })
    expect(invalid.statusCode).toBe(401)
    expect(invalid.json().detail).not.toMatch(/already logged in/i)
  })

  it.each([
    ['a body that ends early', 'garbage', 'multipart/form-data; boundary=XyZ', 400],
    ['no boundary', 'garbage', 'multipart/form-data', 400],
    [
      'a file instead of a field',
      '--XyZ\r\ncontent-disposition: form-data; name="username"; filename="a.txt"\r\n\r\nme@example.org\r\n--XyZ\r\ncontent-disposition: form-data; name="password"\r\n\r\nsecret\r\n--XyZ--\r\n',
      'multipart/form-data; boundary=XyZ',
      422,
    ],
  ])(
    'answers a broken multipart form with %s as a client error',
    async (_, payload, type, status) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/token',
        headers: { 'content-type': type },
        payload,
      })
      expect(response.statusCode).toBe(status)
      expect(response.json()).toHaveProperty('detail')
    },
  )

  it.each([
    ['a JSON body', 'application/json'],
    ['a JSON body without a Content-Type', undefined],
    ['a JSON body as text', 'text/plain'],
  ])('takes a form only: %s is answered 422', async (_, type) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/token',
      headers: type ? { 'content-type': type } : {},
      payload: JSON.stringify({ username: player.email, password: TEST_PASSWORD }),
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ['body'] })])
  })

  it('keeps other routes JSON-only: a form there is no object (422)', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      headers: { ...bearer(player), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=Sneaky',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([expect.objectContaining({ loc: ['body'] })])
  })

  it('replaces a bcrypt hash from the reference site with scrypt on log-in', async () => {
    await t.database.db.insert(users).values({
      email: 'veteran@example.org',
      badge: '7vet',
      username: 'Veteran',
      password: await bcrypt.hash('old site password', 4),
    })
    const first = await logIn(t, { username: 'veteran@example.org', password: 'old site password' })
    expect(first.statusCode).toBe(200)
    const [row] = await t.database.db
      .select({ password: users.password })
      .from(users)
      .where(eq(users.badge, '7vet'))
    expect(row?.password).toMatch(/^scrypt\$/)
    const again = await logIn(t, { username: 'veteran@example.org', password: 'old site password' })
    expect(again.statusCode).toBe(200)
  })
})

describe('DELETE /v2/token', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('revokes only the token used; a second call with it is refused', async () => {
    const player = await createTestUser(t)
    const other = await logIn(t, { username: player.email, password: TEST_PASSWORD })
    const otherToken = { token: other.json().access_token as string }

    const first = await t.app.inject({
      method: 'DELETE',
      url: '/v2/token',
      headers: bearer(player),
    })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ detail: expect.any(String) })

    const second = await t.app.inject({
      method: 'DELETE',
      url: '/v2/token',
      headers: bearer(player),
    })
    expect(second.statusCode).toBe(401)
    expect(second.headers['www-authenticate']).toBe('Bearer')
    const me = await t.app.inject({ url: '/v2/players/me', headers: bearer(player) })
    expect(me.statusCode).toBe(401)
    const stillValid = await t.app.inject({ url: '/v2/players/me', headers: bearer(otherToken) })
    expect(stillValid.statusCode).toBe(200)
  })

  it('stores the expiry and drops rows of tokens expired over a day ago', async () => {
    const player = await createTestUser(t)
    const day = 24 * 3600 * 1000
    await t.database.db.insert(revokedTokens).values([
      { revokedUuid: 'a'.repeat(32), userId: player.id, expires: iso(t.clock.now - 2 * day) },
      { revokedUuid: 'b'.repeat(32), userId: player.id, expires: iso(t.clock.now - day / 2) },
    ])
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/v2/token',
      headers: bearer(player),
    })
    expect(response.statusCode).toBe(200)
    const rows = await t.database.db
      .select()
      .from(revokedTokens)
      .where(eq(revokedTokens.userId, player.id))
    const jti = decodeJwt(player.token).jti
    expect(rows.map((row) => row.revokedUuid).sort()).toEqual(['b'.repeat(32), jti].sort())
    const own = rows.find((row) => row.revokedUuid === jti)
    expect(Date.parse(own?.expires ?? '')).toBe(Number(decodeJwt(player.token).exp) * 1000)
  })

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/v2/token' })
    expect(response.statusCode).toBe(401)
  })
})

const iso = (ms: number) => new Date(ms).toISOString()

describe('bearer tokens (API.md §3.2, §3.3)', () => {
  let t: TestApp
  let probeAuth: Auth
  let player: TestUser
  let admin: TestUser
  let banned: TestUser

  beforeAll(async () => {
    // An optional-auth read beside the real routes, to see how a stale token is answered there.
    t = await buildTestApp({
      extend: (app) => {
        app.get(
          '/v2/probe',
          { preHandler: (request, reply) => probeAuth.optional.call(app, request, reply) },
          async (request) => ({ badge: request.user?.badge ?? null }),
        )
      },
    })
    probeAuth = createAuth(t.database.db, t.config.secretKey, () => t.clock.now)
    player = await createTestUser(t)
    admin = await createTestUser(t, { isAdmin: true })
    banned = await createTestUser(t, { isBanned: true })
  })
  afterAll(() => t.close())

  const sign = (claims: Record<string, unknown>, secret = t.config.secretKey) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(secret))
  const seconds = () => Math.floor(t.clock.now / 1000)

  const staleTokens: [string, () => Promise<string>][] = [
    [
      'a bad signature',
      async () =>
        (
          await issueToken(
            'another-secret-key-that-is-long-enough',
            player.badge,
            3600,
            t.clock.now,
          )
        ).token,
    ],
    ['a malformed token', async () => 'not.a.jwt'],
    ['an empty token', async () => ''],
    [
      'a token without sub',
      () => sign({ jti: 'c'.repeat(32), iat: seconds(), exp: seconds() + 60 }),
    ],
    ['a token without jti', () => sign({ sub: player.badge, iat: seconds(), exp: seconds() + 60 })],
    ['a token without exp', () => sign({ sub: player.badge, jti: 'd'.repeat(32), iat: seconds() })],
    [
      'a token of an unknown badge',
      async () => (await issueToken(t.config.secretKey, '0zzz', 3600, t.clock.now)).token,
    ],
    [
      'an expired token',
      async () =>
        (await issueToken(t.config.secretKey, player.badge, 60, t.clock.now - 61_000)).token,
    ],
    [
      'a revoked token',
      async () => {
        const { token } = await issueToken(t.config.secretKey, player.badge, 3600, t.clock.now)
        await t.app.inject({ method: 'DELETE', url: '/v2/token', headers: bearer({ token }) })
        return token
      },
    ],
  ]

  it.each(staleTokens)('refuses %s with 401 on user and optional routes', async (_, make) => {
    const auth = bearer({ token: await make() })
    for (const url of ['/v2/players/me', '/v2/probe']) {
      const response = await t.app.inject({ url, headers: auth })
      expect(response.statusCode, url).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer')
      expect(response.json()).toEqual({ detail: expect.any(String) })
    }
  })

  it('ignores the header entirely on a public profile', async () => {
    const response = await t.app.inject({
      url: `/v2/players/${player.badge}`,
      headers: { authorization: 'Bearer not.a.jwt' },
    })
    expect(response.statusCode).toBe(200)
  })

  it('expires tokens by the clock', async () => {
    const { token } = await issueToken(t.config.secretKey, player.badge, 3600, t.clock.now)
    const auth = bearer({ token })
    expect((await t.app.inject({ url: '/v2/players/me', headers: auth })).statusCode).toBe(200)
    t.clock.advance(3600 * 1000)
    expect((await t.app.inject({ url: '/v2/players/me', headers: auth })).statusCode).toBe(401)
  })

  it('reads the caller on optional routes; no header or another scheme is anonymous', async () => {
    const fresh = await issueToken(t.config.secretKey, player.badge, 3600, t.clock.now)
    const cases: [Record<string, string>, string | null][] = [
      [{}, null],
      [{ authorization: 'Basic dXNlcjpwYXNz' }, null],
      [{ authorization: `bearer ${fresh.token}` }, player.badge],
      [{ authorization: `BEARER   ${fresh.token}` }, player.badge],
    ]
    for (const [headers, badge] of cases) {
      const response = await t.app.inject({ url: '/v2/probe', headers })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ badge })
    }
  })

  it('answers 403 to a banned player everywhere a token is read', async () => {
    for (const request of [
      { url: '/v2/players/me' },
      { url: '/v2/probe' },
      { method: 'POST' as const, url: '/v2/reset', payload: { email: banned.email } },
    ]) {
      const response = await t.app.inject({ ...request, headers: bearer(banned) })
      expect(response.statusCode, request.url).toBe(403)
    }
  })

  it('user routes need a token: none is 401', async () => {
    const response = await t.app.inject({ url: '/v2/players/me' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
  })

  it('admin routes: 401 without a token, 403 for players, allowed for admins', async () => {
    const request = {
      method: 'PATCH' as const,
      url: `/v2/players/${player.badge}`,
      payload: { moderation_notes: 'Checking access' },
    }
    expect((await t.app.inject(request)).statusCode).toBe(401)
    const asPlayer = await t.app.inject({ ...request, headers: bearer(player) })
    expect(asPlayer.statusCode).toBe(403)
    expect(asPlayer.json()).toEqual({ detail: expect.any(String) })
    expect((await t.app.inject({ ...request, headers: bearer(admin) })).statusCode).toBe(200)
  })

  it.each([
    ['POST', '/v2/players/new', { email: 'someone@example.org' }],
    ['POST', '/v2/players/new/6f1f8a3e-2f4b-4c2a-9c1e-0a1b2c3d4e5f', {}],
    ['POST', '/v2/reset', { email: 'someone@example.org' }],
    ['POST', '/v2/reset/6f1f8a3e-2f4b-4c2a-9c1e-0a1b2c3d4e5f', {}],
  ] as const)('%s %s is anonymous-only', async (method, url, payload) => {
    const body =
      url.includes('-') && Object.keys(payload).length === 0
        ? url.includes('reset')
          ? { password: 'new password 1', password_confirm: 'new password 1' }
          : { username: null, password: 'new password 1', password_confirm: 'new password 1' }
        : payload
    const loggedIn = await t.app.inject({ method, url, payload: body, headers: bearer(player) })
    expect(loggedIn.statusCode).toBe(401)
    expect(loggedIn.json().detail).toMatch(/already logged in/i)
    const stale = await t.app.inject({
      method,
      url,
      payload: body,
      headers: { authorization: 'Bearer not.a.jwt' },
    })
    expect(stale.statusCode).toBe(401)
    expect(stale.json().detail).not.toMatch(/already logged in/i)
  })
})
