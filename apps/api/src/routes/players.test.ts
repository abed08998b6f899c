import { authTokenSchema, userSelfSchema } from '@spellboard/core/users'
import { eq } from 'drizzle-orm'
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
import { wireBody } from '../../test/wire.ts'
import { invites, users } from '../db/schema.ts'

const UUID4 = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/
const UNKNOWN_TOKEN = '0b5ea6c4-3c8e-4f57-9a39-2b6f0e1d7c11'
const PASSWORDS = { password: 'a new password', password_confirm: 'a new password' }

async function invite(t: TestApp, email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v2/players/new',
    payload: { email },
  })
  expect([201, 400]).toContain(response.statusCode)
  return response
}

function lastInvitationToken(t: TestApp): string {
  const link = t.mailer.sent.at(-1)?.link ?? ''
  const token = /\/players\/new\/([^/]+)\/$/.exec(link)?.[1]
  if (!token) throw new Error(`no invitation link in ${link}`)
  return token
}

describe('invitations and registration', () => {
  let t: TestApp
  beforeAll(async () => {
    // Rate limits have their own tests; here every request must reach the handler.
    t = await buildTestApp({ env: { RATE_LIMIT_MAIL: '1000' } })
  })
  afterAll(() => t.close())

  it('mails one invitation per e-mail; asking again re-sends the same token', async () => {
    const first = await invite(t, '  New.Player@Example.ORG ')
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({ detail: expect.any(String) })
    const mail = t.mailer.sent.at(-1)
    expect(mail?.to).toBe('new.player@example.org')
    expect(mail?.link).toMatch(
      new RegExp(`^http://spellboard\\.test/players/new/${UUID4.source}/$`),
    )
    const token = lastInvitationToken(t)

    expect((await invite(t, 'new.player@example.org')).statusCode).toBe(201)
    expect(lastInvitationToken(t)).toBe(token)
    const [row] = await t.database.db
      .select()
      .from(invites)
      .where(eq(invites.email, 'new.player@example.org'))
    expect(row).toMatchObject({ uuid: token, requests: 2 })
  })

  it('refuses a registered e-mail with 400 and sends nothing', async () => {
    const player = await createTestUser(t)
    const before = t.mailer.sent.length
    const response = await invite(t, player.email.toUpperCase())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String) })
    expect(t.mailer.sent).toHaveLength(before)
  })

  it.each(['üser@example.org', 'user@exämple.org', 'ユーザー@例え.jp'])(
    'invites internationalised addresses like %s',
    async (email) => {
      const response = await invite(t, email.toUpperCase())
      expect(response.statusCode, response.body).toBe(201)
      expect(t.mailer.sent.at(-1)?.to).toBe(email)
    },
  )

  it.each([
    ['not an e-mail', { email: 'not-an-email' }, 'value_error'],
    ['no e-mail', {}, 'missing'],
    ['a number', { email: 5 }, 'string_type'],
  ])('answers 422 for %s', async (_, payload, type) => {
    const response = await t.app.inject({ method: 'POST', url: '/v2/players/new', payload })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([
      expect.objectContaining({ type, loc: ['body', 'email'], msg: expect.any(String) }),
    ])
  })

  it('creates the account, answers 201 with a 24-hour token and consumes the invitation', async () => {
    await invite(t, 'finisher@example.org')
    const token = lastInvitationToken(t)
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${token}`,
      payload: {
        token,
        username: 'Finisher',
        description: 'I play *Aradel*.',
        newsletter_opt_in: true,
        ...PASSWORDS,
      },
    })
    expect(response.statusCode).toBe(201)
    const body = wireBody(authTokenSchema, response.json())
    expect(body.token_type).toBe('bearer')
    expect(body.user).toMatchObject({
      username: 'Finisher',
      email: 'finisher@example.org',
      description: 'I play *Aradel*.',
      newsletter_opt_in: true,
      is_admin: false,
    })
    expect(body.user.badge).toMatch(/^[0-9][a-z0-9*&+=-]{2,6}[a-z0-9*!]$/)
    const claims = decodeJwt(body.access_token)
    expect(claims.sub).toBe(body.user.badge)
    expect(Number(claims.exp) - Number(claims.iat)).toBe(24 * 3600)

    const again = await t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${token}`,
      payload: { username: 'Twice', ...PASSWORDS },
    })
    expect(again.statusCode).toBe(404)
    const logIn = formPayload(
      { username: 'finisher@example.org', password: PASSWORDS.password },
      'urlencoded',
    )
    expect((await t.app.inject({ method: 'POST', url: '/v2/token', ...logIn })).statusCode).toBe(
      200,
    )
  })

  it('gives a random Phoenixborn-style name when username is null', async () => {
    await invite(t, 'nameless@example.org')
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${lastInvitationToken(t)}`,
      payload: { username: null, ...PASSWORDS },
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().user.username).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/)
    expect(response.json().user.description).toBeNull()
  })

  it('answers 400 when the e-mail got an account after the invitation was sent', async () => {
    await invite(t, 'late@example.org')
    const token = lastInvitationToken(t)
    await createTestUser(t, { email: 'late@example.org' })
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${token}`,
      payload: { username: 'Late', ...PASSWORDS },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String) })
    const left = await t.database.db.select().from(invites).where(eq(invites.uuid, token))
    expect(left).toEqual([])
  })

  it('answers 404 for an unknown token and 422 for a token that is no UUID4', async () => {
    const payload = { username: 'Someone', ...PASSWORDS }
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${UNKNOWN_TOKEN}`,
      payload,
    })
    expect(unknown.statusCode).toBe(404)
    for (const bad of ['abc', '0b5ea6c4-3c8e-1f57-9a39-2b6f0e1d7c11']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/v2/players/new/${bad}`,
        payload,
      })
      expect(response.statusCode).toBe(422)
      expect(response.json().detail[0]).toMatchObject({ loc: ['path', 'token'], input: bad })
    }
  })

  it.each([
    [
      'mismatched passwords',
      { username: 'A name', password: 'password one', password_confirm: 'password two' },
      [['body']],
    ],
    ['a missing username key', { ...PASSWORDS }, [['body', 'username']]],
    [
      'a short password',
      { username: 'A name', password: 'short', password_confirm: 'short' },
      [
        ['body', 'password'],
        ['body', 'password_confirm'],
      ],
    ],
    ['a one-letter username', { username: 'A', ...PASSWORDS }, [['body', 'username']]],
    ['a 43-letter username', { username: 'x'.repeat(43), ...PASSWORDS }, [['body', 'username']]],
    [
      'a non-boolean opt-in',
      { username: 'A name', newsletter_opt_in: 'maybe', ...PASSWORDS },
      [['body', 'newsletter_opt_in']],
    ],
  ])('answers 422 for %s', async (_, payload, locs) => {
    await invite(t, 'validation@example.org')
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${lastInvitationToken(t)}`,
      payload,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail.map((issue: { loc: unknown }) => issue.loc)).toEqual(locs)
  })
})

describe('the caller’s account', () => {
  let t: TestApp
  let player: TestUser
  beforeAll(async () => {
    t = await buildTestApp()
    player = await createTestUser(t, { username: 'Original' })
  })
  afterAll(() => t.close())

  const patchMe = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/v2/players/me', headers: bearer(player), payload })

  it('GET /v2/players/me answers UserSelf FULL', async () => {
    const response = await t.app.inject({ url: '/v2/players/me', headers: bearer(player) })
    expect(response.statusCode).toBe(200)
    expect(wireBody(userSelfSchema, response.json())).toEqual({
      username: 'Original',
      badge: player.badge,
      description: null,
      email: player.email,
      reset_uuid: null,
      newsletter_opt_in: false,
      email_subscriptions: true,
      exclude_subscriptions: false,
      colorize_icons: false,
      is_admin: false,
    })
  })

  it('PATCH applies the six keys the account page sends, null description included', async () => {
    const payload = {
      username: '  Renamed ',
      description: null,
      newsletter_opt_in: true,
      email_subscriptions: false,
      exclude_subscriptions: true,
      colorize_icons: true,
      is_admin: true,
    }
    const response = await patchMe(payload)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      username: 'Renamed',
      description: null,
      newsletter_opt_in: true,
      email_subscriptions: false,
      exclude_subscriptions: true,
      colorize_icons: true,
      is_admin: false,
    })
  })

  it('PATCH applies only the keys present and can clear a description with null', async () => {
    expect((await patchMe({ description: 'Plays [[Hammer Knight]]' })).json().description).toBe(
      'Plays [[Hammer Knight]]',
    )
    const response = await patchMe({ colorize_icons: false })
    expect(response.json()).toMatchObject({
      username: 'Renamed',
      description: 'Plays [[Hammer Knight]]',
      colorize_icons: false,
      newsletter_opt_in: true,
    })
    expect((await patchMe({ description: null })).json().description).toBeNull()
    const me = await t.app.inject({ url: '/v2/players/me', headers: bearer(player) })
    expect(me.json().description).toBeNull()
  })

  it.each([
    ['a short username', { username: 'x' }, ['body', 'username'], 'string_too_short'],
    ['a null username', { username: null }, ['body', 'username'], 'string_type'],
    ['a numeric description', { description: 5 }, ['body', 'description'], 'string_type'],
    ['a string boolean', { colorize_icons: 'yes' }, ['body', 'colorize_icons'], 'bool_type'],
  ])('PATCH answers 422 for %s', async (_, payload, loc, type) => {
    const response = await patchMe(payload)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([expect.objectContaining({ loc, type })])
  })

  it('PATCH answers 422 for malformed JSON and 401 without a token', async () => {
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      headers: { ...bearer(player), 'content-type': 'application/json' },
      payload: '{"username": ',
    })
    expect(malformed.statusCode).toBe(422)
    expect(malformed.json().detail[0].type).toBe('json_invalid')
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      payload: { username: 'Nobody' },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  describe('POST /v2/players/me/password', () => {
    const change = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/v2/players/me/password',
        headers: bearer(player),
        payload,
      })

    it('refuses a wrong current password with one 422 item on current_password', async () => {
      const response = await change({ current_password: 'not my password', ...PASSWORDS })
      expect(response.statusCode).toBe(422)
      expect(response.json().detail).toEqual([
        expect.objectContaining({
          type: 'value_error',
          loc: ['body', 'current_password'],
          msg: expect.any(String),
        }),
      ])
    })

    it('refuses mismatched new passwords at ["body"]', async () => {
      const response = await change({
        current_password: TEST_PASSWORD,
        password: 'password one',
        password_confirm: 'password two',
      })
      expect(response.statusCode).toBe(422)
      expect(response.json().detail).toEqual([expect.objectContaining({ loc: ['body'] })])
    })

    it('changes the password; the old one stops working', async () => {
      const response = await change({ current_password: TEST_PASSWORD, ...PASSWORDS })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ detail: expect.any(String) })
      const logIn = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v2/token',
          ...formPayload({ username: player.email, password }, 'urlencoded'),
        })
      expect((await logIn(PASSWORDS.password)).statusCode).toBe(200)
      expect((await logIn(TEST_PASSWORD)).statusCode).toBe(401)
    })
  })

  it('GET /v2/players/me/export is refused while exports are disallowed', async () => {
    const response = await t.app.inject({ url: '/v2/players/me/export', headers: bearer(player) })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.any(String) })
  })
})

describe('GET /v2/players/me/export with exports allowed', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { ALLOW_EXPORTS: 'true' } })
  })
  afterAll(() => t.close())

  it('creates a token on the first call and keeps it', async () => {
    const player = await createTestUser(t)
    const first = await t.app.inject({ url: '/v2/players/me/export', headers: bearer(player) })
    expect(first.statusCode).toBe(200)
    expect(Object.keys(first.json())).toEqual(['export_token'])
    expect(first.json().export_token).toMatch(new RegExp(`^${UUID4.source}$`))
    const second = await t.app.inject({ url: '/v2/players/me/export', headers: bearer(player) })
    expect(second.json()).toEqual(first.json())
    const [row] = await t.database.db
      .select({ uuid: users.deckExportUuid })
      .from(users)
      .where(eq(users.id, player.id))
    expect(row?.uuid).toBe(first.json().export_token)
  })
})

describe('public profiles and moderation', () => {
  let t: TestApp
  let admin: TestUser
  beforeAll(async () => {
    t = await buildTestApp()
    admin = await createTestUser(t, { isAdmin: true })
  })
  afterAll(() => t.close())

  const moderate = (badge: string, payload: object, as: TestUser = admin) =>
    t.app.inject({
      method: 'PATCH',
      url: `/v2/players/${encodeURIComponent(badge)}`,
      headers: bearer(as),
      payload,
    })

  it('GET /v2/players/{badge} answers exactly username, badge and description', async () => {
    const player = await createTestUser(t, { username: 'Visible' })
    const response = await t.app.inject({ url: `/v2/players/${player.badge}` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ username: 'Visible', badge: player.badge, description: null })
  })

  it('finds imported badges with characters that need URL encoding', async () => {
    await t.database.db
      .insert(users)
      .values({ email: 'amp@example.org', badge: '1a&+', username: 'Ampersand' })
    const response = await t.app.inject({ url: `/v2/players/${encodeURIComponent('1a&+')}` })
    expect(response.statusCode).toBe(200)
    expect(response.json().badge).toBe('1a&+')
  })

  it('answers 404 for unknown and banned players', async () => {
    const banned = await createTestUser(t, { isBanned: true })
    for (const badge of ['0none', banned.badge, 'x'.repeat(300)]) {
      const response = await t.app.inject({ url: `/v2/players/${badge}` })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ detail: expect.any(String) })
    }
  })

  it('a ban applies only the flag and the notes, hides the profile and locks the player out', async () => {
    const player = await createTestUser(t, { username: 'Troll' })
    const response = await moderate(player.badge, {
      is_banned: true,
      username: 'Ignored',
      moderation_notes: 'Spam in comments',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      username: 'Troll',
      description: null,
      is_banned: true,
      moderation_notes: 'Spam in comments',
    })
    expect((await t.app.inject({ url: `/v2/players/${player.badge}` })).statusCode).toBe(404)
    expect(
      (await t.app.inject({ url: '/v2/players/me', headers: bearer(player) })).statusCode,
    ).toBe(403)

    const lifted = await moderate(player.badge, { is_banned: false, moderation_notes: 'Appealed' })
    expect(lifted.json()).toMatchObject({ is_banned: false, moderation_notes: 'Appealed' })
    expect((await t.app.inject({ url: `/v2/players/${player.badge}` })).statusCode).toBe(200)
  })

  it('without is_banned the sent username and description are replaced', async () => {
    const player = await createTestUser(t, { username: 'Rude Name' })
    const response = await moderate(player.badge, {
      username: 'Player',
      description: null,
      moderation_notes: 'Offensive username',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      username: 'Player',
      description: null,
      is_banned: false,
      moderation_notes: 'Offensive username',
    })
  })

  it.each([
    ['notes', { moderation_notes: 'x' }],
    ['no body', undefined],
    ['a body that fails validation', { is_banned: 'perhaps', username: 7 }],
  ])(
    "answers 404 'User not found.' for an unknown badge (even one holding NUL) with %s",
    async (_, payload) => {
      for (const badge of ['0none', '%00..%2F..%2F']) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/v2/players/${badge}`,
          headers: bearer(admin),
          ...(payload ? { payload } : {}),
        })
        expect(response.statusCode).toBe(404)
        expect(response.json()).toEqual({ detail: 'User not found.' })
      }
    },
  )

  it('still refuses a non-admin before looking the badge up', async () => {
    const player = await createTestUser(t)
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/0none',
      headers: bearer(player),
      payload: { is_banned: 'perhaps' },
    })
    expect(response.statusCode).toBe(403)
  })

  it.each([
    ['an unknown badge', () => '0none', { moderation_notes: 'x' }, 404],
    ['the admin themself', () => admin.badge, { moderation_notes: 'x' }, 400],
    ['missing notes', () => admin.badge, { is_banned: true }, 422],
    ['empty notes', () => admin.badge, { moderation_notes: '  ' }, 422],
  ])('answers the right error for %s', async (_, badge, payload, status) => {
    const response = await moderate(badge(), payload)
    expect(response.statusCode).toBe(status)
  })
})
