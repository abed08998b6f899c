import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { seedThreads } from '../../test/thread-fixtures.ts'

/**
 * Requests the hostile-input fuzzer found answered with a 500 or outside the error contract of
 * API.md §2, each now answered with a 4xx in the usual shape.
 */
let t: TestApp
let player: TestUser
let webDist: string

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'spellboard-web-'))
  mkdirSync(path.join(webDist, 'assets'))
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Spellboard</title>')
  t = await buildTestApp({ env: { WEB_DIST: webDist }, serveWeb: true })
  player = await createTestUser(t)
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

const detailOnly = (body: unknown) => {
  expect(Object.keys(body as object)).toEqual(['detail'])
  expect(typeof (body as { detail: unknown }).detail).toBe('string')
}

describe('text the database cannot store', () => {
  it('refuses a NUL in a path parameter with 422 instead of failing in the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/players/a%00b' })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([
      {
        type: 'string_pattern_mismatch',
        loc: ['path', 'badge'],
        msg: 'String should not contain NUL characters',
        input: 'a\u0000b',
      },
    ])
  })

  it('refuses a NUL in a body field and names the field', async () => {
    const { card } = await seedThreads(t.database.db, player.id)
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/comments/${card.entityId}`,
      headers: bearer(player),
      payload: { text: 'hello\u0000world' },
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'text'] })
  })

  it('refuses a NUL in a log-in form field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%00b%40example.org&password=whatever1',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ loc: ['body', 'username'] })
  })

  it('refuses a lone surrogate (no character at all) where JSONB would fail on it', async () => {
    const admin = await createTestUser(t, { isAdmin: true })
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/cards',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: `{"name": "Probe", "card_type": "Ally", "placement": "Battlefield",
        "release": "Probe Future", "cost": ["[[main]]", "a\\ud800b"]}`,
    })
    expect(response.statusCode, response.body).toBe(422)
    expect(response.json().detail).toEqual([
      {
        type: 'string_unicode',
        loc: ['body', 'cost', 1],
        msg: 'Input should be a valid string, unable to parse raw data as a unicode string',
        input: 'a\ud800b',
      },
    ])
  })

  it('keeps characters outside the Basic Multilingual Plane (surrogate pairs)', async () => {
    const { card } = await seedThreads(t.database.db, player.id)
    const response = await t.app.inject({
      method: 'POST',
      url: `/v2/comments/${card.entityId}`,
      headers: { ...bearer(player), 'content-type': 'application/json' },
      payload: '{"text": "Phoenix \\ud83d\\udd25 rises"}',
    })
    expect(response.statusCode, response.body).toBe(201)
    const page = await t.app.inject({ method: 'GET', url: `/v2/comments/${card.entityId}` })
    expect(page.json().results[0].text).toBe('Phoenix 🔥 rises')
  })

  it('still ignores unknown keys, whatever they hold', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      headers: bearer(player),
      payload: { colorize_icons: true, 'stray\u0000key': 'a\u0000b' },
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('bodies and URLs the framework refuses', () => {
  it.each([
    ['as the body', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, ['body']],
    [
      'in a field',
      `{"description": ${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
      ['body', 'description'],
    ],
  ])('answers JSON nested 100,000 deep %s with the 422 list', async (_, payload, loc) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      headers: { ...bearer(player), 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode).toBe(422)
    const issue = response.json().detail[0]
    expect(issue).toMatchObject({ loc })
    // The echoed input is cut a few levels down.
    expect(JSON.stringify(issue.input).length).toBeLessThan(200)
  })

  it.each([
    ['/v2/decks/%FF', 400],
    ['/v2/players/%E2%82', 400],
    // Longer than any request line Node admits (its header size limit).
    [`/v2/decks/shared/${'a'.repeat(20_000)}`, 414],
  ])('answers %s with %i and a detail', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(status)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    detailOnly(response.json())
  })

  it('answers a preflight with a broken body in the usual shape', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/v2/decks',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1,}',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ type: 'json_invalid' })
  })

  it('answers a preflight with an unknown body type in the usual shape', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/v2/decks',
      headers: { 'content-type': 'application/octet-stream' },
      payload: 'x',
    })
    expect(response.statusCode).toBe(405)
    detailOnly(response.json())
  })

  it.each([
    [`/v2/cards/${'a'.repeat(1000)}`, 404],
    [`/v2/cards/${'a'.repeat(1000)}/details`, 404],
    [`/v2/players/${'a'.repeat(1000)}`, 404],
    [`/v2/decks/shared/${'a'.repeat(1000)}`, 422],
  ])('answers a long path parameter like any other: %s', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(status)
  })

  it('reports a missing union field (the Phoenixborn of a deck) with its input', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v2/decks',
      headers: bearer(player),
      payload: { cards: [] },
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail).toEqual([
      {
        type: 'missing',
        loc: ['body', 'phoenixborn'],
        msg: 'Field required',
        input: { cards: [] },
      },
    ])
  })

  it('keeps answering unknown API paths with 404, not 405', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/no-such-thing' })
    expect(response.statusCode).toBe(404)
  })
})

describe('the web app fallback', () => {
  it('answers a client route whose escapes do not decode with 400 and a detail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/decks/%E0%A4%A' })
    expect(response.statusCode).toBe(400)
    detailOnly(response.json())
  })

  it('still serves client routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/decks/mine/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('Spellboard')
  })
})
