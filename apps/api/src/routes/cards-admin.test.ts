import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { queryRows } from '../db/client.ts'
import { importFolder } from '../import/import-folder.ts'

describe.skipIf(!existsSync(REAL_DATA_DIR))('admin card and release edits', () => {
  let t: TestApp
  let admin: TestUser
  let player: TestUser
  const send = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    user: TestUser | null = admin,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: user ? bearer(user) : {},
    })
    return { status: response.statusCode, body: response.json() }
  }
  const count = async (query: string) =>
    (await send('GET', `/v2/cards${query}`, undefined, null)).body.count
  const publish = (stub: string, isPublic = true) =>
    send('PATCH', `/v2/releases/${stub}`, { is_public: isPublic })

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
    admin = await createTestUser(t, { isAdmin: true })
    player = await createTestUser(t)
  })
  afterAll(async () => {
    await t.close()
  })

  const gustCard = {
    name: 'Gust Caller',
    card_type: 'Ally',
    placement: 'Battlefield',
    release: 'Winds of Change',
    text: 'Gust: [[side]] - [[exhaust]]: Deal 1 damage to a target unit.',
    cost: '[[main]] - 1 [[charm:class]] / 1 [[time:class]] - 1 [[basic]]',
    effect_magic_cost: '1 [[illusion:power]]',
    attack: '2',
    life: '1',
    recover: 'X',
  }

  describe('POST /v2/cards', () => {
    it('is for admins only', async () => {
      expect((await send('POST', '/v2/cards', gustCard, null)).status).toBe(401)
      expect((await send('POST', '/v2/cards', gustCard, player)).status).toBe(403)
    })

    it.each([
      ['placement', { ...gustCard, placement: undefined }],
      ['name', { ...gustCard, name: 'Go' }],
      ['card_type', { ...gustCard, card_type: 'Wizard' }],
      ['copies', { ...gustCard, card_type: 'Conjuration' }],
      ['dice', { ...gustCard, dice: ['fire'] }],
      ['release', { ...gustCard, release: undefined }],
    ])('refuses a bad %s with 422', async (field, body) => {
      const { status, body: answer } = await send('POST', '/v2/cards', body)
      expect(status).toBe(422)
      expect(answer.detail.map((issue: { loc: string[] }) => issue.loc[1])).toContain(field)
    })

    it('creates a card in a new unpublished release, derived fields included', async () => {
      const created = await send('POST', '/v2/cards', gustCard)
      expect(created).toEqual({ status: 201, body: { detail: 'Card successfully created!' } })
      // Unpublished: only admins can read it, and listings do not show it.
      expect((await send('GET', '/v2/cards/gust-caller', undefined, null)).status).toBe(404)
      expect((await send('GET', '/v2/cards/gust-caller/details')).status).toBe(404)
      expect(await count('?q=gust+caller')).toBe(0)
      const card = await send('GET', '/v2/cards/gust-caller')
      expect(card.body).toEqual({
        name: 'Gust Caller',
        stub: 'gust-caller',
        type: 'Ally',
        release: { name: 'Winds of Change', stub: 'winds-of-change' },
        placement: 'Battlefield',
        cost: ['[[main]]', ['1 [[charm:class]]', '1 [[time:class]]'], '1 [[basic]]'],
        dice: ['illusion', 'basic'],
        altDice: ['charm', 'time'],
        magicCost: { 'charm:class / time:class': 1, basic: 1 },
        effectMagicCost: { 'illusion:power': 1 },
        text: gustCard.text,
        attack: 2,
        life: 1,
        recover: 'X',
      })
      const [row] = await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`select cost_weight, dice_flags, alt_dice_flags, initials, is_summon_spell, version
            from card where stub = 'gust-caller'`,
      )
      expect(row).toEqual({
        cost_weight: 5 + 101 + 100,
        dice_flags: 4,
        alt_dice_flags: 66,
        initials: 'gc',
        is_summon_spell: false,
        version: 1,
      })
    })

    it('publishing the release shows its cards at once', async () => {
      const before = await count('')
      const published = await publish('winds-of-change')
      expect(published).toEqual({
        status: 200,
        body: {
          name: 'Winds of Change',
          stub: 'winds-of-change',
          is_legacy: false,
          is_public: true,
        },
      })
      expect(await count('')).toBe(before + 1)
      expect(await count('?q=gust')).toBe(1)
      const releases = (await send('GET', '/v2/releases', undefined, null)).body
      expect(releases.at(-1)).toEqual({
        name: 'Winds of Change',
        stub: 'winds-of-change',
        is_legacy: false,
      })
      await publish('winds-of-change', false)
      expect(await count('')).toBe(before)
      await publish('winds-of-change')
    })

    it('refuses duplicates and conjurations that do not exist yet', async () => {
      const again = await send('POST', '/v2/cards', gustCard)
      expect(again).toEqual({ status: 400, body: { detail: 'Card already exists!' } })
      const summon = {
        name: 'Summon Gale Sprite',
        card_type: 'Ready Spell',
        placement: 'Spellboard',
        release: 'Winds of Change',
        text: '[[main]] - [[exhaust]] - 1 [[charm:class]]: Place a [[Gale Sprite]] conjuration onto your battlefield.',
        cost: ['[[main]]'],
      }
      const refused = await send('POST', '/v2/cards', summon)
      expect(refused.status).toBe(400)
      expect(refused.body.detail).toContain('gale-sprite')
      const sprite = {
        name: 'Gale Sprite',
        card_type: 'Conjuration',
        placement: 'Battlefield',
        release: 'Winds of Change',
        attack: 1,
        life: 1,
        recover: 0,
        copies: 2,
      }
      expect((await send('POST', '/v2/cards', sprite)).status).toBe(201)
      expect((await send('POST', '/v2/cards', summon)).status).toBe(201)
      const details = await send('GET', '/v2/cards/gale-sprite/details', undefined, null)
      expect(details.body.related_cards).toEqual({
        summoning_cards: [{ name: 'Summon Gale Sprite', stub: 'summon-gale-sprite' }],
        conjurations: [{ name: 'Gale Sprite', stub: 'gale-sprite' }],
      })
      expect(details.body.card).toMatchObject({ copies: 2, attack: 1 })
    })

    it('a second unique card shows as phoenixborn_unique_2', async () => {
      const second = {
        name: 'Frozen Resolve',
        card_type: 'Action Spell',
        placement: 'Discard',
        release: 'Winds of Change',
        phoenixborn: 'Rin Northfell',
        cost: ['[[main]]'],
        text: 'Draw 1 card.',
      }
      expect((await send('POST', '/v2/cards', second)).status).toBe(201)
      const { body } = await send('GET', '/v2/cards/rin-northfell/details', undefined, null)
      expect(Object.keys(body.related_cards)).toEqual([
        'phoenixborn',
        'phoenixborn_conjurations',
        'phoenixborn_unique',
        'phoenixborn_unique_2',
      ])
      expect(body.related_cards.phoenixborn_unique.stub).toBe('rins-fury')
      expect(body.related_cards.phoenixborn_unique_2.stub).toBe('frozen-resolve')
    })

    it('returns every Phoenixborn to pickers past the default page size (§15 A10)', async () => {
      for (let index = 0; index < 12; index += 1) {
        const name = `Warden ${String.fromCharCode(65 + index)}`
        const created = await send('POST', '/v2/cards', {
          name,
          card_type: 'Phoenixborn',
          release: 'Winds of Change',
          battlefield: '6',
          life: '18',
          spellboard: '5',
        })
        expect(created.status).toBe(201)
      }
      const { body } = await send('GET', '/v2/cards?types=phoenixborn', undefined, null)
      expect(body.count).toBe(33)
      expect(body.results).toHaveLength(33)
      expect(body.next).toBeNull()
      const other = await send('GET', '/v2/cards?types=phoenixborn&types=ally', undefined, null)
      expect(other.body.results).toHaveLength(30)
    })
  })

  describe('PATCH /v2/cards/{stub}', () => {
    it('is for admins only and knows only Reborn cards', async () => {
      expect((await send('PATCH', '/v2/cards/hammer-knight', { text: 'x' }, player)).status).toBe(
        403,
      )
      expect((await send('PATCH', '/v2/cards/no-such-card', { text: 'x' })).status).toBe(404)
      expect((await send('PATCH', '/v2/cards/harvest-soul', { text: 'x' })).status).toBe(404)
      expect((await send('PATCH', '/v2/cards/hammer-knight', { copies: 'many' })).status).toBe(422)
    })

    it('fixes text, removes emptied keys and is seen at once', async () => {
      const patched = await send('PATCH', '/v2/cards/hammer-knight', {
        text: 'Aftershock 2: Zephyrword.',
        recover: '',
        attack: '5',
        life: null,
        search_keywords: 'smasher',
      })
      expect(patched.status).toBe(200)
      expect(patched.body).toMatchObject({ text: 'Aftershock 2: Zephyrword.', attack: 5, life: 4 })
      expect(patched.body).not.toHaveProperty('recover')
      const read = await send('GET', '/v2/cards/hammer-knight', undefined, null)
      expect(read.body).toEqual(patched.body)
      expect(await count('?q=zephyrword')).toBe(1)
      expect(await count('?q=smasher')).toBe(1)
      const forUpdate = await send('GET', '/v2/cards/hammer-knight?for_update=true')
      expect(forUpdate.body).toMatchObject({ is_errata: false, search_keywords: 'smasher' })
    })

    it('bumps the version for errata only', async () => {
      const version = async () =>
        (
          await queryRows<{ version: number }>(
            t.database.db,
            sql`select version from card where stub = 'anchornaut' and not is_legacy`,
          )
        )[0]?.version
      const start = await version()
      await send('PATCH', '/v2/cards/anchornaut', { text: 'Typo fixed.' })
      expect(await version()).toBe(start)
      await send('PATCH', '/v2/cards/anchornaut', { text: 'New rules.', is_errata: true })
      expect(await version()).toBe((start ?? 0) + 1)
    })

    it('renames and re-stubs, updating the cards that name it', async () => {
      const renamed = await send('PATCH', '/v2/cards/salamander-monk', { name: 'Salamander Abbot' })
      expect(renamed.body).toMatchObject({ name: 'Salamander Abbot', stub: 'salamander-abbot' })
      expect((await send('GET', '/v2/cards/salamander-monk', undefined, null)).status).toBe(404)
      const summoner = await send('GET', '/v2/cards/summon-salamander-monk', undefined, null)
      expect(summoner.body.conjurations).toContainEqual({
        name: 'Salamander Abbot',
        stub: 'salamander-abbot',
      })
      expect(await count('?q=abbot')).toBe(1)
      const clash = await send('PATCH', '/v2/cards/salamander-abbot', { name: 'Hammer Knight' })
      expect(clash.status).toBe(400)
    })
  })

  describe('PATCH /v2/releases/{stub}', () => {
    it('answers 404 for unknown or Legacy-only releases and validates the body', async () => {
      expect((await publish('no-such-release')).status).toBe(404)
      expect((await publish('core-set')).status).toBe(404)
      expect((await send('PATCH', '/v2/releases/master-set', {})).status).toBe(422)
      expect((await send('PATCH', '/v2/releases/master-set', { is_public: 'yes' })).status).toBe(
        422,
      )
      expect(
        (await send('PATCH', '/v2/releases/master-set', { is_public: false }, player)).status,
      ).toBe(403)
    })
  })

  it('notices a change made by another process within about a second', async () => {
    expect(await count('?q=zzyzx')).toBe(0)
    await t.database.db.execute(
      sql`update card set search_text = search_text || ' zzyzx' where stub = 'anchornaut'`,
    )
    // The card's trigger announces the change, and the search answers kept before it go.
    await expect.poll(() => count('?q=zzyzx'), { timeout: 1000 }).toBe(1)
  })
})
