import { existsSync } from 'node:fs'
import type { Card } from '@spellboard/core/card-schemas'
import { cardSchema } from '@spellboard/core/card-schemas'
import { CARD_WIRE_KEYS, cardTypeOrder } from '@spellboard/core/cards'
import { pageSchema } from '@spellboard/core/pagination'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
} from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'
import { importFolder } from '../import/import-folder.ts'
import { costWeight, diceFlagsOf } from '../services/cards/derive.ts'

type Page = { count: number; next: string | null; previous: string | null; results: Card[] }

describe.skipIf(!existsSync(REAL_DATA_DIR))('GET /v2/cards on the real data', () => {
  let t: TestApp
  const list = async (query: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/cards${query}`,
      // Links are built from PUBLIC_URL: a Host header naming another site changes nothing.
      headers: { host: 'elsewhere.test', ...headers },
    })
    const body: Page =
      response.statusCode === 200
        ? wireBody(pageSchema(cardSchema), response.json())
        : response.json()
    return { status: response.statusCode, body, headers: response.headers }
  }
  const stubs = async (query: string) => (await list(query)).body.results.map((card) => card.stub)
  const count = async (query: string) => (await list(query)).body.count
  /** Every result of a query, read 100 at a time. */
  const all = async (query: string) => {
    const cards: Card[] = []
    for (let offset = 0; ; offset += 100) {
      const page = (await list(`${query}${query ? '&' : '?'}limit=100&offset=${offset}`)).body
      cards.push(...page.results)
      if (!page.next) return cards
    }
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'http://api.test' } })
    await importFolder(t.database, REAL_DATA_DIR)
  })
  afterAll(async () => {
    await t.close()
  })

  describe('output', () => {
    it('pages Reborn cards by name with the default limit', async () => {
      const { status, body, headers } = await list('')
      expect(status).toBe(200)
      expect(headers['content-type']).toBe('application/json; charset=utf-8')
      expect(body.count).toBe(284)
      expect(body.results).toHaveLength(30)
      expect(body.next).toBe('http://api.test/v2/cards?offset=30')
      expect(body.previous).toBeNull()
      const names = body.results.map((card) => card.name)
      expect(names).toEqual([...names].sort())
    })

    it('emits only stored wire keys, in wire order (SPARSE)', async () => {
      for (const card of [...(await all('')), ...(await all('?show_legacy=true'))]) {
        const positions = Object.keys(card).map((key) => CARD_WIRE_KEYS.indexOf(key as never))
        expect(positions).not.toContain(-1)
        expect(positions).toEqual([...positions].sort((a, b) => a - b))
        for (const stat of ['attack', 'life', 'recover'] as const) {
          const value = card[stat]
          if (typeof value === 'string') expect(value).not.toMatch(/^\d+$/)
        }
      }
    })

    type Presence = { present?: string[]; absent?: string[]; chained?: boolean }
    it.each<[string, Presence]>([
      ['abundance', { absent: ['attack', 'copies', 'phoenixborn', 'is_legacy'], chained: false }],
      ['three-eyed-owl', { present: ['attack', 'life', 'recover', 'copies'] }],
      ['rins-fury', { present: ['phoenixborn'], absent: ['copies'] }],
      ['hypnotize', { chained: true }],
      [
        'aradel-summergaard',
        { present: ['battlefield', 'life', 'spellboard'], absent: ['placement'] },
      ],
    ])('keeps key presence of %s', async (stub, expected) => {
      const card = (await list(`?q=${stub.replace(/-/g, ' ')}&limit=100`)).body.results.find(
        (c) => c.stub === stub,
      )
      expect(card).toBeDefined()
      for (const key of expected.present ?? []) expect(card).toHaveProperty(key)
      for (const key of expected.absent ?? []) expect(card).not.toHaveProperty(key)
      if ('chained' in expected) expect(card?.chained).toBe(expected.chained)
      expect(card?.release).toEqual({ name: expect.any(String), stub: expect.any(String) })
    })

    it('marks Legacy cards and gives their release the PHG flags', async () => {
      const { body } = await list('?show_legacy=true&q=hammer+knight')
      expect(body.count).toBe(1)
      const [card] = body.results
      expect(card?.is_legacy).toBe(true)
      expect(card).not.toHaveProperty('chained')
      expect(card?.release).toEqual({
        name: 'Core Set',
        stub: 'core-set',
        is_phg: true,
        is_promo: false,
        is_retiring: false,
      })
      expect(await count('?show_legacy=true')).toBe(361)
    })
  })

  describe('filters', () => {
    it.each([
      ['phoenixborn', 21],
      ['ally', 46],
      ['action_spell', 58],
      ['reaction_spell', 20],
      ['ready_spell', 72],
      ['conjuration', 49],
      ['conjured_alteration_spell', 4],
      // Two values expand: alteration spells include conjured ones, `conjurations` both kinds.
      ['alteration_spell', 18],
      ['conjurations', 53],
    ])('types=%s', async (type, expected) => {
      expect(await count(`?types=${type}&limit=100`)).toBe(expected)
    })

    it('ORs repeated types', async () => {
      expect(await count('?types=ally&types=action_spell')).toBe(104)
    })

    it('returns every Phoenixborn to pickers that send no limit (§15 A10)', async () => {
      const { body } = await list('?types=phoenixborn&show_legacy=true')
      expect(body.count).toBe(29)
      expect(body.results).toHaveLength(29)
      expect(body.next).toBeNull()
      expect((await list('?types=phoenixborn&limit=5')).body.results).toHaveLength(5)
    })

    it('deckbuilder mode leaves out Phoenixborn, conjurations and every unique card', async () => {
      const cards = await all('?mode=deckbuilder')
      expect(cards).toHaveLength(189)
      for (const card of cards) {
        expect(['Phoenixborn', 'Conjuration', 'Conjured Alteration Spell']).not.toContain(card.type)
        expect(card).not.toHaveProperty('phoenixborn')
      }
    })

    it('include_uniques_for keeps that Phoenixborn’s uniques only, in any mode', async () => {
      const builder = await all('?mode=deckbuilder&include_uniques_for=Rin+Northfell')
      expect(builder).toHaveLength(190)
      expect(builder.filter((card) => card.phoenixborn).map((card) => card.stub)).toEqual([
        'rins-fury',
      ])
      const listing = await all('?include_uniques_for=Rin+Northfell')
      expect(listing).toHaveLength(258)
      expect(new Set(listing.flatMap((card) => card.phoenixborn ?? []))).toEqual(
        new Set(['Rin Northfell']),
      )
    })

    it('show_summons keeps cards named "Summon …"', async () => {
      const cards = await all('?show_summons=true')
      expect(cards).toHaveLength(41)
      expect(cards.every((card) => card.name.startsWith('Summon '))).toBe(true)
    })

    it.each([
      ['?r=master-set', 78],
      ['?r=master-set&r=the-grave-king', 90],
      ['?r=no-such-release', 0],
      ['?r=', 284],
      // `phg` only applies to Legacy; for Reborn it falls back to `r` (here: nothing).
      ['?releases=phg', 284],
      ['?releases=phg&show_legacy=true', 306],
      // Anonymous `mine` falls back to `r`.
      ['?releases=mine', 284],
      ['?releases=mine&r=the-grave-king', 12],
    ])('releases %s', async (query, expected) => {
      expect(await count(query)).toBe(expected)
    })

    it('releases=mine uses the caller’s collection and ignores r', async () => {
      const player = await createTestUser(t)
      const none = await list('?releases=mine&r=master-set', bearer(player))
      expect(none.body.count).toBe(0)
      const put = await t.app.inject({
        method: 'PUT',
        url: '/v2/releases/mine',
        headers: bearer(player),
        payload: ['the-grave-king', 'the-law-of-lions'],
      })
      expect(put.statusCode).toBe(200)
      const mine = await list('?releases=mine&r=master-set', bearer(player))
      expect(mine.body.count).toBe(25)
      expect(new Set(mine.body.results.map((card) => card.release.stub))).toEqual(
        new Set(['the-grave-king', 'the-law-of-lions']),
      )
    })

    // Expected counts were worked out from the data files by hand-written reference code.
    it.each([
      ['dice=basic', 44],
      ['dice=charm', 26],
      ['dice=charm&dice_logic=any', 26],
      ['dice=charm&dice_logic=includes', 39],
      ['dice=charm&dice_logic=all', 26],
      ['dice=ceremonial&dice=natural', 52],
      ['dice=ceremonial&dice=natural&dice_logic=includes', 70],
      ['dice=ceremonial&dice=natural&dice_logic=all', 2],
      ['dice=basic&dice=time&dice_logic=includes', 2],
      ['dice=basic&dice_logic=includes', 284],
      ['dice=charm&dice=sympathy', 61],
      ['dice=charm&dice=sympathy&dice_logic=includes', 78],
      ['dice=basic&dice_logic=all', 96],
    ])('%s', async (query, expected) => {
      expect(await count(`?${query}`)).toBe(expected)
    })

    it('dice_logic=all matches needed types plus either/or alternatives', async () => {
      expect(new Set(await stubs('?dice=charm&dice=sympathy&dice_logic=all'))).toEqual(
        new Set([
          'sympathy-pain',
          'summon-majestic-titan',
          'confusion-spores',
          'essence-druid',
          'exhortation',
          'seeds-of-aggression',
        ]),
      )
    })

    it('ANDs filters together', async () => {
      const cards = await all('?types=ally&r=master-set&dice=natural&dice=ceremonial')
      expect(cards.map((card) => card.stub)).toContain('hammer-knight')
      for (const card of cards) {
        expect(card.type).toBe('Ally')
        expect(card.release.stub).toBe('master-set')
      }
    })
  })

  describe('text search (§6.11, §15 A1)', () => {
    it.each([
      ['hamm', ['hammer-knight']],
      ['Hammer Knight', ['hammer-knight']],
      ['knight hammer', ['hammer-knight']],
      ['"hammer knight"', ['hammer-knight']],
      ['"knight hammer"', []],
      ['teo', ['three-eyed-owl']],
      ['three-eyed owl', ['summon-three-eyed-owl', 'three-eyed-owl']],
      ["Rin's Fury", ['rins-fury']],
      ['123', []],
      ['!!!', []],
      ['the', []],
    ])('q=%j', async (q, expected) => {
      expect(await stubs(`?q=${encodeURIComponent(q)}&limit=100`)).toEqual(expected)
    })

    it('searches the card text, and the Phoenixborn of unique cards', async () => {
      expect(await stubs('?q=aftershock')).toContain('hammer-knight')
      expect(await stubs('?q=rin+northfell&limit=100')).toEqual(
        expect.arrayContaining(['rin-northfell', 'rins-fury', 'ice-buff']),
      )
    })

    it('ignores a blank q and survives hostile ones', async () => {
      expect(await count('?q=')).toBe(284)
      expect(await count('?q=%20%20')).toBe(284)
      for (const q of [
        'x'.repeat(5000),
        'a '.repeat(2000),
        '\'\\"; drop table card;--',
        '%00%ff',
        '🔥',
      ]) {
        expect((await list(`?q=${encodeURIComponent(q)}`)).status).toBe(200)
      }
    })

    it('keeps the requested sort', async () => {
      const names = (await list('?q=summon&sort=name&order=desc&limit=100')).body.results.map(
        (card) => card.name,
      )
      expect(names.length).toBeGreaterThan(40)
      expect(names).toEqual([...names].sort().reverse())
    })
  })

  describe('sorting', () => {
    const weight = (card: Card) => costWeight(card.cost ?? [])
    const dice = (card: Card) => {
      const flags = diceFlagsOf(card.dice, card.altDice)
      return flags.diceFlags | flags.altDiceFlags
    }
    const byName = (a: Card, b: Card) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

    it.each<[string, (a: Card, b: Card) => number]>([
      ['name', byName],
      ['type', (a, b) => cardTypeOrder(a.type) - cardTypeOrder(b.type) || byName(a, b)],
      ['cost', (a, b) => weight(a) - weight(b) || byName(a, b)],
      ['dice', (a, b) => dice(a) - dice(b) || weight(a) - weight(b) || byName(a, b)],
    ])('sort=%s, both orders', async (sort, compare) => {
      const ascending = await all(`?sort=${sort}`)
      expect(ascending.map((c) => c.stub)).toEqual([...ascending].sort(compare).map((c) => c.stub))
      const descending = await all(`?sort=${sort}&order=desc`)
      expect(descending.map((c) => c.stub)).toEqual(ascending.map((c) => c.stub).reverse())
    })

    it('sort=release follows publication order, then type, then name', async () => {
      const releases = (await t.app.inject({ method: 'GET', url: '/v2/releases' })).json() as {
        stub: string
      }[]
      const position = (card: Card) => releases.findIndex((r) => r.stub === card.release.stub)
      const cards = await all('?sort=release')
      const expected = [...cards].sort(
        (a, b) =>
          position(a) - position(b) ||
          cardTypeOrder(a.type) - cardTypeOrder(b.type) ||
          byName(a, b),
      )
      expect(cards.map((c) => c.stub)).toEqual(expected.map((c) => c.stub))
      expect(cards[0]?.release.stub).toBe('master-set')
    })
  })

  describe('paging (§4)', () => {
    it('clamps limit to 100 and keeps the parameters in order', async () => {
      const { body } = await list('?types=ally&types=action_spell&limit=500&sort=cost')
      expect(body.results).toHaveLength(100)
      expect(body.next).toBe(
        'http://api.test/v2/cards?types=ally&types=action_spell&limit=500&sort=cost&offset=100',
      )
    })

    it.each(['2147483648', '9007199254740993', '99999999999999999999'])(
      'clamps limit=%s to 100 too, however many digits it has',
      async (limit) => {
        const { status, body } = await list(`?limit=${limit}`)
        expect(status).toBe(200)
        expect(body.results).toHaveLength(100)
      },
    )

    it('answers an offset past 2^53 with an empty page', async () => {
      const { status, body } = await list('?offset=99999999999999999999')
      expect(status).toBe(200)
      expect(body).toMatchObject({ count: 284, next: null, results: [] })
    })

    it('replaces offset, drops it from previous at zero, and drops empty values', async () => {
      const middle = await list('?offset=50&q=&limit=30&order=desc')
      expect(middle.body.next).toBe('http://api.test/v2/cards?offset=80&limit=30&order=desc')
      expect(middle.body.previous).toBe('http://api.test/v2/cards?offset=20&limit=30&order=desc')
      const near = await list('?limit=30&offset=20')
      expect(near.body.previous).toBe('http://api.test/v2/cards?limit=30')
      const spaced = await list('?q=summon+monk&limit=1')
      expect(spaced.body.next).toBe('http://api.test/v2/cards?q=summon+monk&limit=1&offset=1')
    })

    it('ends with next null and past the end answers an empty page', async () => {
      const last = await list('?limit=100&offset=200')
      expect(last.body.results).toHaveLength(84)
      expect(last.body.next).toBeNull()
      const beyond = await list('?offset=1000')
      expect(beyond.body).toMatchObject({ count: 284, next: null, results: [] })
      expect(beyond.body.previous).toBe('http://api.test/v2/cards?offset=970')
    })

    it('follows next links to the end without repeats', async () => {
      const seen: string[] = []
      let url: string | null = 'http://api.test/v2/cards?limit=50&sort=dice'
      while (url) {
        const path: string = url.replace('http://api.test', '')
        const response = await t.app.inject({
          method: 'GET',
          url: path,
          headers: { host: 'api.test' },
        })
        const page = response.json() as Page
        seen.push(...page.results.map((card) => card.stub))
        url = page.next
      }
      expect(seen).toHaveLength(284)
      expect(new Set(seen).size).toBe(284)
    })
  })

  describe('bad input', () => {
    it.each([
      ['limit=abc', ['limit'], 'int_parsing'],
      ['limit=0', ['limit'], 'greater_than'],
      ['limit=-5', ['limit'], 'greater_than'],
      ['limit=-99999999999999999999', ['limit'], 'greater_than'],
      ['offset=-1', ['offset'], 'greater_than_equal'],
      ['offset=-99999999999999999999', ['offset'], 'greater_than_equal'],
      ['offset=1.5', ['offset'], 'int_parsing'],
      ['types=wizard', ['types', 0], 'enum'],
      ['sort=power', ['sort'], 'enum'],
      ['order=up', ['order'], 'enum'],
      ['dice=fire', ['dice', 0], 'enum'],
      ['dice_logic=some', ['dice_logic'], 'enum'],
      ['releases=yours', ['releases'], 'enum'],
      ['mode=builder', ['mode'], 'enum'],
      ['show_legacy=maybe', ['show_legacy'], 'bool_parsing'],
      ['show_summons=2', ['show_summons'], 'bool_parsing'],
    ])('%s → 422', async (query, loc, type) => {
      const { status, body } = await list(`?${query}`)
      expect(status).toBe(422)
      expect((body as unknown as { detail: unknown[] }).detail).toEqual([
        expect.objectContaining({ type, loc: ['query', ...loc] }),
      ])
    })

    it('places each bad value of a list parameter at its own index', async () => {
      const { status, body } = await list('?types=ally&types=foo&dice=charm&dice=fire&types=bar')
      expect(status).toBe(422)
      expect((body as unknown as { detail: unknown[] }).detail).toEqual([
        expect.objectContaining({ type: 'enum', loc: ['query', 'types', 1], input: 'foo' }),
        expect.objectContaining({ type: 'enum', loc: ['query', 'types', 2], input: 'bar' }),
        expect.objectContaining({ type: 'enum', loc: ['query', 'dice', 1], input: 'fire' }),
      ])
    })

    it('accepts every boolean spelling', async () => {
      for (const value of ['true', 'TRUE', '1', 'yes', 'on', 't', 'y']) {
        expect(await count(`?show_legacy=${value}`)).toBe(361)
      }
    })

    it('answers 401 to a stale token even on this public read', async () => {
      const player = await createTestUser(t)
      t.clock.advance(25 * 3600 * 1000)
      const stale = await list('', bearer(player))
      expect(stale.status).toBe(401)
      expect(stale.headers['www-authenticate']).toBe('Bearer')
      t.clock.advance(-25 * 3600 * 1000)
      expect((await list('', { authorization: 'Bearer not-a-token' })).status).toBe(401)
    })

    it('answers a page asked before from memory, but never past a bad token', async () => {
      const first = await list('?limit=7&q=summon')
      expect(first.status).toBe(200)
      const again = await list('?limit=7&q=summon')
      expect(again.body).toEqual(first.body)
      // The same address, now with tokens that must be refused.
      const refused = await list('?limit=7&q=summon', { authorization: 'Bearer not-a-token' })
      expect(refused.status).toBe(401)
      const banned = await createTestUser(t, { isBanned: true })
      expect((await list('?limit=7&q=summon', bearer(banned))).status).toBe(403)
      const player = await createTestUser(t)
      const mine = await list('?limit=7&q=summon', bearer(player))
      expect(mine.body).toEqual(first.body)
    })
  })
})
