import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { collectionBoxesSchema, releaseBoxSchema } from '@spellboard/core/collection-schemas'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createDeck, execute, get, snapshot } from '../../test/deck-fixtures.ts'
import {
  bearer,
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'
import { importFolder } from '../import/import-folder.ts'
import { getCatalogue } from '../services/cards/catalogue.ts'
import { refreshBoxes } from '../services/collection/boxes.ts'
import { buildableFilter } from '../services/collection/collection.ts'
import { listPublicDecks } from '../services/decks/listing.ts'

type DataCard = {
  stub: string
  name: string
  type: string
  is_legacy: boolean
  release_stub: string
  phoenixborn?: string
  copies?: number
}
type DataDeck = {
  title: string
  is_legacy: boolean
  is_preconstructed?: boolean
  phoenixborn: string
  cards: { stub: string; count: number }[]
}
const read = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(REAL_DATA_DIR, file), 'utf8')) as T

describe.skipIf(!existsSync(REAL_DATA_DIR))(
  'collections: boxes, and decks a player can build',
  () => {
    let t: TestApp
    let player: TestUser
    let author: TestUser
    const cards = existsSync(REAL_DATA_DIR)
      ? read<DataCard[]>('cards.json').filter((card) => !card.is_legacy)
      : []
    const ironMen = existsSync(REAL_DATA_DIR)
      ? read<DataDeck[]>('decks.json').find(
          (deck) => deck.title === 'The Iron Men' && deck.is_preconstructed && !deck.is_legacy,
        )
      : undefined
    // A card anyone may play, from a release other than the Master Set (3 copies a box).
    const outsider = cards.find(
      (card) =>
        card.release_stub !== 'master-set' &&
        !card.phoenixborn &&
        !['Phoenixborn', 'Conjuration', 'Conjured Alteration Spell'].includes(card.type),
    )
    const deckOf = (title: string, extra: { stub: string; count: number }[] = []) => {
      if (!ironMen) throw new Error('no Iron Men precon')
      return {
        title,
        phoenixborn: ironMen.phoenixborn,
        dice: [{ name: 'natural', count: 10 }],
        cards: [...ironMen.cards.slice(0, 10 - extra.length), ...extra],
        is_red_rains: false,
      }
    }

    const collection = async (user: TestUser | null, payload?: unknown) => {
      const response = await t.app.inject({
        method: payload === undefined ? 'GET' : 'PUT',
        url: '/v2/players/me/collection',
        headers: user ? bearer(user) : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      return {
        status: response.statusCode,
        body:
          response.statusCode === 200
            ? wireBody(collectionBoxesSchema, response.json())
            : response.json(),
      }
    }
    const putMine = (user: TestUser, stubs: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/v2/releases/mine',
        headers: bearer(user),
        payload: stubs,
      })
    const titles = async (url: string, user?: TestUser) => {
      const { status, body } = await get(t, url, user)
      expect(status).toBe(200)
      // The data set's own public decks are listed too: only those saved here are looked at.
      return (body.results as { title: string }[])
        .map((deck) => deck.title)
        .filter((title) => title.endsWith(' Iron'))
        .sort()
    }

    beforeAll(async () => {
      t = await buildTestApp()
      await importFolder(t.database, REAL_DATA_DIR)
      player = await createTestUser(t)
      author = await createTestUser(t)
      const plain = await createDeck(t, author, deckOf('Plain Iron'))
      await snapshot(t, author, plain)
      if (!outsider) throw new Error('no card outside the Master Set')
      const wider = await createDeck(
        t,
        author,
        deckOf('Wider Iron', [{ stub: outsider.stub, count: 3 }]),
      )
      await snapshot(t, author, wider)
      await createDeck(t, player, deckOf('My Iron'))
      await createDeck(t, player, deckOf('My Wider Iron', [{ stub: outsider.stub, count: 1 }]))
    })
    afterAll(async () => {
      await t.close()
    })

    it("derives a box's copies from the release's precons on import", async () => {
      const { status, body } = await get(t, '/v2/releases/boxes')
      expect(status).toBe(200)
      const boxes = wireBody(z.array(releaseBoxSchema), body)
      const master = boxes.find((release) => release.stub === 'master-set')
      const rhino = cards.find((card) => card.name === 'Iron Rhino')
      expect(master?.cards.find((card) => card.name === 'Iron Rhino')).toEqual({
        stub: rhino?.stub,
        name: 'Iron Rhino',
        copies: rhino?.copies,
        deck: 'The Iron Men',
      })
      expect(master?.cards.find((card) => card.stub === ironMen?.phoenixborn)).toMatchObject({
        copies: 1,
        deck: 'The Iron Men',
      })
      const loose = boxes.find((release) => release.stub === outsider?.release_stub)
      expect(loose?.cards.find((card) => card.stub === outsider?.stub)).toMatchObject({
        copies: 3,
        deck: null,
      })
    })

    it('keeps boxes per release, and agrees with releases/mine', async () => {
      expect(await collection(player)).toEqual({ status: 200, body: { releases: {} } })
      const put = await collection(player, {
        releases: { 'master-set': 2, 'the-frostdale-giants': 0, 'the-grave-king': 1 },
      })
      expect(put).toEqual({
        status: 200,
        body: { releases: { 'master-set': 2, 'the-grave-king': 1 } },
      })
      const mine = await get(t, '/v2/releases', player)
      const owned = (mine.body as unknown as { stub: string; is_mine: boolean }[])
        .filter((release) => release.is_mine)
        .map((release) => release.stub)
      expect(owned.sort()).toEqual(['master-set', 'the-grave-king'])

      // releases/mine keeps the boxes of releases it lists, gives new ones 1 box, drops the rest.
      expect((await putMine(player, ['master-set', 'the-frostdale-giants'])).statusCode).toBe(200)
      expect((await collection(player)).body).toEqual({
        releases: { 'master-set': 2, 'the-frostdale-giants': 1 },
      })
      expect((await putMine(player, [])).statusCode).toBe(200)
      expect((await collection(player)).body).toEqual({ releases: {} })
    })

    it('refuses unknown, Legacy-only, negative, fractional and too large counts with a 422', async () => {
      await collection(player, { releases: { 'master-set': 1 } })
      for (const releases of [
        { nonsense: 1 },
        { 'core-set': 1 },
        { 'master-set': -1 },
        { 'master-set': 1.5 },
        { 'master-set': 10 },
        { 'master-set': '2' },
      ]) {
        const refused = await collection(player, { releases })
        expect(refused.status, JSON.stringify(releases)).toBe(422)
        expect(refused.body.detail[0]).toMatchObject({ loc: expect.arrayContaining(['body']) })
      }
      expect((await collection(player, ['master-set'])).status).toBe(422)
      expect((await collection(player)).body).toEqual({ releases: { 'master-set': 1 } })
      expect((await collection(null)).status).toBe(401)
      expect((await collection(null, { releases: {} })).status).toBe(401)
    })

    it('lists only the decks the collection builds, with every other filter', async () => {
      await collection(player, { releases: { 'master-set': 1 } })
      expect(await titles('/v2/decks?buildable=true', player)).toEqual(['Plain Iron'])
      expect(await titles('/v2/decks', player)).toEqual(['Plain Iron', 'Wider Iron'])
      // Ignored for anonymous callers.
      expect(await titles('/v2/decks?buildable=true')).toEqual(['Plain Iron', 'Wider Iron'])
      expect(
        await titles(`/v2/decks?buildable=true&phoenixborn=${ironMen?.phoenixborn}`, player),
      ).toEqual(['Plain Iron'])
      expect(await titles('/v2/decks?buildable=true&phoenixborn=rin-northfell', player)).toEqual([])
      expect(await titles('/v2/decks?buildable=true&show_legacy=true', player)).toEqual([])
      expect(await titles('/v2/decks/mine?buildable=true', player)).toEqual(['My Iron'])
      expect(await titles('/v2/decks/mine', player)).toEqual(['My Iron', 'My Wider Iron'])
      // The Master Set's own precons come in one box; none without it.
      const precons = await get(t, '/v2/decks?buildable=true&show_preconstructed=true', player)
      expect(precons.body.count).toBe(6)

      // A change of collection shows at once: nothing kept the earlier answer.
      await collection(player, { releases: { 'master-set': 1, [outsider?.release_stub ?? '']: 1 } })
      expect(await titles('/v2/decks?buildable=true', player)).toEqual(['Plain Iron', 'Wider Iron'])
      expect(await titles('/v2/decks/mine?buildable=true', player)).toEqual([
        'My Iron',
        'My Wider Iron',
      ])
      await collection(player, { releases: {} })
      expect(await titles('/v2/decks?buildable=true', player)).toEqual([])
      expect(
        (await get(t, '/v2/decks?buildable=true&show_preconstructed=true', player)).body.count,
      ).toBe(0)
    })

    it('finds the same decks by walking the listing as by the masks a collection builds', async () => {
      const catalogue = await getCatalogue(t.database.db)
      const filters = {
        phoenixborn: [],
        card: [],
        player: [],
        show_legacy: false,
        show_red_rains: false,
        show_preconstructed: false,
        sort: 'created' as const,
        order: 'desc' as const,
        limit: 7,
        offset: 0,
      }
      const releases = catalogue.reborn.releases.map((release) => release.stub)
      const collections = [
        {},
        { 'master-set': 1 },
        { 'master-set': 2 },
        Object.fromEntries(releases.slice(0, 4).map((stub) => [stub, 1])),
        Object.fromEntries(releases.map((stub, at) => [stub, 1 + (at % 3)])),
        Object.fromEntries(releases.map((stub) => [stub, 3])),
      ]
      const listed = async (shape: 'walk' | 'named') => {
        const owns = await buildableFilter(t.database.db, catalogue, player.id)
        const asked = { ...filters, limit: 100, owns }
        const page = await listPublicDecks(t.database.db, catalogue, asked, undefined, shape)
        return page.results.map((deck) => deck.title)
      }
      // The named masks come from what publishing and imports remember: forget them all, and a
      // deck published now is found by them, the others only once an import has run.
      await execute(t, sql`delete from box_need_profile`)
      await collection(player, { releases: Object.fromEntries(releases.map((stub) => [stub, 3])) })
      await snapshot(t, author, await createDeck(t, author, deckOf('Third Iron')))
      const named = await listed('named')
      expect(named).toContain('Third Iron')
      // Decks published before are found by them only where they share its masks, until an import.
      expect((await listed('walk')).length).toBeGreaterThan(named.length)
      await refreshBoxes(t.database.db)
      expect(await listed('named')).toEqual(await listed('walk'))

      const counts: number[] = []
      for (const releasesOwned of collections) {
        await collection(player, { releases: releasesOwned })
        const owns = await buildableFilter(t.database.db, catalogue, player.id)
        for (const extra of [
          {},
          { offset: 7 },
          { show_preconstructed: true },
          { sort: 'modified' as const },
        ]) {
          const asked = { ...filters, ...extra, owns }
          const walked = await listPublicDecks(t.database.db, catalogue, asked, undefined, 'walk')
          const named = await listPublicDecks(t.database.db, catalogue, asked, undefined, 'named')
          const ids = (page: typeof walked) => page.results.map((deck) => deck.id)
          expect(ids(named), JSON.stringify(releasesOwned)).toEqual(ids(walked))
          expect(named.count).toBe(walked.count)
          counts.push(walked.count)
        }
      }
      // The collections range from building nothing to building every Reborn deck.
      expect(Math.min(...counts)).toBe(0)
      expect(Math.max(...counts)).toBeGreaterThan(filters.limit)
    })
  },
)
