import { deckSaveOutSchema } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  type DeckBody,
  get,
  putDeck,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'
import { getCatalogue } from '../services/cards/catalogue.ts'
import { readDeckSaveOut } from '../services/decks/read.ts'

let t: TestApp
let owner: TestUser
let other: TestUser

beforeAll(async () => {
  t = await buildDeckTestApp()
  owner = await createTestUser(t)
  other = await createTestUser(t)
})
afterAll(() => t.close())

const SAVE_OUT_KEYS = [
  'id',
  'entity_id',
  'source_id',
  'direct_share_uuid',
  'title',
  'created',
  'modified',
  'user',
  'dice',
  'phoenixborn',
  'cards',
  'conjurations',
  'is_public',
  'is_snapshot',
  'is_red_rains',
  'is_legacy',
  'ashes_500_score',
  'ashes_500_revision_id',
  'description',
  'first_five',
  'effect_costs',
  'tutor_map',
]

const withBody = (changes: DeckBody): DeckBody => ({ ...SERA_DECK, ...changes })

describe('PUT /v2/decks creates a working deck', () => {
  it('answers the saved deck in FULL form', async () => {
    const response = await putDeck(t, owner, SERA_DECK)
    expect(response.statusCode).toBe(200)
    const deck = wireBody(deckSaveOutSchema, response.json())
    expect(Object.keys(deck).sort()).toEqual([...SAVE_OUT_KEYS].sort())
    expect(deck).toMatchObject({
      source_id: null,
      direct_share_uuid: null,
      title: 'Embers Rising',
      description: 'Burn **bright**.',
      user: { username: owner.username, badge: owner.badge },
      dice: [
        { count: 5, name: 'ceremonial' },
        { count: 5, name: 'charm' },
      ],
      is_public: false,
      is_snapshot: false,
      is_red_rains: false,
      is_legacy: null,
      ashes_500_score: null,
      ashes_500_revision_id: null,
      first_five: [],
      effect_costs: [],
      tutor_map: {},
    })
    expect(deck.phoenixborn).toEqual({
      name: 'Sera Emberlock',
      stub: 'sera-emberlock',
      battlefield: expect.any(Number),
      life: expect.any(Number),
      spellboard: expect.any(Number),
      is_legacy: false,
    })
    expect(deck.id).toBeGreaterThan(0)
    expect(deck.entity_id).toBeGreaterThan(0)
    expect(deck.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$/)
  })

  it('lists cards by name with their release, and the conjurations they bring', async () => {
    const deck = (await putDeck(t, owner, SERA_DECK)).json()
    const names = deck.cards.map((card: { name: string }) => card.name)
    expect(names).toEqual([...names].sort())
    expect(deck.cards).toHaveLength(SERA_DECK.cards.length)
    expect(deck.cards.find((card: { stub: string }) => card.stub === 'seras-firebrand')).toEqual({
      count: 1,
      name: "Sera's Firebrand",
      stub: 'seras-firebrand',
      type: 'Ally',
      phoenixborn: 'Sera Emberlock',
      is_legacy: false,
      release: {
        name: 'Ashen Dawn',
        stub: 'ashen-dawn',
        is_phg: null,
        is_promo: null,
        is_retiring: null,
      },
    })
    expect(
      deck.cards.find((card: { stub: string }) => card.stub === 'gentle-word').phoenixborn,
    ).toBe(null)
    expect(
      deck.conjurations.map((card: { stub: string; count: number }) => [card.stub, card.count]),
    ).toEqual([
      ['cinder-hound', 3],
      ['lantern-moth', 4],
    ])
  })

  it('accepts the Phoenixborn as an object and creates for id 0 or null', async () => {
    for (const id of [0, null]) {
      const response = await putDeck(
        t,
        owner,
        withBody({ id, phoenixborn: { stub: 'sera-emberlock' } }),
      )
      expect(response.statusCode).toBe(200)
      expect(response.json().phoenixborn.stub).toBe('sera-emberlock')
    }
  })

  it('saves an incomplete deck: no title, no dice, no cards', async () => {
    const response = await putDeck(t, owner, { phoenixborn: 'tavi-mossvane', cards: [] })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      title: null,
      description: null,
      dice: [],
      cards: [],
      conjurations: [],
    })
  })

  it('adds conjurations reachable through chains, and those of the Phoenixborn uniques', async () => {
    const deck = (
      await putDeck(t, owner, {
        phoenixborn: 'tavi-mossvane',
        cards: [
          { stub: 'summon-shade-weaver', count: 1 },
          { stub: 'mossvane-grove', count: 1 },
        ],
      })
    ).json()
    expect(deck.conjurations.map((card: { stub: string }) => card.stub)).toEqual([
      'grove-sapling',
      'shade-mote',
      'shade-weaver',
    ])
  })
})

describe('PUT /v2/decks input rules', () => {
  it('cuts dice so the total never passes 10 and merges repeated die names', async () => {
    const cut = (
      await putDeck(
        t,
        owner,
        withBody({
          dice: [
            { name: 'time', count: 7 },
            { name: 'charm', count: 6 },
            { name: 'divine', count: 2 },
          ],
        }),
      )
    ).json()
    expect(cut.dice).toEqual([
      { count: 7, name: 'time' },
      { count: 3, name: 'charm' },
    ])
    const merged = await putDeck(
      t,
      owner,
      withBody({
        dice: [
          { name: 'time', count: 2 },
          { name: 'Charm', count: 3 },
          { name: 'TIME', count: 4 },
          { name: 'nature', count: 1 },
        ],
      }),
    )
    expect(merged.statusCode).toBe(200)
    expect(merged.json().dice).toEqual([
      { count: 6, name: 'time' },
      { count: 3, name: 'charm' },
      { count: 1, name: 'natural' },
    ])
  })

  it('keeps the last count of a repeated card and drops unknown or Legacy-only stubs', async () => {
    const deck = (
      await putDeck(
        t,
        owner,
        withBody({
          cards: [
            { stub: 'gentle-word', count: 1 },
            { stub: 'no-such-card', count: 3 },
            { stub: 'harvest-ember', count: 3 },
            { stub: 'gentle-word', count: 2, name: 'ignored', type: 'ignored' },
          ],
        }),
      )
    ).json()
    expect(
      deck.cards.map((card: { stub: string; count: number }) => [card.stub, card.count]),
    ).toEqual([['gentle-word', 2]])
  })

  it.each<[string, DeckBody]>([
    ['cards missing', { phoenixborn: 'sera-emberlock' }],
    ['phoenixborn missing', { cards: [] }],
    ['a card count of 0', withBody({ cards: [{ stub: 'gentle-word', count: 0 }] })],
    ['a card count of 4', withBody({ cards: [{ stub: 'gentle-word', count: 4 }] })],
    ['a die count of 11', withBody({ dice: [{ name: 'time', count: 11 }] })],
    ['a basic die', withBody({ dice: [{ name: 'basic', count: 1 }] })],
    ['an unknown die', withBody({ dice: [{ name: 'fire', count: 1 }] })],
    ['a title over 255 characters', withBody({ title: 'x'.repeat(256) })],
    ['cards that are not a list', withBody({ cards: 'gentle-word' })],
    ['a text id', withBody({ id: 'seven' })],
    ['an id past the safe integers', withBody({ id: 1e20 })],
    ['a NUL character in the title', withBody({ title: 'Bad\u0000title' })],
    ['a description that is not text', withBody({ description: { text: 'x' } })],
    ['a tutor map that is a list', withBody({ tutor_map: ['a', 'b'] })],
  ])('refuses %s with 422', async (_, body) => {
    const response = await putDeck(t, owner, body)
    expect(response.statusCode).toBe(422)
    const issues = response.json().detail
    expect(issues.length).toBeGreaterThan(0)
    expect(issues[0]).toMatchObject({ type: expect.any(String), loc: expect.any(Array) })
    expect(issues[0].loc[0]).toBe('body')
  })

  it('refuses malformed JSON with 422', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v2/decks',
      headers: {
        ...{ authorization: `Bearer ${owner.token}` },
        'content-type': 'application/json',
      },
      payload: '{"phoenixborn": ',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0].type).toBe('json_invalid')
  })

  it.each<[string, DeckBody, RegExp]>([
    ['an unknown Phoenixborn', withBody({ phoenixborn: 'nobody' }), /Phoenixborn/],
    ['a card that is not a Phoenixborn', withBody({ phoenixborn: 'gentle-word' }), /Phoenixborn/],
    [
      'a Phoenixborn among the cards',
      withBody({ cards: [{ stub: 'tavi-mossvane', count: 1 }] }),
      /Phoenixborn/,
    ],
    [
      "another Phoenixborn's unique card",
      withBody({ cards: [{ stub: 'mossvane-grove', count: 1 }] }),
      /Mossvane Grove.*Tavi Mossvane/,
    ],
    ['a conjuration', withBody({ cards: [{ stub: 'cinder-hound', count: 1 }] }), /Cinder Hound/],
    [
      'a conjured alteration spell',
      withBody({ cards: [{ stub: 'twin-hearts', count: 1 }] }),
      /Twin Hearts/,
    ],
  ])('refuses %s with 400', async (_, body, detail) => {
    const response = await putDeck(t, owner, body)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toMatch(detail)
  })

  it('needs a valid token', async () => {
    expect((await putDeck(t, null, SERA_DECK)).statusCode).toBe(401)
    const banned = await createTestUser(t, { isBanned: true })
    expect((await putDeck(t, banned, SERA_DECK)).statusCode).toBe(403)
    // Authentication comes first: an anonymous invalid body is still a 401.
    expect((await putDeck(t, null, { nonsense: true })).statusCode).toBe(401)
  })
})

describe('PUT /v2/decks overwrites a working deck', () => {
  it('replaces everything and moves `modified` only', async () => {
    const first = (await putDeck(t, owner, SERA_DECK)).json()
    t.clock.advance(60_000)
    const second = (
      await putDeck(t, owner, {
        id: first.id,
        title: 'Renamed',
        phoenixborn: 'sera-emberlock',
        dice: [{ name: 'charm', count: 2 }],
        cards: [{ stub: 'quick-study', count: 1 }],
      })
    ).json()
    expect(second).toMatchObject({
      id: first.id,
      entity_id: first.entity_id,
      created: first.created,
      title: 'Renamed',
      description: null,
      dice: [{ count: 2, name: 'charm' }],
    })
    expect(second.cards.map((card: { stub: string }) => card.stub)).toEqual(['quick-study'])
    expect(Date.parse(second.modified) - Date.parse(first.modified)).toBeGreaterThanOrEqual(60_000)
  })

  it('stores selected cards, replaced wholesale on every save', async () => {
    const id = await createDeck(t, owner)
    const saved = (
      await putDeck(
        t,
        owner,
        withBody({
          id,
          first_five: ['summon-cinder-hound', 'gentle-word', 'no-such-card', 'gentle-word'],
          effect_costs: ['gentle-word', 'sera-emberlock', 'old-hearth-keeper'],
          tutor_map: { 'quick-study': 'last-ember', 'no-such-card': 'last-ember' },
        }),
      )
    ).json()
    expect(saved.first_five).toEqual(['summon-cinder-hound', 'gentle-word'])
    expect([...saved.effect_costs].sort()).toEqual(['gentle-word', 'sera-emberlock'])
    expect(saved.tutor_map).toEqual({ 'quick-study': 'last-ember' })

    const cleared = (await putDeck(t, owner, withBody({ id }))).json()
    expect(cleared).toMatchObject({ first_five: [], effect_costs: [], tutor_map: {} })

    // Paid effects of cards outside the First Five only count when there is a First Five.
    const noFirstFive = (
      await putDeck(t, owner, withBody({ id, first_five: [], effect_costs: ['gentle-word'] }))
    ).json()
    expect(noFirstFive.effect_costs).toEqual([])
  })

  it('keeps only selected cards the deck holds, in the save answer and in details', async () => {
    const id = await createDeck(t, owner)
    // phantom-rake, bark-skin and temple-keeper are playable cards outside this deck.
    const saved = (
      await putDeck(
        t,
        owner,
        withBody({
          id,
          first_five: ['gentle-word', 'phantom-rake', 'quick-study', 'bark-skin'],
          effect_costs: ['gentle-word', 'phantom-rake', 'last-ember', 'temple-keeper'],
          tutor_map: {
            'quick-study': 'last-ember',
            'grave-offering': 'phantom-rake',
            'bark-skin': 'gentle-word',
            'temple-keeper': 'rushing-current',
          },
        }),
      )
    ).json()
    const kept = {
      first_five: ['gentle-word', 'quick-study'],
      effect_costs: ['gentle-word', 'last-ember'],
      tutor_map: { 'quick-study': 'last-ember' },
    }
    expect({
      first_five: saved.first_five,
      effect_costs: [...saved.effect_costs].sort(),
      tutor_map: saved.tutor_map,
    }).toEqual(kept)
    const { body } = await get(t, `/v2/decks/${id}?show_saved=true`, owner)
    const details = body as { deck: typeof saved }
    expect({
      first_five: details.deck.first_five,
      effect_costs: [...details.deck.effect_costs].sort(),
      tutor_map: details.deck.tutor_map,
    }).toEqual(kept)

    // A card that leaves the deck leaves its selections with it.
    const smaller = (
      await putDeck(
        t,
        owner,
        withBody({
          id,
          cards: SERA_DECK.cards.filter((card) => card.stub !== 'quick-study'),
          first_five: ['gentle-word', 'quick-study'],
          effect_costs: ['quick-study'],
          tutor_map: { 'quick-study': 'last-ember' },
        }),
      )
    ).json()
    expect(smaller).toMatchObject({ first_five: ['gentle-word'], effect_costs: [], tutor_map: {} })
  })

  it('answers each save exactly as the deck reads back afterwards', async () => {
    const id = await createDeck(t, owner)
    const edits: DeckBody[] = [
      withBody({
        id,
        dice: [
          { name: 'charm', count: 4 },
          { name: 'ceremonial', count: 6 },
        ],
        first_five: ['summon-cinder-hound', 'gentle-word', 'quick-study'],
        effect_costs: ['gentle-word', 'sera-emberlock'],
        tutor_map: { 'quick-study': 'last-ember' },
      }),
      // Some cards go, some counts change, one card comes back; dice change order.
      withBody({
        id,
        title: 'Second pass',
        dice: [
          { name: 'ceremonial', count: 3 },
          { name: 'time', count: 2 },
          { name: 'charm', count: 5 },
        ],
        cards: [
          { stub: 'quick-study', count: 1 },
          { stub: 'gentle-word', count: 3 },
          { stub: 'last-ember', count: 2 },
        ],
        first_five: ['gentle-word', 'quick-study'],
        effect_costs: ['quick-study'],
        tutor_map: { 'quick-study': 'last-ember' },
      }),
      withBody({ id, cards: [], dice: [], first_five: [], effect_costs: [], tutor_map: {} }),
      withBody({ id, description: null, is_red_rains: true }),
    ]
    for (const body of edits) {
      const answer = await putDeck(t, owner, body)
      expect(answer.statusCode).toBe(200)
      // Built from what was written, it matches the deck read back from its tables.
      const db = t.database.db
      expect(answer.json()).toEqual(await readDeckSaveOut(db, await getCatalogue(db), id))
    }
  })

  it('checks ownership and the kind of deck before anything else', async () => {
    const id = await createDeck(t, owner)
    const snapshotId = await snapshot(t, owner, id, { is_public: false })
    const forbidden = await putDeck(t, other, withBody({ id, phoenixborn: 'nobody' }))
    expect(forbidden.statusCode).toBe(403)
    expect((await putDeck(t, owner, withBody({ id: 987_654_321 }))).statusCode).toBe(403)
    const overSnapshot = await putDeck(t, owner, withBody({ id: snapshotId }))
    expect(overSnapshot.statusCode).toBe(400)

    const [legacy] = await t.database.db
      .execute(sql`
      update deck set user_id = ${owner.id}
      where id = (select id from deck where is_legacy and not is_snapshot limit 1)
      returning id`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows)
    expect((await putDeck(t, owner, withBody({ id: legacy?.id }))).statusCode).toBe(400)

    const deleted = await createDeck(t, owner)
    await snapshot(t, owner, deleted)
    await t.app.inject({
      method: 'DELETE',
      url: `/v2/decks/${deleted}`,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    const afterDelete = await putDeck(t, owner, withBody({ id: deleted }))
    expect(afterDelete.statusCode).toBe(400)
  })

  it('refuses to switch Red Rains once published, and saves nothing', async () => {
    const id = await createDeck(t, owner)
    expect(
      (await putDeck(t, owner, withBody({ id, is_red_rains: true }))).json().is_red_rains,
    ).toBe(true)
    await putDeck(t, owner, withBody({ id, is_red_rains: false }))
    await snapshot(t, owner, id)
    const refused = await putDeck(
      t,
      owner,
      withBody({
        id,
        title: 'Should not stick',
        is_red_rains: true,
        cards: [{ stub: 'cinder-hound', count: 1 }],
      }),
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toMatch(/Red Rains/)
    const stored = await get(t, `/v2/decks/${id}?show_saved=true`, owner)
    expect(stored.body.deck).toMatchObject({ title: SERA_DECK.title, is_red_rains: false })
    // The same flag is still fine.
    expect((await putDeck(t, owner, withBody({ id, title: 'Kept' }))).statusCode).toBe(200)
  })

  it('runs parallel saves of one deck one after the other', async () => {
    const id = await createDeck(t, owner)
    const bodies = Array.from({ length: 20 }, (_, i) =>
      withBody({
        id,
        title: `Save ${i}`,
        dice: [{ name: i % 2 ? 'time' : 'charm', count: (i % 10) + 1 }],
        cards: SERA_DECK.cards.slice(0, (i % 10) + 1),
      }),
    )
    const responses = await Promise.all(bodies.map((body) => putDeck(t, owner, body)))
    for (const [i, response] of responses.entries()) {
      expect(response.statusCode).toBe(200)
      const deck = response.json()
      // Each answer shows its own save, whole.
      expect(deck.title).toBe(`Save ${i}`)
      expect(deck.cards).toHaveLength((i % 10) + 1)
      expect(deck.dice).toEqual([{ count: (i % 10) + 1, name: i % 2 ? 'time' : 'charm' }])
    }
    const stored = (await get(t, `/v2/decks/${id}?show_saved=true`, owner)).body.deck as {
      title: string
      cards: unknown[]
      dice: { count: number; name: string }[]
    }
    const i = Number(stored.title.replace('Save ', ''))
    expect(stored.cards).toHaveLength((i % 10) + 1)
    expect(stored.dice).toEqual([{ count: (i % 10) + 1, name: i % 2 ? 'time' : 'charm' }])
  })

  // A save that began while another transaction held the deck (another process, another tab)
  // must not keep rows that transaction wrote: its statement saw the deck before them.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'keeps nothing of a save that committed while it waited for the deck',
    async () => {
      const id = await createDeck(t, owner)
      const pool = t.database.pool
      if (!pool) throw new Error('PostgreSQL expected')
      const other = await pool.connect()
      try {
        await other.query('begin')
        await other.query("update deck set title = 'Other tab' where id = $1", [id])
        await other.query('delete from deck_card where deck_id = $1', [id])
        await other.query(
          `insert into deck_card (deck_id, card_id, count)
             select $1, id, 1 from card where stub = 'winsome-ward' and not is_legacy`,
          [id],
        )
        const saving = putDeck(
          t,
          owner,
          withBody({ id, title: 'This tab', cards: [{ stub: 'quick-study', count: 2 }] }),
        )
        await new Promise((resolve) => setTimeout(resolve, 300))
        await other.query('commit')
        const saved = (await saving).json()
        expect(saved.title).toBe('This tab')
        expect(saved.cards.map((card: { stub: string }) => card.stub)).toEqual(['quick-study'])
      } finally {
        other.release()
      }
      const stored = await t.database.db.execute(
        sql`select c.stub, dc.count from deck_card dc join card c on c.id = dc.card_id
            where dc.deck_id = ${id}`,
      )
      expect((stored as unknown as { rows: unknown[] }).rows).toEqual([
        { stub: 'quick-study', count: 2 },
      ])
    },
  )
})
