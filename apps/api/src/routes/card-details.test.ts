import { existsSync } from 'node:fs'
import { brotliDecompressSync } from 'node:zlib'
import { cardDetailsSchema } from '@spellboard/core/card-schemas'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
} from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'
import { queryRows } from '../db/client.ts'
import { importFolder } from '../import/import-folder.ts'

const minimal = (...stubs: string[]) => stubs.map((stub) => ({ name: expect.any(String), stub }))

describe.skipIf(!existsSync(REAL_DATA_DIR))('single cards on the real data', () => {
  let t: TestApp
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers })
    return { status: response.statusCode, body: response.json(), headers: response.headers }
  }
  const details = async (stub: string, query = '', headers: Record<string, string> = {}) => {
    const answer = await get(`/v2/cards/${stub}/details${query}`, headers)
    if (answer.status === 200) wireBody(cardDetailsSchema, answer.body)
    return answer
  }
  const deckId = async (importId: number) => {
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from deck where import_id = ${importId}`,
    )
    return row?.id
  }

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
  })
  afterAll(async () => {
    await t.close()
  })

  describe('GET /v2/cards/{stub}', () => {
    it('returns the Reborn card, or the Legacy one with show_legacy', async () => {
      const reborn = await get('/v2/cards/hammer-knight')
      expect(reborn.status).toBe(200)
      expect(reborn.body).toMatchObject({ name: 'Hammer Knight', life: 4, chained: false })
      expect(reborn.body).not.toHaveProperty('is_legacy')
      const legacy = await get('/v2/cards/hammer-knight?show_legacy=true')
      expect(legacy.body).toMatchObject({ name: 'Hammer Knight', life: 3, is_legacy: true })
      expect(legacy.body).not.toHaveProperty('weight')
    })

    it('answers 404 for unknown stubs and 401 for stale tokens', async () => {
      expect(await get('/v2/cards/no-such-card')).toMatchObject({
        status: 404,
        body: { detail: 'Card not found.' },
      })
      // A Legacy-only card does not exist in Reborn.
      expect((await get('/v2/cards/harvest-soul')).status).toBe(404)
      expect((await get('/v2/cards/harvest-soul?show_legacy=1')).status).toBe(200)
      expect((await get('/v2/cards/hammer-knight', { authorization: 'Bearer x.y.z' })).status).toBe(
        401,
      )
    })

    it('keeps for_update to admins: anyone else gets the normal card', async () => {
      const normal = await get('/v2/cards/hammer-knight')
      const anonymous = await get('/v2/cards/hammer-knight?for_update=true')
      expect(anonymous.status).toBe(200)
      expect(anonymous.body).toEqual(normal.body)
      expect(anonymous.body).not.toHaveProperty('is_errata')
      const player = await createTestUser(t)
      const asPlayer = await get('/v2/cards/hammer-knight?for_update=true', bearer(player))
      expect(asPlayer.status).toBe(200)
      expect(asPlayer.body).toEqual(normal.body)
      const admin = await createTestUser(t, { isAdmin: true })
      const update = await get('/v2/cards/hammer-knight?for_update=true', bearer(admin))
      expect(update.status).toBe(200)
      expect(update.body).toMatchObject({ name: 'Hammer Knight', is_errata: false })
      expect(update.body).not.toHaveProperty('search_keywords')
    })
  })

  describe('GET /v2/cards/{stub}/details', () => {
    it('a Phoenixborn: its unique card and conjurations, no summon keys', async () => {
      const { status, body } = await details('aradel-summergaard')
      expect(status).toBe(200)
      expect(Object.keys(body)).toEqual([
        'card',
        'usage',
        'preconstructed_deck',
        'related_cards',
        'entity_id',
        'last_seen_entity_id',
      ])
      expect(body.card.stub).toBe('aradel-summergaard')
      expect(body.related_cards).toEqual({
        phoenixborn: { name: 'Aradel Summergaard', stub: 'aradel-summergaard' },
        phoenixborn_unique: { name: 'Summon Blue Jaguar', stub: 'summon-blue-jaguar' },
        phoenixborn_unique_conjurations: minimal('blue-jaguar'),
      })
      // The one working deck built on Aradel; decks never list their Phoenixborn as a card.
      expect(body.usage).toEqual({ decks: 1, users: 1 })
      expect(body.preconstructed_deck).toBeNull()
      expect(body.entity_id).toEqual(expect.any(Number))
      expect(body.last_seen_entity_id).toBeNull()
    })

    it('a unique card and its conjuration show their Phoenixborn’s group', async () => {
      const unique = await details('summon-blue-jaguar')
      const aradel = await details('aradel-summergaard')
      expect(unique.body.related_cards).toEqual(aradel.body.related_cards)
      expect(unique.body.usage).toEqual({ decks: 1, users: 1 })
      expect(unique.body.preconstructed_deck).toEqual({
        id: await deckId(6323),
        title: 'The Mist Guardian',
      })
      const conjuration = await details('blue-jaguar')
      expect(conjuration.body.related_cards).toEqual(aradel.body.related_cards)
      // A conjuration is used through the cards that summon it.
      expect(conjuration.body.usage).toEqual({ decks: 1, users: 1 })
    })

    it('a summon card: what it conjures, following chains', async () => {
      const { body } = await details('summon-salamander-monk')
      expect(body.related_cards).toEqual({
        summoning_cards: minimal('summon-salamander-monk'),
        conjurations: minimal('salamander-monk', 'salamander-monk-spirit'),
      })
    })

    it('a conjuration at the end of a chain: the root summoner and the whole family', async () => {
      const { body } = await details('salamander-monk-spirit')
      expect(body.related_cards).toEqual({
        summoning_cards: minimal('summon-salamander-monk'),
        conjurations: minimal('salamander-monk', 'salamander-monk-spirit'),
      })
    })

    it('a conjuration: usage and preconstructed deck through its summoner', async () => {
      const { body } = await details('three-eyed-owl')
      expect(body.related_cards).toEqual({
        summoning_cards: minimal('summon-three-eyed-owl'),
        conjurations: minimal('three-eyed-owl'),
      })
      expect(body.usage).toEqual({ decks: 1, users: 1 })
      expect(body.preconstructed_deck).toEqual({
        id: await deckId(6324),
        title: 'The Cloudsea Siren',
      })
    })

    it('a plain card: no related cards, its preconstructed deck by working-deck id', async () => {
      const { body } = await details('hammer-knight')
      expect(body.related_cards).toEqual({})
      expect(body.preconstructed_deck).toEqual({ id: await deckId(6322), title: 'The Iron Men' })
      expect(body.usage).toEqual({ decks: 1, users: 1 })
    })

    it('a Legacy card with show_legacy', async () => {
      const { status, body } = await details('hammer-knight', '?show_legacy=true')
      expect(status).toBe(200)
      expect(body.card.is_legacy).toBe(true)
      expect(body.preconstructed_deck).toMatchObject({ title: expect.any(String) })
    })

    it('counts distinct working decks and owners, never deleted decks or snapshots', async () => {
      const before = (await details('anchornaut')).body.usage
      const [first, second] = [await createTestUser(t), await createTestUser(t)]
      const [{ id: card } = { id: 0 }] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from card where stub = 'anchornaut' and not is_legacy`,
      )
      const [{ id: phoenixborn } = { id: 0 }] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from card where stub = 'coal-roarkwin' and not is_legacy`,
      )
      const decks: [number | null, boolean, boolean][] = [
        [first?.id ?? null, false, false],
        [first?.id ?? null, false, false],
        [second?.id ?? null, false, false],
        [second?.id ?? null, true, false],
        [second?.id ?? null, false, true],
      ]
      for (const [userId, isDeleted, isSnapshot] of decks) {
        await t.database.db.execute(
          sql`with d as (
                insert into deck (user_id, phoenixborn_id, is_deleted, is_snapshot)
                values (${userId}, ${phoenixborn}, ${isDeleted}, ${isSnapshot}) returning id
              )
              insert into deck_card (deck_id, card_id, count) select id, ${card}, 3 from d`,
        )
      }
      const after = (await details('anchornaut')).body.usage
      expect(after).toEqual({ decks: before.decks + 3, users: before.users + 2 })
      // The Phoenixborn's own count includes those decks too.
      const coal = (await details('coal-roarkwin')).body.usage
      expect(coal.decks).toBeGreaterThanOrEqual(4)
    })

    it('tells a subscriber their last seen marker', async () => {
      const player = await createTestUser(t)
      const { body } = await details('hammer-knight')
      await t.database.db.execute(
        sql`insert into subscription (user_id, source_entity_id, last_seen_entity_id)
            values (${player.id}, ${body.entity_id}, 12345)`,
      )
      expect((await details('hammer-knight', '', bearer(player))).body.last_seen_entity_id).toBe(
        12345,
      )
      expect((await details('hammer-knight')).body.last_seen_entity_id).toBeNull()
      const other = await createTestUser(t)
      expect(
        (await details('hammer-knight', '', bearer(other))).body.last_seen_entity_id,
      ).toBeNull()
      // Compressed as a browser asks: the kept bytes for everyone, the marker for the subscriber.
      const brotli = async (headers: Record<string, string>) => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/v2/cards/hammer-knight/details',
          headers: { ...headers, 'accept-encoding': 'br' },
        })
        const encoded = response.headers['content-encoding'] === 'br'
        const bytes = encoded ? brotliDecompressSync(response.rawPayload) : response.rawPayload
        return JSON.parse(bytes.toString()).last_seen_entity_id
      }
      for (let round = 0; round < 2; round += 1) {
        expect(await brotli({})).toBeNull()
        expect(await brotli(bearer(player))).toBe(12345)
        expect(await brotli(bearer(other))).toBeNull()
      }
    })

    it('answers 404 for unknown cards and 401 for stale tokens', async () => {
      // Even with the card's answer kept from a moment ago, for anyone and for a reader.
      const reader = await createTestUser(t)
      for (const headers of [{}, {}, bearer(reader), bearer(reader)]) {
        expect((await details('hammer-knight', '', headers)).status).toBe(200)
      }
      expect((await details('nope')).status).toBe(404)
      expect((await details('harvest-soul')).status).toBe(404)
      expect((await details('hammer-knight', '', { authorization: 'Bearer bad' })).status).toBe(401)
      expect((await details('hammer-knight', '?show_legacy=perhaps')).status).toBe(422)
    })
  })

  describe('GET /v2/cards/fuzzy-lookup', () => {
    it.each([
      ['hammer knight', 'hammer-knight'],
      ['Hammer', 'hammer-knight'],
      ['hydra', 'shining-hydra'],
      ['summon hydra', 'summon-shining-hydra'],
      ['three eyed owl', 'three-eyed-owl'],
      ['summon three eyed', 'summon-three-eyed-owl'],
    ])('%j → %s', async (q, stub) => {
      const { status, body } = await get(`/v2/cards/fuzzy-lookup?q=${encodeURIComponent(q)}`)
      expect(status).toBe(200)
      expect(body.stub).toBe(stub)
    })

    it('looks in Legacy with show_legacy', async () => {
      const { body } = await get('/v2/cards/fuzzy-lookup?q=harvest+soul&show_legacy=true')
      expect(body).toMatchObject({ stub: 'harvest-soul', is_legacy: true })
    })

    it('refuses a blank q (400) and a missing q (422); no match is 404', async () => {
      expect(await get('/v2/cards/fuzzy-lookup?q=%20')).toMatchObject({ status: 400 })
      const missing = await get('/v2/cards/fuzzy-lookup')
      expect(missing.status).toBe(422)
      expect(missing.body.detail).toEqual([
        expect.objectContaining({ type: 'missing', loc: ['query', 'q'] }),
      ])
      expect((await get('/v2/cards/fuzzy-lookup?q=zzzzqqq')).status).toBe(404)
      expect((await get('/v2/cards/fuzzy-lookup?q=%23%23%23')).status).toBe(404)
    })

    it('ignores the Authorization header entirely', async () => {
      const { status } = await get('/v2/cards/fuzzy-lookup?q=hammer', { authorization: 'Bearer x' })
      expect(status).toBe(200)
    })
  })
})
