import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  formPayload,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'

/**
 * A client that sends a password in a body the route cannot read (JSON where a form is
 * expected, a form where JSON is, text, a list…) gets the API's 422, and the answer holds no
 * part of what it sent: not the password, not the body around it.
 */
const SECRET = 'Zq7-horse-staple-9xK'
/** Any run of this many characters of the secret in an answer counts as an echo. */
const PIECE = 6

const pieces = (secret: string) =>
  Array.from({ length: secret.length - PIECE + 1 }, (_, at) => secret.slice(at, at + PIECE))

type Body = { headers: Record<string, string>; payload: string }

const withType = (type: string, payload: string): Body => ({
  headers: { 'content-type': type },
  payload,
})

/** Every way the password's fields may arrive, readable by the route or not. */
function bodies(fields: Record<string, string>): [string, Body][] {
  const json = JSON.stringify(fields)
  const form = new URLSearchParams(fields).toString()
  return [
    ['a JSON object', withType('application/json', json)],
    [
      'a JSON list of the values',
      withType('application/json', JSON.stringify(Object.values(fields))),
    ],
    ['a JSON list holding the object', withType('application/json', JSON.stringify([fields]))],
    ['a JSON string', withType('application/json', JSON.stringify(form))],
    ['JSON sent as text/plain', withType('text/plain', json)],
    ['a form sent as text/plain', withType('text/plain', form)],
    ['a url-encoded form', formPayload(fields, 'urlencoded')],
    ['a multipart form', formPayload(fields, 'multipart')],
    ['a form labelled JSON', withType('application/json', form)],
    ['JSON cut short', withType('application/json', json.slice(0, -2))],
    ['an octet stream', withType('application/octet-stream', json)],
    ['no content type', { headers: {}, payload: form }],
  ]
}

describe('no password is echoed by any route that takes one', () => {
  let t: TestApp
  let player: TestUser
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_LOGIN: '10000', RATE_LIMIT_MAIL: '10000' } })
    player = await createTestUser(t)
  })
  afterAll(() => t.close())

  const routes: [string, () => string, () => Record<string, string>, Record<string, string>][] = [
    [
      'POST /v2/token',
      () => '/v2/token',
      () => ({}),
      { username: 'a@example.org', password: SECRET },
    ],
    [
      'POST /v2/players/me/password',
      () => '/v2/players/me/password',
      () => bearer(player),
      { current_password: SECRET, password: SECRET, password_confirm: SECRET },
    ],
    [
      'POST /v2/reset/{uuid}',
      () => `/v2/reset/${randomUUID()}`,
      () => ({}),
      { password: SECRET, password_confirm: SECRET },
    ],
    [
      'POST /v2/players/new/{uuid}',
      () => `/v2/players/new/${randomUUID()}`,
      () => ({}),
      { username: 'Someone', password: SECRET, password_confirm: SECRET },
    ],
  ]

  for (const [route, url, headers, fields] of routes) {
    it.each(bodies(fields))(`${route}: %s`, async (_, body) => {
      const response = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...headers(), ...body.headers },
        payload: body.payload,
      })
      const text = response.body
      for (const piece of pieces(SECRET)) expect(text).not.toContain(piece)
      // A body the route reads gets past validation (then 401/404 for the made-up account or
      // link); every other is refused in the 422 shape of API.md §2.1.
      if (response.statusCode === 422) {
        const { detail } = response.json() as { detail: unknown[] }
        expect(detail.length).toBeGreaterThan(0)
        for (const issue of detail) {
          expect(issue).toMatchObject({ type: expect.any(String), loc: expect.any(Array) })
        }
      } else {
        expect([200, 401, 404]).toContain(response.statusCode)
      }
    })
  }

  it('refuses JSON to the log-in form with 422, not a log-in', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: player.email, password: SECRET }),
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0].loc).toEqual(['body'])
  })

  it('echoes no more than a short excerpt of any long value', async () => {
    const long = `${'x'.repeat(64)}${SECRET}${'y'.repeat(40)}`
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      headers: bearer(player),
      payload: { username: long },
    })
    expect(response.statusCode).toBe(422)
    const [issue] = response.json().detail as { loc: unknown; input: string }[]
    expect(issue?.loc).toEqual(['body', 'username'])
    expect(issue?.input).toBe(`${'x'.repeat(64)}…`)
    for (const piece of pieces(SECRET)) expect(response.body).not.toContain(piece)
  })
})
