import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDeckTestApp, createDeck, SERA_DECK } from '../../test/deck-fixtures.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'

/**
 * Bodies are read as the reference (FastAPI) reads them: as JSON unless the Content-Type names
 * something else, an empty body as no body, and anything else as a 422 of the usual shape.
 */
let t: TestApp
let player: TestUser

beforeAll(async () => {
  t = await buildDeckTestApp()
  player = await createTestUser(t)
})
afterAll(() => t.close())

const patchMe = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/v2/players/me',
    headers: { ...bearer(player), ...headers },
    payload,
  })
const JSON_TYPE = { 'content-type': 'application/json' }

describe('content types', () => {
  it.each([
    ['no Content-Type', {}],
    ['an empty Content-Type', { 'content-type': '' }],
    ['a JSON type with a charset', { 'content-type': 'Application/JSON; charset=utf-8' }],
    ['a structured +json type', { 'content-type': 'application/vnd.api+json' }],
  ])('reads a body with %s as JSON', async (name, headers) => {
    const response = await patchMe(JSON.stringify({ username: name }), headers)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().username).toBe(name)
  })

  it.each([
    ['form-encoded', 'application/x-www-form-urlencoded', 'username=Sneaky'],
    ['plain-text', 'text/plain', '{"username": "Sneaky"}'],
    [
      'multipart',
      'multipart/form-data; boundary=x',
      '--x\r\nname="username"\r\n\r\nSneaky\r\n--x--',
    ],
    ['binary', 'application/octet-stream', 'Sneaky'],
    ['mistyped', 'not a media type', '{"username": "Sneaky"}'],
  ])('answers a %s body with 422 in the usual shape, never 415', async (_, type, payload) => {
    const response = await patchMe(payload, { 'content-type': type })
    expect(response.statusCode).toBe(422)
    // The body is not echoed: it may hold a password (security/no-echo.test.ts).
    expect(response.json()).toEqual({
      detail: [{ type: 'dict_type', loc: ['body'], msg: expect.any(String), input: '[hidden]' }],
    })
  })

  it.each([
    ['JSON', JSON_TYPE],
    ['plain text', { 'content-type': 'text/plain' }],
    ['no Content-Type', {}],
  ])('still refuses a %s body past the ceiling with 413', async (_, headers) => {
    const response = await patchMe(`"${'x'.repeat(1024 * 1024)}"`, headers)
    expect(response.statusCode).toBe(413)
    expect(Object.keys(response.json())).toEqual(['detail'])
  })
})

describe('an empty body', () => {
  it.each([
    ['a JSON', JSON_TYPE],
    ['a plain-text', { 'content-type': 'text/plain' }],
  ])('with %s Content-Type is no body: an optional one takes its defaults', async (_, headers) => {
    const deck = await createDeck(t, player)
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/decks/${deck}/snapshot`,
      headers: { ...bearer(player), ...headers },
      payload: '',
    })
    expect(response.statusCode, response.body).toBe(201)
    const copy = await t.app.inject({
      url: `/v2/decks/${response.json().snapshot_id}`,
      headers: bearer(player),
    })
    expect(copy.json().deck).toMatchObject({ is_public: false, title: SERA_DECK.title })
  })

  it('is a missing body where one is required', async () => {
    const response = await patchMe('', JSON_TYPE)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([
      { type: 'missing', loc: ['body'], msg: 'Field required', input: null },
    ])
  })

  it('of blanks only is malformed JSON', async () => {
    const response = await patchMe(' \n ', JSON_TYPE)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ type: 'json_invalid', loc: ['body', 0] })
  })
})

describe('__proto__ and constructor keys', () => {
  const polluted = () => ({}) as Record<string, unknown>

  it.each([
    ['__proto__', '{"__proto__": {"polluted": "yes"}, "username": "Proto"}'],
    ['constructor', '{"constructor": {"prototype": {"polluted": "yes"}}, "username": "Proto"}'],
    ['nested __proto__', '{"username": "Proto", "x": [{"__proto__": {"polluted": "yes"}}]}'],
  ])('drops %s keys like any unknown key, polluting nothing', async (_, payload) => {
    const response = await patchMe(payload, JSON_TYPE)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().username).toBe('Proto')
    expect(polluted().polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('drops them from maps too', async () => {
    const body = JSON.stringify({ ...SERA_DECK, first_five: ['quick-study'] }).replace(
      '"tutor_map":{}',
      '"tutor_map":{"__proto__":{"polluted":"yes"},"quick-study":"last-ember"}',
    )
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v2/decks',
      headers: { ...bearer(player), ...JSON_TYPE },
      payload: body,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().tutor_map).toEqual({ 'quick-study': 'last-ember' })
    expect(polluted().polluted).toBeUndefined()
  })
})
