import { existsSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  CURRENT_DATA_DIR,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { cards } from '../db/schema.ts'
import { importFolder } from '../import/import-folder.ts'
import { DICE_COLOURS } from '../services/card-images/palette.ts'

type Listed = { stub: string; dice?: string[]; release: { stub: string } }

/** The cards of the 2026 set that name each newer dice type (read from its cards.json). */
const ARTIFICE_CARDS = [
  'barrier',
  'brilliant-display',
  'core-supplier',
  'issa-brightmore',
  'recharge',
  'reconfigure',
  'summon-spark-drone',
  'summon-thunder-hulk',
  'supercharge',
  'systems-drafter',
  'thunder-suit',
]
const ASTRAL_CARDS = [
  'arren-frostpeak',
  'cirrus-ranger',
  'dodge',
  'gust-spear',
  'javelineer',
  'skybreak-captain',
  'summon-frost-talon',
  'summon-stellar-oracle',
  'whirlwind',
]

/** Releases, collections and dice filters with both data sets imported (2021, then 2026). */
describe.skipIf(!existsSync(REAL_DATA_DIR) || !existsSync(CURRENT_DATA_DIR))(
  'the current pool through the API',
  () => {
    let t: TestApp
    let player: TestUser
    const get = async (url: string, user?: TestUser) => {
      const response = await t.app.inject({ url, headers: user ? bearer(user) : {} })
      expect(response.statusCode, url).toBe(200)
      return response.json()
    }
    /** One page of at most 100 cards, and the count of all that match. */
    const list = async (query: string, user?: TestUser) =>
      (await get(`/v2/cards?limit=100${query}`, user)) as { count: number; results: Listed[] }

    beforeAll(async () => {
      t = await buildTestApp()
      await importFolder(t.database, REAL_DATA_DIR)
      await importFolder(t.database, CURRENT_DATA_DIR)
      player = await createTestUser(t)
    })
    afterAll(() => t.close())

    it('lists all 31 Reborn releases, the 2021 ones first in their old order', async () => {
      const releases: { stub: string }[] = await get('/v2/releases')
      expect(releases).toHaveLength(31)
      expect(releases[0]?.stub).toBe('master-set')
      expect(releases[15]?.stub).toBe('the-protector-of-argaia')
      expect(releases.map((release) => release.stub)).toContain('ascendancy-starter-kit')
      expect(await get('/v2/releases?show_legacy=true')).toHaveLength(24)
    })

    it('keeps a collection of every release, and of the new box alone', async () => {
      const stubs = ((await get('/v2/releases')) as { stub: string }[]).map((r) => r.stub)
      const put = (payload: string[]) =>
        t.app.inject({ method: 'PUT', url: '/v2/releases/mine', headers: bearer(player), payload })
      expect((await put(stubs)).statusCode).toBe(200)
      const mine: { is_mine: boolean }[] = await get('/v2/releases', player)
      expect(mine.filter((release) => release.is_mine)).toHaveLength(31)
      expect((await list('&releases=mine', player)).count).toBe(526)

      expect((await put(['ascendancy-starter-kit'])).statusCode).toBe(200)
      const box = await list('&releases=mine', player)
      expect(box.count).toBe(26)
      expect(new Set(box.results.map((card) => card.release.stub))).toEqual(
        new Set(['ascendancy-starter-kit']),
      )
    })

    it.each([
      ['artifice', ARTIFICE_CARDS],
      ['astral', ASTRAL_CARDS],
    ])('filters by dice=%s', async (die, expected) => {
      const includes = await list(`&dice=${die}&dice_logic=includes`)
      expect(includes.results.map((card) => card.stub).sort()).toEqual(expected)
      // `only`: cards payable with that type alone (and basic dice).
      const only = await list(`&dice=${die}`)
      expect(only.count).toBeGreaterThan(0)
      const payable = (card: Listed) =>
        (card.dice ?? []).every((name) => [die, 'basic'].includes(name))
      expect(only.results.filter((card) => !payable(card))).toEqual([])
    })

    it('draws a face for every Reborn card, with the newer dice in their colours', async () => {
      const reborn = await t.database.db
        .select({ stub: cards.stub })
        .from(cards)
        .where(eq(cards.isLegacy, false))
      expect(reborn).toHaveLength(526)
      const problems: string[] = []
      for (const { stub } of reborn) {
        const face = await t.app.inject({ url: `/card-images/${stub}.svg` })
        if (face.statusCode !== 200) problems.push(`${stub}: ${face.statusCode}`)
        if (/\[\[|\]\]/.test(face.body)) problems.push(`${stub}: raw markup`)
        // The only address in a face is the SVG namespace: no image or font from elsewhere.
        const hosts = [...face.body.matchAll(/\b(?:https?:)?\/\/([\w.-]+)/g)].map((m) => m[1])
        if (hosts.some((host) => host !== 'www.w3.org')) problems.push(`${stub}: ${hosts}`)
      }
      expect(problems).toEqual([])
      const artifice = await t.app.inject({ url: '/card-images/barrier.svg' })
      expect(artifice.body).toContain(DICE_COLOURS.artifice.symbol)
      const astral = await t.app.inject({ url: '/card-images/dodge.svg' })
      expect(astral.body).toContain(DICE_COLOURS.astral.symbol)
      const other = await t.app.inject({ url: '/card-images/hammer-knight.svg' })
      expect(other.body).not.toContain(DICE_COLOURS.artifice.symbol)
    })
  },
)
