import { subscriptionMarkerSchema } from '@spellboard/core/comments'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { seedThreads, type ThreadFixtures } from '../../test/thread-fixtures.ts'
import { wireBody } from '../../test/wire.ts'
import { cards, subscriptions } from '../db/schema.ts'

let t: TestApp
let owner: TestUser
let reader: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  owner = await createTestUser(t)
  reader = await createTestUser(t)
})
afterAll(() => t.close())

const fresh = () => seedThreads(t.database.db, owner.id)

function call(
  method: 'POST' | 'DELETE' | 'PATCH',
  user: TestUser | null,
  id: number | string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/v2/subscription/${id}`,
    headers: user ? bearer(user) : {},
    ...(payload ? { payload } : {}),
  })
}

async function commentOn(user: TestUser, entityId: number): Promise<number> {
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/v2/comments/${entityId}`,
        headers: bearer(user),
        payload: { text: 'A comment' },
      })
    ).statusCode,
  ).toBe(201)
  const page = await t.app.inject({ method: 'GET', url: `/v2/comments/${entityId}?order=desc` })
  return page.json().results[0].entity_id
}

async function storedMarker(user: TestUser, entityId: number) {
  const [row] = await t.database.db
    .select({ lastSeen: subscriptions.lastSeenEntityId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.sourceEntityId, entityId)))
  return row ? row.lastSeen : undefined
}

describe('POST /v2/subscription/{entity_id}', () => {
  it.each<[string, (f: ThreadFixtures) => number]>([
    ['a card without comments', (f) => f.card.entityId],
    ['a deck never published nor commented', (f) => f.unpublishedDeck.entityId],
  ])('reports "nothing seen yet" as 1 for %s, and stores it', async (_, target) => {
    const threads = await fresh()
    const id = target(threads)
    const response = await call('POST', reader, id)
    expect(response.statusCode).toBe(201)
    expect(wireBody(subscriptionMarkerSchema, response.json())).toEqual({ last_seen_entity_id: 1 })
    expect(await storedMarker(reader, id)).toBe(1)
  })

  it('never takes a marker from another thread, however new', async () => {
    const threads = await fresh()
    // Newer than anything of the quiet threads: comments on another card and on another deck,
    // and the other deck's published snapshot (all seeded after them).
    const elsewhere = await fresh()
    await commentOn(owner, elsewhere.card.entityId)
    await commentOn(owner, elsewhere.deck.entityId)
    await commentOn(owner, threads.otherDeck.entityId)
    for (const quiet of [threads.card.entityId, threads.unpublishedDeck.entityId]) {
      expect((await call('POST', reader, quiet)).json()).toEqual({ last_seen_entity_id: 1 })
    }
    // A published deck without comments starts at its own newest snapshot.
    expect((await call('POST', reader, threads.deck.entityId)).json()).toEqual({
      last_seen_entity_id: threads.publicSnapshot.entityId,
    })
  })

  it('shows the subscription after a reload: details report the stored 1', async () => {
    const threads = await fresh()
    await call('POST', reader, threads.card.entityId)
    const [row] = await t.database.db
      .select({ stub: cards.stub })
      .from(cards)
      .where(eq(cards.entityId, threads.card.entityId))
    const details = await t.app.inject({
      url: `/v2/cards/${row?.stub}/details`,
      headers: bearer(reader),
    })
    expect(details.json().last_seen_entity_id).toBe(1)
  })

  it("starts a deck subscriber at the deck's newest live published snapshot", async () => {
    const threads = await fresh()
    const response = await call('POST', reader, threads.deck.entityId)
    expect(response.json()).toEqual({ last_seen_entity_id: threads.publicSnapshot.entityId })
  })

  it('starts at the newest comment when the thread has comments', async () => {
    const threads = await fresh()
    await commentOn(owner, threads.deck.entityId)
    const newest = await commentOn(owner, threads.deck.entityId)
    const response = await call('POST', reader, threads.deck.entityId)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ last_seen_entity_id: newest })
  })

  it('answers the stored marker when already subscribed', async () => {
    const threads = await fresh()
    const first = await call('POST', reader, threads.card.entityId)
    await commentOn(owner, threads.card.entityId)
    const again = await call('POST', reader, threads.card.entityId)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
  })

  it('reports a marker-less subscription (older data) as 1', async () => {
    const threads = await fresh()
    await commentOn(owner, threads.card.entityId)
    await call('DELETE', owner, threads.card.entityId)
    await t.database.db
      .insert(subscriptions)
      .values({ userId: reader.id, sourceEntityId: threads.card.entityId, lastSeenEntityId: null })
    const response = await call('POST', reader, threads.card.entityId)
    expect(response.json()).toEqual({ last_seen_entity_id: 1 })
  })

  it.each<[string, (f: ThreadFixtures) => number | string, number]>([
    ['an unknown id', () => 987_654_321, 404],
    ['a deleted deck', (f) => f.deletedDeck.entityId, 404],
    ['a Legacy card', (f) => f.legacyCard.entityId, 400],
    ['a Legacy deck', (f) => f.legacyDeck.entityId, 400],
    ['a public snapshot', (f) => f.publicSnapshot.entityId, 400],
    ['a private snapshot', (f) => f.privateSnapshot.entityId, 400],
    ['a non-numeric id', () => 'abc', 422],
    ['an id past 64 bits', () => '123456789012345678901234', 404],
  ])('refuses %s', async (_, target, status) => {
    const threads = await fresh()
    const id = target(threads)
    expect((await call('POST', reader, id)).statusCode).toBe(status)
    if (typeof id === 'number') expect(await storedMarker(reader, id)).toBeUndefined()
  })

  it('refuses a comment id as a thread', async () => {
    const threads = await fresh()
    const comment = await commentOn(owner, threads.card.entityId)
    expect((await call('POST', reader, comment)).statusCode).toBe(404)
  })
})

describe('DELETE /v2/subscription/{entity_id}', () => {
  it('unsubscribes, and answers 204 again when there is nothing to remove', async () => {
    const threads = await fresh()
    await call('POST', reader, threads.card.entityId)
    for (const id of [threads.card.entityId, threads.card.entityId, 987_654_321]) {
      const response = await call('DELETE', reader, id)
      expect(response.statusCode).toBe(204)
      expect(response.body).toBe('')
    }
    expect(await storedMarker(reader, threads.card.entityId)).toBeUndefined()
  })

  it("leaves other players' subscriptions alone", async () => {
    const threads = await fresh()
    await call('POST', owner, threads.card.entityId)
    await call('POST', reader, threads.card.entityId)
    await call('DELETE', reader, threads.card.entityId)
    expect(await storedMarker(owner, threads.card.entityId)).toBe(1)
  })
})

describe('PATCH /v2/subscription/{entity_id}', () => {
  it('refuses with 404 when the player is not subscribed', async () => {
    const threads = await fresh()
    const comment = await commentOn(owner, threads.card.entityId)
    await call('DELETE', owner, threads.card.entityId)
    const response = await call('PATCH', owner, threads.card.entityId, {
      last_seen_entity_id: comment,
    })
    expect(response.statusCode).toBe(404)
  })

  it('moves the marker to a comment of the thread', async () => {
    const threads = await fresh()
    await call('POST', reader, threads.card.entityId)
    const comment = await commentOn(owner, threads.card.entityId)
    const response = await call('PATCH', reader, threads.card.entityId, {
      last_seen_entity_id: comment,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: expect.any(String) })
    expect(await storedMarker(reader, threads.card.entityId)).toBe(comment)
  })

  it.each<[string, (f: ThreadFixtures, elsewhere: number) => number, number]>([
    ['a live public snapshot of this deck', (f) => f.olderPublicSnapshot.entityId, 200],
    ["another deck's public snapshot", (f) => f.otherDeckSnapshot.entityId, 400],
    ['a private snapshot of this deck', (f) => f.privateSnapshot.entityId, 400],
    ['a deleted snapshot of this deck', (f) => f.deletedPublicSnapshot.entityId, 400],
    ['a comment of another thread', (_, elsewhere) => elsewhere, 400],
    ['the deck itself', (f) => f.deck.entityId, 400],
    ['an unknown id', () => 987_654_321, 400],
  ])('on a deck thread, takes %s → %i', async (_, target, status) => {
    const threads = await fresh()
    const elsewhere = await commentOn(owner, threads.card.entityId)
    await call('POST', reader, threads.deck.entityId)
    const marker = target(threads, elsewhere)
    const response = await call('PATCH', reader, threads.deck.entityId, {
      last_seen_entity_id: marker,
    })
    expect(response.statusCode).toBe(status)
    const expected = status === 200 ? marker : threads.publicSnapshot.entityId
    expect(await storedMarker(reader, threads.deck.entityId)).toBe(expected)
  })

  it.each([
    ['no body key', {}],
    ['a string', { last_seen_entity_id: 'latest' }],
    ['a fraction', { last_seen_entity_id: 1.5 }],
    ['null', { last_seen_entity_id: null }],
  ])('refuses %s with 422', async (_, payload) => {
    const threads = await fresh()
    await call('POST', reader, threads.card.entityId)
    const response = await call('PATCH', reader, threads.card.entityId, payload)
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0].loc).toEqual(['body', 'last_seen_entity_id'])
  })
})

describe('anonymous callers', () => {
  it.each(['POST', 'DELETE', 'PATCH'] as const)(
    'get 401 on %s, whatever they send',
    async (method) => {
      const threads = await fresh()
      for (const id of [threads.card.entityId, 'abc']) {
        const response = await call(
          method,
          null,
          id,
          method === 'PATCH' ? { last_seen_entity_id: 1 } : undefined,
        )
        expect(response.statusCode).toBe(401)
        expect(response.headers['www-authenticate']).toBe('Bearer')
      }
    },
  )
})
