import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type FakeSource, sendJson, startFakeSource } from '../../test/fake-source.ts'
import { buildTestApp, type TestApp } from '../../test/helpers.ts'
import { count, fingerprint } from '../../test/import-checks.ts'
import { importFromSite } from './import-site.ts'
import { sourceOrigin } from './read-source.ts'
import { retryAfterMs, SourceError, type SourceLimits, sameSite } from './source-client.ts'

/**
 * A small site speaking the `/v2` API as Ashes.live does: a Reborn Phoenixborn and `allies`
 * allies, a Legacy promo whose card embeds an outdated release stub, `precons` precons, and
 * whatever a test puts in `override` (answered instead, when it returns true).
 */
type FakeApi = {
  allies: number
  precons: number
  /** Milliseconds before each answer. */
  delay: number
  override?: (request: IncomingMessage, response: ServerResponse) => boolean
}

const release = { name: 'Master Set', stub: 'master-set' }
const promo = { name: 'Dimona Odinstar (promo)', stub: 'dimona-odinstar-promo' }
const phoenixborn = {
  name: 'Aradel Summergaard',
  stub: 'aradel-summergaard',
  type: 'Phoenixborn',
  release,
  effectMagicCost: { 'natural:class': 1 },
  text: 'Water Blast: [[side]] - [[exhaust]] - 1 [[natural:class]]: Deal 2 damage to a unit.',
  life: 16,
  battlefield: 6,
  spellboard: 5,
}
/** As Ashes.live sends some cards: no `chained`, `effectRepeats: false`. */
const ally = (n: number) => ({
  name: `Ally ${n}`,
  stub: `ally-${n}`,
  type: 'Ally',
  release,
  placement: 'Battlefield',
  cost: ['[[main]]', '1 [[basic]]'],
  dice: ['basic'],
  magicCost: { basic: 1 },
  effectRepeats: false,
  attack: 1,
  life: 2,
  recover: 0,
})
/** Its `release` is the promo's old stub; the release is found by name. */
const legacyPromo = {
  name: 'Dimona Odinstar',
  stub: 'dimona-odinstar',
  type: 'Phoenixborn',
  release: {
    name: promo.name,
    stub: 'dimona-odinstar-(promo)',
    is_phg: true,
    is_promo: true,
    is_legacy: true,
    is_retiring: true,
  },
  life: 17,
  battlefield: 5,
  spellboard: 4,
  weight: 0,
  is_legacy: true,
}

function precon(id: number) {
  return {
    id,
    entity_id: id,
    source_id: id + 1000,
    title: `Precon ${id}`,
    description: 'Ready to play.',
    created: `2024-01-01T00:00:${String(id % 60).padStart(2, '0')}Z`,
    modified: '2024-01-02T00:00:00Z',
    user: { username: 'Deck Bot', badge: '1bot' },
    phoenixborn: { name: phoenixborn.name, stub: phoenixborn.stub },
    dice: [{ name: 'natural', count: 10 }],
    cards: [{ count: 3, name: 'Ally 1', stub: 'ally-1' }],
    first_five: ['ally-1'],
    effect_costs: [],
    tutor_map: {},
    is_public: true,
    is_snapshot: true,
  }
}

function page(origin: string, url: URL, all: unknown[]) {
  const limit = Math.min(Number(url.searchParams.get('limit') ?? 30), 100)
  const offset = Number(url.searchParams.get('offset') ?? 0)
  const next = new URL(url.pathname + url.search, origin)
  next.searchParams.set('offset', String(offset + limit))
  return {
    count: all.length,
    next: offset + limit < all.length ? next.toString() : null,
    previous: null,
    results: all.slice(offset, offset + limit),
  }
}

function fakeApi(source: () => FakeSource, api: FakeApi) {
  return (request: IncomingMessage, response: ServerResponse) => {
    setTimeout(() => {
      if (api.override?.(request, response)) return
      const url = new URL(request.url ?? '/', source().origin)
      const legacy = url.searchParams.get('show_legacy') === 'true'
      if (url.pathname === '/v2/releases') {
        return sendJson(response, 200, [
          legacy ? { ...promo, is_legacy: true } : { ...release, is_legacy: false },
        ])
      }
      if (url.pathname === '/v2/cards') {
        const cards = legacy
          ? [legacyPromo]
          : [phoenixborn, ...Array.from({ length: api.allies }, (_, i) => ally(i + 1))]
        return sendJson(response, 200, page(source().origin, url, cards))
      }
      if (url.pathname === '/v2/decks') {
        const decks = legacy ? [] : Array.from({ length: api.precons }, (_, i) => precon(i + 1))
        return sendJson(response, 200, page(source().origin, url, decks))
      }
      const deck = /^\/v2\/decks\/(\d+)$/.exec(url.pathname)
      if (deck) return sendJson(response, 200, { deck: precon(Number(deck[1])), releases: [] })
      if (url.pathname === '/v2/players/1bot') {
        return sendJson(response, 200, { username: 'Deck Bot', badge: '1bot', description: null })
      }
      return sendJson(response, 404, { detail: 'Not Found' })
    }, api.delay)
  }
}

describe('reading another site', () => {
  let source: FakeSource
  /** A second site, where a redirect or a foreign `next` link would lead. */
  let elsewhere: FakeSource
  let target: TestApp
  const api: FakeApi = { allies: 3, precons: 2, delay: 0 }
  const headers: IncomingMessage['headers'][] = []
  const fast: Partial<SourceLimits> = { requestTimeoutMs: 2000, totalTimeoutMs: 10_000 }
  const importWith = (limits: Partial<SourceLimits> = {}, onWait?: (seconds: number) => void) =>
    importFromSite(target.database, source.origin, {
      limits: { ...fast, ...limits },
      ...(onWait ? { onWait } : {}),
    })

  beforeAll(async () => {
    source = await startFakeSource()
    elsewhere = await startFakeSource((_request, response) => sendJson(response, 200, []))
    target = await buildTestApp()
  })
  afterAll(async () => {
    await source.close()
    await elsewhere.close()
    await target.close()
  })
  afterEach(() => {
    Object.assign(api, { allies: 3, precons: 2, delay: 0, override: undefined })
    source.requests.length = 0
    elsewhere.requests.length = 0
    headers.length = 0
  })
  const serve = () => {
    const handler = fakeApi(() => source, api)
    source.answer((request, response) => {
      headers.push(request.headers)
      handler(request, response)
    })
  }

  /** Runs `attempt`, expects a SourceError matching `message`, and no change to the database. */
  async function refused(attempt: () => Promise<unknown>, message: RegExp) {
    const before = await fingerprint(target.database.db)
    const result = attempt()
    await expect(result).rejects.toBeInstanceOf(SourceError)
    await expect(result).rejects.toThrow(message)
    expect(await fingerprint(target.database.db)).toEqual(before)
  }

  it('names Spellboard and its version in every request, and asks for JSON', async () => {
    serve()
    await importWith()
    expect(headers.length).toBeGreaterThanOrEqual(8)
    for (const sent of headers) {
      expect(sent['user-agent']).toMatch(/^Spellboard\/\d+\.\d+\.\d+ \(card import\)$/)
      expect(sent.accept).toBe('application/json')
    }
  })

  it('follows `next` through every page of a listing', async () => {
    api.allies = 230
    serve()
    const summary = await importWith()
    expect(summary.rebornCards).toBe(231)
    expect(source.requests).toEqual(
      expect.arrayContaining([
        'GET /v2/cards?limit=100',
        'GET /v2/cards?limit=100&offset=100',
        'GET /v2/cards?limit=100&offset=200',
      ]),
    )
    expect(await count(target.database.db, `card where stub = 'ally-230'`)).toBe(1)
  })

  it('keeps the card JSON as sent, and finds a release an old stub names by its name', async () => {
    serve()
    await importWith()
    const reborn = await target.app.inject({ url: '/v2/cards/ally-1' })
    expect(reborn.body).toBe(JSON.stringify(ally(1)))
    const legacy = await target.app.inject({ url: '/v2/cards/dimona-odinstar?show_legacy=true' })
    const { weight: _, ...sent } = legacyPromo
    expect(legacy.json()).toEqual({
      ...sent,
      release: {
        name: promo.name,
        stub: promo.stub,
        is_phg: true,
        is_promo: true,
        is_retiring: true,
      },
    })
  })

  it('sends at most 4 requests at a time', async () => {
    api.precons = 16
    api.delay = 40
    let open = 0
    let most = 0
    const handler = fakeApi(() => source, api)
    source.answer((request, response) => {
      open += 1
      most = Math.max(most, open)
      response.on('close', () => {
        open -= 1
      })
      handler(request, response)
    })
    await importWith()
    expect(most).toBe(4)
    expect(source.requests.filter((line) => /^GET \/v2\/decks\/\d+$/.test(line))).toHaveLength(16)
  })

  it('follows no redirect, not even to its own host', async () => {
    serve()
    api.override = (request, response) => {
      if (!request.url?.startsWith('/v2/releases')) return false
      response.writeHead(302, { location: `${elsewhere.origin}/v2/releases` })
      response.end()
      return true
    }
    await refused(
      () => importWith(),
      /answered with a redirect \(status 302\), which is not followed/,
    )
    expect(elsewhere.requests).toEqual([])
  })

  it.each([
    ['another site', () => `${elsewhere.origin}/v2/cards?limit=100&offset=1`, /to another site/],
    ['another listing', () => `${source.origin}/v2/players/1bot?offset=1`, /to another listing/],
  ])('refuses a `next` link to %s', async (_, next, message) => {
    serve()
    api.override = (request, response) => {
      if (request.url !== '/v2/cards?limit=100') return false
      sendJson(response, 200, { count: 2, next: next(), previous: null, results: [phoenixborn] })
      return true
    }
    await refused(() => importWith(), message)
    expect(elsewhere.requests).toEqual([])
  })

  it('reads a `next` link naming this machine as localhost at the address named', async () => {
    api.allies = 150
    const handler = fakeApi(() => source, api)
    source.answer((request, response) => {
      if (request.url === '/v2/cards?limit=100') {
        const first = page(source.origin, new URL(request.url, source.origin), [
          phoenixborn,
          ...Array.from({ length: api.allies }, (_, i) => ally(i + 1)),
        ])
        const next = (first.next ?? '').replace('127.0.0.1', 'localhost')
        return sendJson(response, 200, { ...first, next })
      }
      handler(request, response)
    })
    const summary = await importWith()
    expect(summary.rebornCards).toBe(151)
    expect(source.requests).toContain('GET /v2/cards?limit=100&offset=100')
  })

  it('waits as long as a 429 asks, then goes on', async () => {
    serve()
    let refusedAt = 0
    let retriedAt = 0
    api.override = (request, response) => {
      if (request.url !== '/v2/releases') return false
      if (refusedAt === 0) {
        refusedAt = Date.now()
        response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' })
        response.end('{"detail":"Slow down"}')
        return true
      }
      retriedAt = Date.now()
      return false
    }
    const waits: number[] = []
    await importWith({}, (seconds) => waits.push(seconds))
    expect(waits).toEqual([1])
    expect(retriedAt - refusedAt).toBeGreaterThanOrEqual(950)
    expect(await count(target.database.db, `card where stub = 'ally-3'`)).toBe(1)
  })

  it('stops when a 429 asks for a longer wait than an import waits', async () => {
    serve()
    api.override = (_request, response) => {
      response.writeHead(429, { 'retry-after': '3600' })
      response.end()
      return true
    }
    const started = Date.now()
    await refused(() => importWith(), /asked to wait 3600 s before GET \/v2\/releases/)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('gives up after a few 429s', async () => {
    serve()
    api.override = (_request, response) => {
      response.writeHead(429, { 'retry-after': '0' })
      response.end()
      return true
    }
    await refused(() => importWith({ maxRetries: 2 }), /answered with status 429/)
    expect(source.requests.filter((line) => line === 'GET /v2/releases')).toHaveLength(3)
  })

  it('stops waiting for an answer that does not come', async () => {
    serve()
    api.override = (request, response) => {
      if (!request.url?.startsWith('/v2/cards')) return false
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"count": 1, ')
      return true
    }
    await refused(() => importWith({ requestTimeoutMs: 300 }), /did not answer within 1 s/)
  })

  it('stops the whole import at its time limit', async () => {
    api.precons = 40
    api.delay = 100
    serve()
    await refused(
      () => importWith({ totalTimeoutMs: 600 }),
      /still being read after 1 s, the time limit of an import/,
    )
  })

  it('refuses an answer over the size cap', async () => {
    api.allies = 60
    serve()
    await refused(() => importWith({ maxBytes: 4096 }), /sent an answer larger than 4 KB/)
  })
})

describe('the address of a source', () => {
  it.each([
    ['https://api.ashes.live', 'https://api.ashes.live'],
    ['https://api.ashes.live/', 'https://api.ashes.live'],
    ['https://api.ashes.live/v2', 'https://api.ashes.live'],
    ['api.ashes.live', 'https://api.ashes.live'],
    ['http://127.0.0.1:4521', 'http://127.0.0.1:4521'],
  ])('reads %s as %s', (text, origin) => {
    expect(sourceOrigin(text)).toBe(origin)
  })

  it.each([
    'ftp://api.ashes.live',
    'https://user:secret@api.ashes.live',
    'https://api.ashes.live/elsewhere',
    'https://api.ashes.live?x=1',
    'file:///etc/passwd',
    '',
  ])('refuses %s', (text) => {
    expect(sourceOrigin(text)).toBeNull()
  })
})

describe('which `next` links name the source itself', () => {
  it.each([
    ['https://api.ashes.live/v2/cards?offset=100', 'https://api.ashes.live', true],
    ['http://api.ashes.live/v2/cards?offset=100', 'https://api.ashes.live', true],
    ['http://localhost:4521/v2/cards', 'http://127.0.0.1:4521', true],
    ['http://127.0.0.1:4521/v2/cards', 'http://localhost:4521', true],
    ['http://[::1]:4521/v2/cards', 'http://127.0.0.1:4521', true],
    ['http://localhost:4522/v2/cards', 'http://127.0.0.1:4521', false],
    ['https://localhost:4521/v2/cards', 'http://127.0.0.1:4521', false],
    ['http://evil.example:4521/v2/cards', 'http://127.0.0.1:4521', false],
    ['https://api.ashes.live/v2/cards', 'http://api.ashes.live', false],
    ['http://api.ashes.live:8080/v2/cards', 'https://api.ashes.live', false],
    ['https://api.ashes.live.evil.test/v2/cards', 'https://api.ashes.live', false],
    ['https://cards.example.org/v2/cards', 'http://10.0.0.5:3000', false],
  ])('%s read from %s: %s', (link, own, same) => {
    expect(sameSite(new URL(link), new URL(own))).toBe(same)
  })
})

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('5')).toBe(5000)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('soon')).toBeUndefined()
    expect(retryAfterMs(undefined)).toBeUndefined()
  })
})
