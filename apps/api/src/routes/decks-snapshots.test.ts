import { snapshotCreatedSchema } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  type DeckBody,
  deleteDeck,
  demoDeckId,
  execute,
  get,
  postSnapshot,
  putDeck,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'

let t: TestApp
let owner: TestUser
let other: TestUser
let admin: TestUser

beforeAll(async () => {
  t = await buildDeckTestApp()
  owner = await createTestUser(t)
  other = await createTestUser(t)
  admin = await createTestUser(t, { isAdmin: true })
})
afterAll(() => t.close())

type Deck = Record<string, unknown> & { id: number; entity_id: number }

async function savedView(id: number, user: TestUser = owner): Promise<Deck> {
  const { status, body } = await get(t, `/v2/decks/${id}`, user)
  expect(status).toBe(200)
  return body.deck as Deck
}

async function entityIdOf(id: number): Promise<number> {
  const [row] = await execute<{ entity_id: number }>(
    t,
    sql`select entity_id from deck where id = ${id}`,
  )
  return row?.entity_id ?? 0
}

const SELECTED = { first_five: ['gentle-word'], effect_costs: [], tutor_map: {} }

describe('POST /v2/decks/{id}/snapshot', () => {
  it('saves a private copy of the deck as last saved', async () => {
    const working = await createDeck(t, owner, { ...SERA_DECK, ...SELECTED })
    await putDeck(t, owner, { ...SERA_DECK, ...SELECTED, id: working, title: 'Second save' })
    const response = await postSnapshot(t, owner, working)
    expect(response.statusCode).toBe(201)
    expect(wireBody(snapshotCreatedSchema, response.json())).toEqual({
      detail: expect.any(String),
      snapshot_id: expect.any(Number),
    })
    const copy = await savedView(response.json().snapshot_id)
    expect(copy).toMatchObject({
      title: 'Second save',
      description: SERA_DECK.description,
      source_id: working,
      is_snapshot: true,
      is_public: false,
      first_five: ['gentle-word'],
    })
    expect(copy.entity_id).not.toBe(await entityIdOf(working))
    const original = (await get(t, `/v2/decks/${working}?show_saved=true`, owner)).body.deck as Deck
    expect(copy.cards).toEqual(original.cards)
    expect(copy.dice).toEqual(original.dice)
    expect(copy.direct_share_uuid).not.toBe(original.direct_share_uuid)
  })

  it.each<[string, DeckBody, { title: unknown; description: unknown }]>([
    ['no changes', {}, { title: SERA_DECK.title, description: SERA_DECK.description }],
    ['a title', { title: 'Snap' }, { title: 'Snap', description: SERA_DECK.description }],
    [
      'an empty title',
      { title: '' },
      { title: SERA_DECK.title, description: SERA_DECK.description },
    ],
    [
      'a null description',
      { description: null },
      { title: SERA_DECK.title, description: SERA_DECK.description },
    ],
    ['an empty description', { description: '' }, { title: SERA_DECK.title, description: null }],
    ['a description', { description: 'New' }, { title: SERA_DECK.title, description: 'New' }],
  ])('takes %s', async (_, body, expected) => {
    const working = await createDeck(t, owner)
    const id = await snapshot(t, owner, working, body)
    expect(await savedView(id)).toMatchObject(expected)
  })

  it('publishes complete decks only', async () => {
    const short = await createDeck(t, owner, {
      ...SERA_DECK,
      cards: SERA_DECK.cards.slice(1),
    })
    const refused = await postSnapshot(t, owner, short, { is_public: true })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().detail).toMatch(/30 cards and 10 dice/)
    const fewDice = await createDeck(t, owner, {
      ...SERA_DECK,
      dice: [{ name: 'charm', count: 9 }],
    })
    expect((await postSnapshot(t, owner, fewDice, { is_public: true })).statusCode).toBe(400)
    // Private snapshots of incomplete decks are fine.
    expect((await postSnapshot(t, owner, short, { is_public: false })).statusCode).toBe(201)
  })

  it('leaves the First Five out of public snapshots unless asked', async () => {
    const working = await createDeck(t, owner, { ...SERA_DECK, ...SELECTED })
    const plain = await snapshot(t, owner, working, { is_public: true })
    expect((await savedView(plain)).first_five).toEqual([])
    const withFive = await snapshot(t, owner, working, {
      is_public: true,
      include_first_five: true,
    })
    expect((await savedView(withFive)).first_five).toEqual(['gentle-word'])
  })

  it('points the stream at the newest publication and subscribes the publisher', async () => {
    const working = await createDeck(t, owner, { ...SERA_DECK, is_red_rains: true })
    const thread = await entityIdOf(working)
    const first = await snapshot(t, owner, working)
    t.clock.advance(1000)
    const second = await snapshot(t, owner, working)
    const stream = await execute<{ entity_id: number; entity_type: string }>(
      t,
      sql`select entity_id, entity_type from stream where source_entity_id = ${thread}`,
    )
    expect(stream).toEqual([{ entity_id: await entityIdOf(second), entity_type: 'deck' }])
    const [subscription] = await execute<{ last_seen_entity_id: number }>(
      t,
      sql`select last_seen_entity_id from subscription
          where user_id = ${owner.id} and source_entity_id = ${thread}`,
    )
    expect(subscription?.last_seen_entity_id).toBe(await entityIdOf(second))
    expect((await savedView(first)).is_red_rains).toBe(true)
    // A private snapshot leaves both alone.
    await snapshot(t, owner, working, { is_public: false })
    const after = await execute(t, sql`select * from stream where source_entity_id = ${thread}`)
    expect(after).toHaveLength(1)
  })

  it('refuses decks the caller cannot snapshot', async () => {
    const working = await createDeck(t, owner)
    const copy = await snapshot(t, owner, working, { is_public: false })
    expect((await postSnapshot(t, other, working)).statusCode).toBe(403)
    expect((await postSnapshot(t, owner, 987_654_321)).statusCode).toBe(403)
    expect((await postSnapshot(t, owner, copy)).statusCode).toBe(400)
    const legacy = await demoDeckId(t, 900005)
    await execute(t, sql`update deck set user_id = ${owner.id} where id = ${legacy}`)
    expect((await postSnapshot(t, owner, legacy)).statusCode).toBe(400)
    const gone = await createDeck(t, owner)
    await snapshot(t, owner, gone, { is_public: false })
    await deleteDeck(t, owner, gone)
    expect((await postSnapshot(t, owner, gone)).statusCode).toBe(400)
    const anonymous = await t.app.inject({ method: 'POST', url: `/v2/decks/${working}/snapshot` })
    expect(anonymous.statusCode).toBe(401)
    expect((await postSnapshot(t, owner, working, { is_public: 'sure' })).statusCode).toBe(422)
  })

  it('lets admins publish a release preconstructed deck', async () => {
    const working = await createDeck(t, admin, { ...SERA_DECK, title: 'Clockwork precon' })
    const mine = await createDeck(t, owner)
    const precon = { is_public: true, preconstructed_release: 'the-clockwork-tide' }
    expect((await postSnapshot(t, owner, mine, precon)).statusCode).toBe(403)
    expect(
      (await postSnapshot(t, admin, working, { ...precon, is_public: false })).statusCode,
    ).toBe(400)
    for (const taken of ['ashen-dawn', 'no-such-release', 'the-elder-hearth']) {
      const response = await postSnapshot(t, admin, working, {
        ...precon,
        preconstructed_release: taken,
      })
      expect(response.statusCode).toBe(400)
    }
    const id = await snapshot(t, admin, working, precon)
    const listed = await get(t, '/v2/decks?show_preconstructed=true&phoenixborn=sera-emberlock')
    expect((listed.body.results as Deck[]).map((deck) => deck.id)).toContain(id)
    expect((await postSnapshot(t, admin, working, precon)).statusCode).toBe(400)
    const releases = (
      await get(
        t,
        `/v2/decks/${await createDeck(t, owner, { ...SERA_DECK, cards: [{ stub: 'gearwright', count: 1 }] })}?show_saved=true`,
        owner,
      )
    ).body.releases as { stub: string; preconstructed_deck_id: number | null }[]
    expect(releases.find((release) => release.stub === 'the-clockwork-tide')).toMatchObject({
      preconstructed_deck_id: working,
    })
  })
})

describe('PATCH /v2/decks/snapshots/{id}', () => {
  const patch = (id: number, user: TestUser, payload: DeckBody) =>
    t.app.inject({
      method: 'PATCH',
      url: `/v2/decks/snapshots/${id}`,
      headers: bearer(user),
      payload,
    })

  it('changes title and description only: "" clears, absent keeps', async () => {
    const working = await createDeck(t, owner)
    const id = await snapshot(t, owner, working)
    const renamed = await patch(id, owner, { title: 'Renamed' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({
      id,
      title: 'Renamed',
      description: SERA_DECK.description,
      direct_share_uuid: null,
      is_legacy: null,
      is_snapshot: true,
    })
    expect(renamed.json()).toHaveProperty('first_five')
    const cleared = await patch(id, owner, { title: '', description: null })
    expect(cleared.json()).toMatchObject({ title: null, description: SERA_DECK.description })
    expect((await patch(id, owner, { description: '' })).json().description).toBeNull()
  })

  it('refuses what the caller may not do', async () => {
    const working = await createDeck(t, owner)
    const id = await snapshot(t, owner, working)
    expect((await patch(987_654_321, owner, { title: 'x' })).statusCode).toBe(404)
    expect((await patch(id, other, { title: 'x' })).statusCode).toBe(403)
    expect((await patch(working, owner, { title: 'x' })).statusCode).toBe(400)
    expect((await patch(id, owner, { moderation_notes: 'self' })).statusCode).toBe(400)
    expect((await patch(id, admin, { title: 'x' })).statusCode).toBe(400)
    expect((await patch(id, owner, { title: 'y'.repeat(256) })).statusCode).toBe(422)
    await deleteDeck(t, owner, id)
    expect((await patch(id, owner, { title: 'x' })).statusCode).toBe(404)
  })

  it('lets admins moderate with a reason, keeping the author text', async () => {
    const working = await createDeck(t, owner)
    const id = await snapshot(t, owner, working)
    const moderated = await patch(id, admin, {
      description: 'Removed by a moderator.',
      moderation_notes: 'Spam link',
    })
    expect(moderated.statusCode).toBe(200)
    await patch(id, admin, { description: 'Second pass.', moderation_notes: 'Again' })
    const [row] = await execute<Record<string, unknown>>(
      t,
      sql`select description, original_description, moderation_notes, is_moderated
          from deck where id = ${id}`,
    )
    expect(row).toEqual({
      description: 'Second pass.',
      original_description: SERA_DECK.description,
      moderation_notes: 'Again',
      is_moderated: true,
    })
    const ownAdminDeck = await snapshot(t, admin, await createDeck(t, admin))
    expect(
      (await patch(ownAdminDeck, admin, { title: 'Mine', moderation_notes: 'n/a' })).statusCode,
    ).toBe(200)
  })
})

describe('GET /v2/decks/{id}/snapshots', () => {
  let working: number
  let history: number[]

  beforeAll(async () => {
    working = await createDeck(t, owner)
    history = []
    for (const isPublic of [true, false, true, false]) {
      t.clock.advance(1000)
      history.push(await snapshot(t, owner, working, { is_public: isPublic }))
    }
  })

  const snapshots = async (query: string, user?: TestUser | null) => {
    const { status, body } = await get(t, `/v2/decks/${working}/snapshots${query}`, user)
    expect(status).toBe(200)
    return body as { count: number; next: string | null; results: Deck[] }
  }

  it('shows owners every snapshot, newest first, with share uuids', async () => {
    const page = await snapshots('', owner)
    expect(page.results.map((deck) => deck.id)).toEqual([...history].reverse())
    expect(page.results.every((deck) => typeof deck.direct_share_uuid === 'string')).toBe(true)
    expect(page.results[0]).not.toHaveProperty('description')
    const asc = await snapshots('?order=asc&limit=1', owner)
    expect(asc).toMatchObject({ count: 4, results: [{ id: history[0] }] })
    expect(asc.next).toContain('offset=1')
  })

  it('shows everyone else the public ones, without share uuids', async () => {
    const publicOnes = [history[2], history[0]]
    for (const user of [null, other]) {
      const page = await snapshots('', user)
      expect(page.results.map((deck) => deck.id)).toEqual(publicOnes)
      expect(page.results[0]).not.toHaveProperty('direct_share_uuid')
    }
    const ownPublic = await snapshots('?show_public_only=true', owner)
    expect(ownPublic.results.map((deck) => deck.id)).toEqual(publicOnes)
  })

  it('answers 404 for anything but a live working deck', async () => {
    expect((await get(t, `/v2/decks/${history[0]}/snapshots`)).status).toBe(404)
    expect((await get(t, '/v2/decks/987654321/snapshots')).status).toBe(404)
    const gone = await createDeck(t, owner)
    await snapshot(t, owner, gone)
    await deleteDeck(t, owner, gone)
    expect((await get(t, `/v2/decks/${gone}/snapshots`, owner)).status).toBe(404)
  })
})
