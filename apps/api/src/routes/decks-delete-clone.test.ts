import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  deleteDeck,
  demoDeckId,
  execute,
  get,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'

let t: TestApp
let owner: TestUser
let other: TestUser

beforeAll(async () => {
  t = await buildDeckTestApp()
  owner = await createTestUser(t)
  other = await createTestUser(t)
})
afterAll(() => t.close())

type Row = { id: number; entity_id: number; is_deleted: boolean; direct_share_uuid: string }

async function row(id: number): Promise<Row | undefined> {
  const [found] = await execute<Row>(
    t,
    sql`select id, entity_id, is_deleted, direct_share_uuid from deck where id = ${id}`,
  )
  return found
}

async function comment(entityId: number, user: TestUser) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v2/comments/${entityId}`,
    headers: bearer(user),
    payload: { text: 'Nice deck' },
  })
  expect(response.statusCode).toBe(201)
}

const streamOf = (entityId: number) =>
  execute<{ entity_id: number }>(
    t,
    sql`select entity_id from stream where source_entity_id = ${entityId} and entity_type = 'deck'`,
  )

describe('DELETE /v2/decks/{id}', () => {
  it('erases an unpublished deck nothing refers to, with its thread', async () => {
    const id = await createDeck(t, owner, { ...SERA_DECK, first_five: ['gentle-word'] })
    const { entity_id: thread } = (await row(id)) as Row
    await comment(thread, owner)
    await comment(thread, other)
    const response = await deleteDeck(t, owner, id)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(await row(id)).toBeUndefined()
    const leftovers = await execute<{ n: number }>(
      t,
      sql`select (select count(*) from deck_card where deck_id = ${id})
            + (select count(*) from deck_die where deck_id = ${id})
            + (select count(*) from deck_selected_card where deck_id = ${id})
            + (select count(*) from comment where source_entity_id = ${thread})
            + (select count(*) from subscription where source_entity_id = ${thread})
            + (select count(*) from stream where source_entity_id = ${thread}) as n`,
    )
    expect(Number(leftovers[0]?.n)).toBe(0)
    // Gone for good: a second call is about a deck that does not exist.
    expect((await deleteDeck(t, owner, id)).statusCode).toBe(403)
  })

  it('hides a deck with snapshots, and all its snapshots', async () => {
    const id = await createDeck(t, owner)
    const published = await snapshot(t, owner, id)
    const kept = await snapshot(t, owner, id, { is_public: false })
    const { entity_id: thread } = (await row(id)) as Row
    expect(await streamOf(thread)).toHaveLength(1)
    expect((await deleteDeck(t, owner, id)).statusCode).toBe(204)
    for (const deck of [id, published, kept]) expect((await row(deck))?.is_deleted).toBe(true)
    expect(await streamOf(thread)).toEqual([])
    expect((await get(t, `/v2/decks/${published}`)).status).toBe(404)
    expect((await get(t, `/v2/decks?player=${owner.badge}`)).body.count).toBe(0)
    // Deleting again is fine.
    expect((await deleteDeck(t, owner, id)).statusCode).toBe(204)
  })

  it('hides, rather than erases, a deck its owner cloned', async () => {
    const id = await createDeck(t, owner)
    const clone = await t.app.inject({
      method: 'GET',
      url: `/v2/decks/${id}/clone`,
      headers: bearer(owner),
    })
    expect(clone.json().source_id).toBe(id)
    expect((await deleteDeck(t, owner, id)).statusCode).toBe(204)
    expect((await row(id))?.is_deleted).toBe(true)
    expect((await row(clone.json().id))?.is_deleted).toBe(false)
  })

  it('hides one snapshot and moves the stream back to the previous publication', async () => {
    const id = await createDeck(t, owner)
    const older = await snapshot(t, owner, id)
    t.clock.advance(1000)
    const newer = await snapshot(t, owner, id)
    const { entity_id: thread } = (await row(id)) as Row
    expect((await deleteDeck(t, owner, newer)).statusCode).toBe(204)
    expect((await row(newer))?.is_deleted).toBe(true)
    expect((await row(id))?.is_deleted).toBe(false)
    expect(await streamOf(thread)).toEqual([{ entity_id: (await row(older))?.entity_id }])
    await deleteDeck(t, owner, older)
    expect(await streamOf(thread)).toEqual([])
    expect((await get(t, `/v2/decks/${id}/snapshots`)).body.count).toBe(0)
  })

  it('refuses other players, Legacy decks and anonymous callers', async () => {
    const id = await createDeck(t, owner)
    expect((await deleteDeck(t, other, id)).statusCode).toBe(403)
    expect((await deleteDeck(t, owner, 987_654_321)).statusCode).toBe(403)
    const legacy = await demoDeckId(t, 900006)
    await execute(t, sql`update deck set user_id = ${owner.id} where id = ${legacy}`)
    expect((await deleteDeck(t, owner, legacy)).statusCode).toBe(400)
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/v2/decks/${id}` })
    expect(anonymous.statusCode).toBe(401)
    expect((await row(id))?.is_deleted).toBe(false)
  })
})

describe('GET /v2/decks/{id}/clone', () => {
  const clone = (id: number, user: TestUser | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/v2/decks/${id}/clone${query}`,
      headers: user ? bearer(user) : {},
    })

  it("copies another player's public snapshot, with a private source snapshot", async () => {
    const working = await createDeck(t, owner, {
      ...SERA_DECK,
      first_five: ['gentle-word'],
      is_red_rains: true,
    })
    const published = await snapshot(t, owner, working, {
      include_first_five: true,
      is_public: true,
    })
    t.clock.advance(5000)
    const response = await clone(published, other)
    expect(response.statusCode).toBe(200)
    const copy = response.json()
    expect(copy).toMatchObject({
      title: 'Copy of Embers Rising',
      description: SERA_DECK.description,
      source_id: published,
      direct_share_uuid: null,
      user: { badge: other.badge },
      is_snapshot: false,
      is_public: false,
      // The red_rains parameter decides, not the original.
      is_red_rains: false,
      is_legacy: null,
      first_five: ['gentle-word'],
    })
    const original = (await get(t, `/v2/decks/${published}`)).body.deck as Record<string, unknown>
    const counts = (cards: unknown) =>
      (cards as { stub: string; count: number }[]).map((card) => [card.stub, card.count])
    expect(counts(copy.cards)).toEqual(counts(original.cards))
    expect(counts(copy.conjurations)).toEqual(counts(original.conjurations))
    expect(copy.dice).toEqual(original.dice)

    const history = await get(t, `/v2/decks/${copy.id}/snapshots`, other)
    const [source] = history.body.results as Record<string, unknown>[]
    expect(history.body.count).toBe(1)
    expect(source).toMatchObject({
      title: 'Source: Embers Rising',
      is_public: false,
      source_id: copy.id,
    })
    const sourceDetails = (await get(t, `/v2/decks/${source?.id}`, other)).body.deck
    expect(sourceDetails).toMatchObject({ description: null, first_five: ['gentle-word'] })

    const rainy = await clone(published, other, '?red_rains=true')
    expect(rainy.json().is_red_rains).toBe(true)
  })

  it('copies any deck of the caller, keeping the link', async () => {
    const working = await createDeck(t, owner)
    const privateSnapshot = await snapshot(t, owner, working, { is_public: false })
    expect((await clone(working, owner)).json().source_id).toBe(working)
    expect((await clone(privateSnapshot, owner)).json().source_id).toBe(privateSnapshot)
  })

  it('copies a private deck through its share link, keeping no link', async () => {
    const working = await createDeck(t, owner)
    const { direct_share_uuid: uuid } = (await row(working)) as Row
    expect((await clone(working, other)).statusCode).toBe(404)
    expect(
      (await clone(working, other, '?direct_share_uuid=0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a'))
        .statusCode,
    ).toBe(404)
    expect((await clone(working, other, '?direct_share_uuid=nonsense')).statusCode).toBe(422)
    const shared = await clone(working, other, `?direct_share_uuid=${uuid}`)
    expect(shared.statusCode).toBe(200)
    expect(shared.json()).toMatchObject({ source_id: null, title: 'Copy of Embers Rising' })
  })

  it('names copies of untitled decks after their Phoenixborn', async () => {
    const untitled = await createDeck(t, owner, { ...SERA_DECK, title: null })
    const copy = (await clone(untitled, owner)).json()
    expect(copy.title).toBe('Copy of Sera Emberlock')
    const history = await get(t, `/v2/decks/${copy.id}/snapshots`, owner)
    expect((history.body.results as { title: string }[])[0]?.title).toBe('Source: Sera Emberlock')
    const long = await createDeck(t, owner, { ...SERA_DECK, title: 'x'.repeat(255) })
    const longCopy = await clone(long, owner)
    expect(longCopy.statusCode).toBe(200)
    expect(longCopy.json().title).toHaveLength(255)
  })

  it('refuses Legacy, deleted and unknown decks, and anonymous callers', async () => {
    expect((await clone(await demoDeckId(t, 900006), other)).statusCode).toBe(404)
    const working = await createDeck(t, owner)
    const published = await snapshot(t, owner, working)
    // The working deck itself is private even though it was published.
    expect((await clone(working, other)).statusCode).toBe(404)
    await deleteDeck(t, owner, working)
    expect((await clone(published, other)).statusCode).toBe(404)
    expect((await clone(987_654_321, other)).statusCode).toBe(404)
    expect((await clone(published, null)).statusCode).toBe(401)
  })
})
