import { createServer } from 'node:net'
import { decodeJwt } from 'jose'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  formPayload,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/helpers.ts'
import { invites } from '../db/schema.ts'

/** A real SMTP server on a free local port that keeps every message it receives, parsed. */
async function startSmtpSink() {
  const received: ParsedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** The link a mail is about: alone on its line in the text, the same link in the HTML. */
function linkOf(mail: ParsedMail | undefined, path: string): string {
  const lines = (mail?.text ?? '').split('\n').map((line) => line.trim())
  const link = lines.find((line) => line.startsWith(`http://spellboard.test${path}`))
  if (!link) throw new Error(`no ${path} link in:\n${mail?.text}`)
  expect(link).toMatch(/^\S+\/$/)
  expect(mail?.html || '').toContain(`href="${link}"`)
  return link
}

const tokenOf = (link: string) => link.split('/').at(-2) ?? ''

describe('account flows through a real SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let t: TestApp
  beforeAll(async () => {
    sink = await startSmtpSink()
    t = await buildTestApp({
      env: { SMTP_URL: sink.url, RATE_LIMIT_MAIL: '1000' },
      realMailer: true,
    })
  })
  afterAll(async () => {
    await t.close()
    await sink.close()
  })

  const logIn = (email: string, password: string, encoding: 'urlencoded' | 'multipart') =>
    t.app.inject({
      method: 'POST',
      url: '/v2/token',
      ...formPayload({ username: email, password }, encoding),
    })

  it('invite → finalise → log in (both encodings) → use the token → log out → token refused', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/v2/players/new',
      payload: { email: 'Mailed.Player@Example.org' },
    })
    expect(invited.statusCode).toBe(201)
    const mail = sink.received.at(-1)
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('mailed.player@example.org')
    expect(mail?.subject).toMatch(/account/i)
    const link = linkOf(mail, '/players/new/')

    const finalised = await t.app.inject({
      method: 'POST',
      url: `/v2/players/new/${tokenOf(link)}`,
      payload: {
        username: 'Mailed Player',
        password: 'mailed password',
        password_confirm: 'mailed password',
      },
    })
    expect(finalised.statusCode).toBe(201)
    const badge = finalised.json().user.badge

    const viaForm = await logIn('mailed.player@example.org', 'mailed password', 'urlencoded')
    const viaMultipart = await logIn('mailed.player@example.org', 'mailed password', 'multipart')
    expect(viaForm.statusCode).toBe(200)
    expect(viaMultipart.statusCode).toBe(200)
    const session = { token: viaMultipart.json().access_token as string }

    const me = await t.app.inject({ url: '/v2/players/me', headers: bearer(session) })
    expect(me.json()).toMatchObject({ badge, username: 'Mailed Player' })

    const loggedOut = await t.app.inject({
      method: 'DELETE',
      url: '/v2/token',
      headers: bearer(session),
    })
    expect(loggedOut.statusCode).toBe(200)
    const refused = await t.app.inject({ url: '/v2/players/me', headers: bearer(session) })
    expect(refused.statusCode).toBe(401)
    const otherSession = { token: viaForm.json().access_token as string }
    expect(
      (await t.app.inject({ url: '/v2/players/me', headers: bearer(otherSession) })).statusCode,
    ).toBe(200)
  })

  it('reset request → mailed link → new password; the old password stops working', async () => {
    const player = await createTestUser(t)
    const requested = await t.app.inject({
      method: 'POST',
      url: '/v2/reset',
      payload: { email: player.email },
    })
    expect(requested.statusCode).toBe(200)
    expect(requested.json()).toEqual({ detail: expect.any(String) })
    const link = linkOf(sink.received.at(-1), '/players/reset/')

    // The pending token travels by mail only, never to a bearer token.
    const me = await t.app.inject({ url: '/v2/players/me', headers: bearer(player) })
    expect(me.json().reset_uuid).toBeNull()

    const mismatch = await t.app.inject({
      method: 'POST',
      url: `/v2/reset/${tokenOf(link)}`,
      payload: { password: 'brand new pass', password_confirm: 'brand new pasS' },
    })
    expect(mismatch.statusCode).toBe(422)
    expect(mismatch.json().detail).toEqual([expect.objectContaining({ loc: ['body'] })])

    const reset = await t.app.inject({
      method: 'POST',
      url: `/v2/reset/${tokenOf(link)}`,
      payload: { password: 'brand new pass', password_confirm: 'brand new pass' },
    })
    expect(reset.statusCode).toBe(200)
    const body = reset.json()
    expect(body.user).toMatchObject({ badge: player.badge, reset_uuid: null })
    const claims = decodeJwt(body.access_token)
    expect(Number(claims.exp) - Number(claims.iat)).toBe(24 * 3600)

    expect((await logIn(player.email, 'brand new pass', 'multipart')).statusCode).toBe(200)
    expect((await logIn(player.email, TEST_PASSWORD, 'multipart')).statusCode).toBe(401)
    // Sessions opened before the reset end: whoever knew the old password is logged out.
    expect(
      (await t.app.inject({ url: '/v2/players/me', headers: bearer(player) })).statusCode,
    ).toBe(401)
    expect(
      (await t.app.inject({ url: '/v2/players/me', headers: bearer({ token: body.access_token }) }))
        .statusCode,
    ).toBe(200)
    const reused = await t.app.inject({
      method: 'POST',
      url: `/v2/reset/${tokenOf(link)}`,
      payload: { password: 'another new pass', password_confirm: 'another new pass' },
    })
    expect(reused.statusCode).toBe(404)
  })

  it('a second reset request replaces the link; the first one no longer works', async () => {
    const player = await createTestUser(t)
    const request = () =>
      t.app.inject({ method: 'POST', url: '/v2/reset', payload: { email: player.email } })
    await request()
    const first = tokenOf(linkOf(sink.received.at(-1), '/players/reset/'))
    await request()
    const second = tokenOf(linkOf(sink.received.at(-1), '/players/reset/'))
    expect(second).not.toBe(first)
    const payload = { password: 'brand new pass', password_confirm: 'brand new pass' }
    const stale = await t.app.inject({ method: 'POST', url: `/v2/reset/${first}`, payload })
    expect(stale.statusCode).toBe(404)
    const fresh = await t.app.inject({ method: 'POST', url: `/v2/reset/${second}`, payload })
    expect(fresh.statusCode).toBe(200)
  })

  it.each([
    ['an unknown e-mail', () => ({ email: 'nobody@example.org' }), 404],
    [
      'a banned player',
      async () => ({ email: (await createTestUser(t, { isBanned: true })).email }),
      403,
    ],
    ['an invalid e-mail', () => ({ email: 'nobody' }), 422],
  ])('reset request for %s is refused without a mail', async (_, payload, status) => {
    const before = sink.received.length
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/reset',
      payload: await payload(),
    })
    expect(response.statusCode).toBe(status)
    expect(sink.received).toHaveLength(before)
  })

  it('reset with an unknown token is 404, with a token that is no UUID4 422', async () => {
    const payload = { password: 'brand new pass', password_confirm: 'brand new pass' }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v2/reset/4d6b7c1e-8a9f-4b2c-8d3e-5f6a7b8c9d0e',
      payload,
    })
    expect(unknown.statusCode).toBe(404)
    const bad = await t.app.inject({ method: 'POST', url: '/v2/reset/not-a-uuid', payload })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().detail[0]).toMatchObject({ type: 'uuid_parsing', loc: ['path', 'token'] })
  })
})

describe('when mail cannot be delivered', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
      realMailer: true,
    })
  })
  afterAll(() => t.close())

  it('an invitation request answers 400 and keeps the invitation for the next request', async () => {
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/v2/players/new',
        payload: { email: 'unlucky@example.org' },
      })
    const response = await request()
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.stringMatching(/send/i) })
    expect((await request()).statusCode).toBe(400)
    const rows = await t.database.db.select().from(invites)
    expect(rows).toEqual([expect.objectContaining({ email: 'unlucky@example.org', requests: 2 })])
  })

  it('a reset request answers 400', async () => {
    const player = await createTestUser(t)
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/reset',
      payload: { email: player.email },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.stringMatching(/send/i) })
  })
})
