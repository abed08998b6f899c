import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  formPayload,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { seedThreads } from '../../test/thread-fixtures.ts'

/**
 * Bodies past a route's ceiling are refused with 413 before they are read whole: small account
 * forms and comments have their own, lower ceilings than the app-wide one.
 */
let t: TestApp
let player: TestUser
let thread: number

beforeAll(async () => {
  t = await buildTestApp()
  player = await createTestUser(t)
  thread = (await seedThreads(t.database.db, player.id)).card.entityId
})
afterAll(() => t.close())

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(value),
})
/** JSON with every character escaped, as clients that write ASCII-only JSON send it. */
const asciiJson = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  ),
})

describe('request body ceilings', () => {
  it.each([
    [
      'the log-in form',
      '/v2/token',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=a%40example.org&password=${'x'.repeat(20_000)}`,
      },
    ],
    [
      'a log-in sent as JSON',
      '/v2/token',
      json({ username: 'a@example.org', p: 'x'.repeat(20_000) }),
    ],
    [
      'an invitation request',
      '/v2/players/new',
      json({ email: `${'x'.repeat(20_000)}@example.org` }),
    ],
    ['a reset request', '/v2/reset', json({ email: `${'x'.repeat(20_000)}@example.org` })],
  ])('refuses %s past 16 KiB with 413', async (_, url, request) => {
    const response = await t.app.inject({ method: 'POST', url, ...request })
    expect(response.statusCode).toBe(413)
    expect(Object.keys(response.json())).toEqual(['detail'])
  })

  it.each([
    ['one field past its size', { username: 'a@example.org', password: 'x'.repeat(12_000) }],
    [
      'several fields past 16 KiB together',
      { username: 'a@example.org', password: 'x', a: 'y'.repeat(9_000), b: 'y'.repeat(9_000) },
    ],
  ])(
    'refuses a multipart log-in form with %s with 413, not a shortened field',
    async (_, fields) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v2/token',
        ...formPayload(fields, 'multipart'),
      })
      expect(response.statusCode).toBe(413)
      expect(Object.keys(response.json())).toEqual(['detail'])
    },
  )

  it('refuses a comment past 128 KiB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/comments/${thread}`,
      headers: { ...bearer(player), 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(140_000) }),
    })
    expect(response.statusCode).toBe(413)
  })

  it('accepts the longest comment even with every character escaped', async () => {
    const text = '🔥'.repeat(5_000) // 10,000 UTF-16 units, 60 KB as \u escapes
    const posted = await t.app.inject({
      method: 'POST',
      url: `/v2/comments/${thread}`,
      ...asciiJson({ text }),
      headers: { ...bearer(player), 'content-type': 'application/json' },
    })
    expect(posted.statusCode, posted.body).toBe(201)
    const page = await t.app.inject({ method: 'GET', url: `/v2/comments/${thread}?order=desc` })
    const comment = page.json().results[0]
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/v2/comment/${comment.entity_id}`,
      ...asciiJson({ text, moderation_notes: text }),
      headers: { ...bearer(player), 'content-type': 'application/json' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
  })

  it('refuses any body past 1 MiB with 413', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v2/decks',
      headers: { ...bearer(player), 'content-type': 'application/json' },
      payload: JSON.stringify({ description: 'x'.repeat(1_100_000) }),
    })
    expect(response.statusCode).toBe(413)
    expect(Object.keys(response.json())).toEqual(['detail'])
  })
})
