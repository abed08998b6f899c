import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { importMatrixCatalogue, MATRIX_CATALOGUE } from '../../test/matrix-catalogue.ts'
import { seedThreads } from '../../test/thread-fixtures.ts'

/**
 * The same request sent several times at once, as a double click, a retrying client or two
 * tabs do: no answer may be a 5xx, and the end state must be the one a single request leaves.
 * (On PGlite requests run one after the other; set DATABASE_URL to race them for real.)
 */
const COPIES = 8

let t: TestApp
let player: TestUser

beforeAll(async () => {
  // Limits high enough that eight copies of one request are not an attack.
  t = await buildTestApp({ env: { RATE_LIMIT_MAIL: '100', RATE_LIMIT_LOGIN: '100' } })
  await importMatrixCatalogue(t.database)
  player = await createTestUser(t)
})
afterAll(() => t.close())

async function race(request: InjectOptions) {
  const responses = await Promise.all(
    Array.from({ length: COPIES }, () => t.app.inject({ ...request })),
  )
  return responses.map((response) => ({ status: response.statusCode, body: response.body }))
}

const json = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  payload === undefined
    ? { method, url, headers: bearer(player) }
    : {
        method,
        url,
        headers: { ...bearer(player), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      }

async function ownDeck(): Promise<number> {
  const saved = await t.app.inject(
    json('PUT', '/v2/decks', {
      title: 'Raced',
      phoenixborn: MATRIX_CATALOGUE.phoenixborn,
      dice: [{ name: 'natural', count: 10 }],
      cards: [{ stub: MATRIX_CATALOGUE.card, count: 3 }],
    }),
  )
  return saved.json().id
}

describe('the same request, several times at once', () => {
  it('replacing the collection', async () => {
    const answers = await race(json('PUT', '/v2/releases/mine', [MATRIX_CATALOGUE.release]))
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
    const mine = await t.app.inject(json('GET', '/v2/releases'))
    const owned = mine.json().filter((r: { is_mine: boolean }) => r.is_mine)
    expect(owned.map((r: { stub: string }) => r.stub)).toEqual([MATRIX_CATALOGUE.release])
  })

  it('setting the boxes owned', async () => {
    const body = { releases: { [MATRIX_CATALOGUE.release]: 3 } }
    const answers = await race(json('PUT', '/v2/players/me/collection', body))
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
    const mine = await t.app.inject(json('GET', '/v2/players/me/collection'))
    expect(mine.json()).toEqual(body)
  })

  it('subscribing to a thread', async () => {
    const { card } = await seedThreads(t.database.db, player.id)
    const answers = await race(json('POST', `/v2/subscription/${card.entityId}`))
    expect(answers.map((a) => a.status)).toEqual(Array(COPIES).fill(201))
  })

  it('posting a comment: each one numbered once', async () => {
    const { card } = await seedThreads(t.database.db, player.id)
    const answers = await race(json('POST', `/v2/comments/${card.entityId}`, { text: 'Twice?' }))
    expect(answers.map((a) => a.status)).toEqual(Array(COPIES).fill(201))
    const page = await t.app.inject(json('GET', `/v2/comments/${card.entityId}`))
    const numbers = page
      .json()
      .results.map((c: { ordering_increment: number }) => c.ordering_increment)
    expect(numbers).toEqual(Array.from({ length: COPIES }, (_, i) => i + 1))
  })

  it('saving one deck', async () => {
    const id = await ownDeck()
    const answers = await race(
      json('PUT', '/v2/decks', {
        id,
        title: 'Raced again',
        phoenixborn: MATRIX_CATALOGUE.phoenixborn,
        cards: [{ stub: MATRIX_CATALOGUE.card, count: 2 }],
      }),
    )
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
  })

  it('taking snapshots of one deck', async () => {
    const id = await ownDeck()
    const answers = await race(json('POST', `/v2/decks/${id}/snapshot`, { title: 'Snap' }))
    expect(answers.map((a) => a.status)).toEqual(Array(COPIES).fill(201))
  })

  it('deleting one deck', async () => {
    const id = await ownDeck()
    const answers = await race(json('DELETE', `/v2/decks/${id}`))
    // Nothing refers to the deck, so the first delete removes the row; the others then find no
    // deck of the caller, exactly as a repeated delete does (403, API.md §7.5).
    const statuses = answers.map((a) => a.status)
    expect(statuses).toContain(204)
    expect(statuses.filter((s) => s !== 204 && s !== 403)).toEqual([])
    const gone = await t.app.inject(json('GET', `/v2/decks/${id}?show_saved=true`))
    expect(gone.statusCode).toBe(404)
  })

  it('cloning one deck', async () => {
    const id = await ownDeck()
    const answers = await race(json('GET', `/v2/decks/${id}/clone`))
    expect(answers.filter((a) => a.status !== 200)).toEqual([])
  })

  it('asking for the export token', async () => {
    const other = await createTestUser(t)
    const answers = await race({
      method: 'GET',
      url: '/v2/players/me/export',
      headers: bearer(other),
    })
    // Exports are off by default: what matters is that nobody got a 5xx.
    expect(answers.filter((a) => a.status >= 500)).toEqual([])
  })

  it('requesting an invitation for one e-mail', async () => {
    const email = `${randomUUID()}@example.org`
    const answers = await race({
      method: 'POST',
      url: '/v2/players/new',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    })
    expect(answers.map((a) => a.status)).toEqual(Array(COPIES).fill(201))
    const tokens = new Set(t.mailer.sent.filter((m) => m.to === email).map((m) => m.link))
    expect(tokens.size).toBe(1)
  })

  it('redeeming one invitation', async () => {
    const email = `${randomUUID()}@example.org`
    await t.app.inject({
      method: 'POST',
      url: '/v2/players/new',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email }),
    })
    const link = t.mailer.sent.find((m) => m.to === email)?.link ?? ''
    const token = link.split('/').filter(Boolean).at(-1)
    const answers = await race({
      method: 'POST',
      url: `/v2/players/new/${token}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        username: 'Racer',
        password: TEST_PASSWORD,
        password_confirm: TEST_PASSWORD,
      }),
    })
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s !== 201).every((s) => s === 404)).toBe(true)
  })

  it('logging out with one token', async () => {
    const logIn = await t.app.inject({
      method: 'POST',
      url: '/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: player.email, password: TEST_PASSWORD }).toString(),
    })
    const token = logIn.json().access_token
    const answers = await race({ method: 'DELETE', url: '/v2/token', headers: bearer({ token }) })
    expect(answers.filter((a) => a.status >= 500)).toEqual([])
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1)
  })
})
