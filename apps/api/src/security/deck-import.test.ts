import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  execute,
  get,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import {
  exportedDeck,
  exportPage,
  type FakeSource,
  sendJson,
  startFakeSource,
} from '../../test/fake-source.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'
import { rateLimits } from '../db/schema.ts'
import {
  CONNECT_TIMEOUT_MS,
  isAllowedAddress,
  MAX_ANSWER_BYTES,
  type Resolver,
} from '../lib/outbound.ts'
import { callImportSource, TOTAL_TIMEOUT_MS } from '../services/decks/import-source.ts'

const TOKEN = '0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a'

let source: FakeSource
/** A second local site, where a redirect would lead. */
let elsewhere: FakeSource

beforeAll(async () => {
  source = await startFakeSource()
  elsewhere = await startFakeSource((_request, response) => sendJson(response, 200, exportPage([])))
})
afterAll(async () => {
  await source.close()
  await elsewhere.close()
})
afterEach(() => {
  source.requests.length = 0
  elsewhere.requests.length = 0
  source.answer((_request, response) => sendJson(response, 200, exportPage([])))
})

const importAs = (t: TestApp, user: TestUser, fromApi?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/v2/decks/import/${TOKEN}${fromApi === undefined ? '' : `?from_api=${encodeURIComponent(fromApi)}`}`,
    headers: bearer(user),
  })

describe('deck import with the default settings', () => {
  let t: TestApp
  let player: TestUser
  beforeAll(async () => {
    t = await buildDeckTestApp()
    player = await createTestUser(t)
  })
  afterAll(() => t.close())

  it('allows https://api.ashes.live alone', () => {
    expect(t.config.deckImportSources).toEqual(['https://api.ashes.live'])
  })

  it.each([
    ['a plain-http origin on this machine', () => source.origin],
    ['a bare host (https assumed) on this machine', () => `127.0.0.1:${source.port}`],
    ['localhost', () => `http://localhost:${source.port}`],
    ['the IPv6 loopback', () => `http://[::1]:${source.port}`],
    ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${source.port}`],
    ['a decimal address', () => `http://2130706433:${source.port}`],
    ['the allowed host over http', () => 'http://api.ashes.live'],
    ['the allowed host on another port', () => 'https://api.ashes.live:8443'],
    ['a look-alike host', () => 'https://api.ashes.live.evil.test'],
    ['credentials before another host', () => `https://api.ashes.live@127.0.0.1:${source.port}`],
    ['a path after the host', () => `https://api.ashes.live/../${source.origin}`],
    ['the cloud metadata address', () => 'http://169.254.169.254'],
    ['another scheme', () => 'file:///etc/passwd'],
  ])('refuses %s with a 400 and calls nothing', async (_, fromApi) => {
    const response = await importAs(t, player, fromApi())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.stringMatching(/not allowed|must be a host/) })
    expect(source.requests).toEqual([])
  })
})

describe('deck import from a listed local source', () => {
  let t: TestApp
  let player: TestUser
  beforeAll(async () => {
    t = await buildDeckTestApp({
      env: {
        DECK_IMPORT_SOURCES: `${source.origin}, https://api.ashes.live`,
        RATE_LIMIT_IMPORT: '1000',
      },
    })
    player = await createTestUser(t)
  })
  afterAll(() => t.close())

  it('calls the origin listed as an http origin', async () => {
    const response = await importAs(t, player, source.origin)
    expect(response.statusCode).toBe(200)
    expect(source.requests).toEqual([`GET /v2/decks/export/${TOKEN}`])
  })

  it('does not take the listed http origin for a bare host, which means https', async () => {
    const response = await importAs(t, player, `127.0.0.1:${source.port}`)
    expect(response.statusCode).toBe(400)
    expect(source.requests).toEqual([])
  })

  it('follows no redirect', async () => {
    source.answer((_request, response) => {
      response.writeHead(302, { location: `${elsewhere.origin}/v2/decks/export/${TOKEN}` })
      response.end()
    })
    const response = await importAs(t, player, source.origin)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(
      `Source API at ${source.origin} answered with a redirect (status 302), which is not followed.`,
    )
    expect(elsewhere.requests).toEqual([])
  })

  it.each([
    [400, { detail: 'SECRET-REMOTE-TEXT <script>alert(1)</script>' }],
    [404, { detail: 'No user matching export token SECRET-REMOTE-TEXT' }],
    [500, 'SECRET-REMOTE-TEXT stack trace'],
  ])('names the source and status %i, never the remote text', async (status, body) => {
    source.answer((_request, response) => sendJson(response, status, body))
    const response = await importAs(t, player, source.origin)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: `Source API at ${source.origin} answered with status ${status}.`,
    })
    expect(response.body).not.toContain('SECRET-REMOTE-TEXT')
  })

  it('never repeats a well-formed answer it cannot use', async () => {
    source.answer((_request, response) =>
      sendJson(response, 200, { detail: 'SECRET-REMOTE-TEXT', decks: 'SECRET-REMOTE-TEXT' }),
    )
    const response = await importAs(t, player, source.origin)
    expect(response.json()).toEqual({
      detail: `Source API at ${source.origin} sent an unreadable answer.`,
    })
  })

  it('cuts a compressed answer off once it grows past the cap (a gzip bomb)', async () => {
    // 64 MB of zeros, about 64 KB on the wire.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))
    source.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      response.end(bomb)
    })
    const response = await importAs(t, player, source.origin)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: `Source API at ${source.origin} sent an answer larger than 5 MB.`,
    })
  })

  it('cuts a plain answer off past the cap, whatever its declared length', async () => {
    source.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(`"${'x'.repeat(MAX_ANSWER_BYTES + 10)}"`)
    })
    const response = await importAs(t, player, source.origin)
    expect(response.json().detail).toMatch(/larger than 5 MB/)
  })

  it('reads a compressed answer under the cap', async () => {
    source.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      response.end(gzipSync(JSON.stringify(exportPage([]))))
    })
    expect((await importAs(t, player, source.origin)).statusCode).toBe(200)
  })

  it('never rewrites a deck already published here', async () => {
    const owner = await createTestUser(t)
    const working = await createDeck(t, owner, SERA_DECK)
    const published = await snapshot(t, owner, working, { is_public: true, title: 'As published' })
    const [row] = await execute<{ created: string }>(
      t,
      sql`select created from deck where id = ${published}`,
    )
    const created = new Date(String(row?.created).replace(' ', 'T').replace(/\+00$/, 'Z'))
    source.answer((_request, response) =>
      sendJson(
        response,
        200,
        exportPage([
          exportedDeck({
            title: 'Rewritten by an import',
            created: created.toISOString(),
            is_snapshot: true,
            is_public: true,
          }),
        ]),
      ),
    )
    const response = await importAs(t, owner, source.origin)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      success_count: 0,
      errors: ["Deck 'Rewritten by an import' was not imported; it is already published here."],
    })
    const details = await get(t, `/v2/decks/${published}`)
    expect(details.body.deck).toMatchObject({ title: 'As published' })
  })

  it('shows imported published decks in the public listing at once', async () => {
    const importer = await createTestUser(t, { username: 'Importer' })
    const listing = async () =>
      ((await get(t, `/v2/decks?player=${encodeURIComponent(importer.badge)}`)).body.results ??
        []) as { title: string }[]
    // The anonymous listing is now kept in the public cache.
    expect(await listing()).toEqual([])
    source.answer((_request, response) => {
      if (_request.method === 'POST') return response.writeHead(204).end()
      sendJson(
        response,
        200,
        exportPage([
          exportedDeck({ created: '2024-05-01T10:00:00Z' }),
          exportedDeck({
            title: 'Imported and public',
            created: '2024-05-02T10:00:00Z',
            is_snapshot: true,
            is_public: true,
            source_created: '2024-05-01T10:00:00Z',
          }),
        ]),
      )
    })
    const response = await importAs(t, importer, source.origin)
    expect(response.json()).toMatchObject({ success_count: 2, errors: [] })
    expect((await listing()).map((deck) => deck.title)).toEqual(['Imported and public'])
  })
})

describe('deck import rate limit', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildDeckTestApp({
      env: { DECK_IMPORT_SOURCES: source.origin, RATE_LIMIT_IMPORT: '2' },
    })
  })
  afterAll(() => t.close())
  afterEach(() => t.database.db.delete(rateLimits))

  it('allows a player a few imports per window, and each player their own', async () => {
    const player = await createTestUser(t)
    const other = await createTestUser(t)
    expect((await importAs(t, player, source.origin)).statusCode).toBe(200)
    expect((await importAs(t, player, source.origin)).statusCode).toBe(200)
    const refused = await importAs(t, player, source.origin)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(source.requests).toHaveLength(2)
    expect((await importAs(t, other, source.origin)).statusCode).toBe(200)
  })
})

describe('the connection to a source', () => {
  /** A resolver that answers every name with `addresses`. */
  const resolveTo =
    (...addresses: string[]): Resolver =>
    (_hostname, _options, callback) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      )
  const call = (origin: string, resolve: Resolver) =>
    callImportSource(origin, { method: 'GET', path: `/v2/decks/export/${TOKEN}` }, { resolve })

  it('has a connect and a total time limit', () => {
    expect([CONNECT_TIMEOUT_MS, TOTAL_TIMEOUT_MS]).toEqual([5_000, 15_000])
  })

  it.each([
    ['loopback', ['127.0.0.1']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['IPv6 loopback', ['::1']],
  ])('never connects a listed name to a %s address (DNS rebinding)', async (_, addresses) => {
    const origin = `http://rebinding.example:${source.port}`
    await expect(call(origin, resolveTo(...addresses))).rejects.toMatchObject({
      statusCode: 400,
      message: `Source API at ${origin} is not on a public address; it was not called.`,
    })
    expect(source.requests).toEqual([])
  })

  it('stops waiting for a source that stalls', async () => {
    source.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"decks": [')
    })
    await expect(
      callImportSource(
        source.origin,
        { method: 'GET', path: '/' },
        { totalTimeoutMs: 300, resolve: resolveTo('127.0.0.1') },
      ),
    ).rejects.toMatchObject({ statusCode: 400 })
  })
})

describe('which addresses a source may use', () => {
  const PUBLIC = 'https://decks.example.org'
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    'not an address',
  ])('refuses %s for a named host', (address) => {
    expect(isAllowedAddress(PUBLIC, address)).toBe(false)
  })

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])('allows %s', (address) => {
    expect(isAllowedAddress(PUBLIC, address)).toBe(true)
  })

  it('allows a private address only to an origin listed by that very address', () => {
    expect(isAllowedAddress('http://127.0.0.1:4100', '127.0.0.1')).toBe(true)
    expect(isAllowedAddress('http://127.0.0.1:4100', '::ffff:127.0.0.1')).toBe(true)
    expect(isAllowedAddress('http://127.0.0.1:4100', '127.0.0.2')).toBe(false)
    expect(isAllowedAddress('http://[::1]:4100', '::1')).toBe(true)
    expect(isAllowedAddress('http://10.0.0.5', '10.0.0.6')).toBe(false)
    expect(isAllowedAddress('http://localhost:4100', '127.0.0.1')).toBe(true)
    expect(isAllowedAddress('http://localhost:4100', '10.0.0.1')).toBe(false)
  })
})
