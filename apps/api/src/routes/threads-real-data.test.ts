import { existsSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { cards, decks } from '../db/schema.ts'
import { importFolder } from '../import/import-folder.ts'

/** Comment threads and subscriptions on the imported 2021 data set (cards, decks, snapshots). */
describe.skipIf(!existsSync(REAL_DATA_DIR))('threads on the real data set', () => {
  let t: TestApp
  let player: TestUser

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
    player = await createTestUser(t)
  })
  afterAll(() => t.close())

  async function cardEntity(stub: string, isLegacy: boolean) {
    const [row] = await t.database.db
      .select({ entityId: cards.entityId, version: cards.version })
      .from(cards)
      .where(and(eq(cards.stub, stub), eq(cards.isLegacy, isLegacy)))
    if (!row) throw new Error(`no card ${stub}`)
    return row
  }

  /** The imported Reborn working decks, each published once. */
  async function rebornDecks() {
    const working = await t.database.db
      .select({ id: decks.id, entityId: decks.entityId })
      .from(decks)
      .where(and(eq(decks.isLegacy, false), eq(decks.isSnapshot, false)))
    return Promise.all(
      working.map(async (deck) => {
        const [snapshot] = await t.database.db
          .select({ entityId: decks.entityId })
          .from(decks)
          .where(and(eq(decks.sourceId, deck.id), eq(decks.isPublic, true)))
        if (!snapshot) throw new Error(`deck ${deck.id} has no public snapshot`)
        return { ...deck, snapshot }
      }),
    )
  }

  const postComment = (entityId: number, text = 'Great with Hammer Knight') =>
    t.app.inject({
      method: 'POST',
      url: `/v2/comments/${entityId}`,
      headers: bearer(player),
      payload: { text },
    })

  it('takes comments on Reborn cards and decks, refusing Legacy content and snapshots', async () => {
    const card = await cardEntity('hammer-knight', false)
    expect((await postComment(card.entityId)).statusCode).toBe(201)
    const page = await t.app.inject({ method: 'GET', url: `/v2/comments/${card.entityId}` })
    expect(page.json()).toMatchObject({
      count: 1,
      results: [{ source_version: card.version, ordering_increment: 1 }],
    })

    const [deck] = await rebornDecks()
    if (!deck) throw new Error('no Reborn deck imported')
    expect((await postComment(deck.entityId)).statusCode).toBe(201)
    expect((await postComment(deck.snapshot.entityId)).statusCode).toBe(400)

    const legacyCard = await cardEntity('hammer-knight', true)
    expect((await postComment(legacyCard.entityId)).statusCode).toBe(400)
    const [legacyDeck] = await t.database.db
      .select({ entityId: decks.entityId })
      .from(decks)
      .where(eq(decks.isLegacy, true))
      .limit(1)
    if (!legacyDeck) throw new Error('no Legacy deck imported')
    expect((await postComment(legacyDeck.entityId)).statusCode).toBe(400)
  })

  it("subscribes to a published deck at its snapshot and refuses another deck's snapshot", async () => {
    // The first deck took a comment above; the second has none, so its snapshot is the marker.
    const [deck, another] = await rebornDecks()
    if (!deck || !another) throw new Error('need two Reborn decks')

    const url = `/v2/subscription/${another.entityId}`
    const subscribed = await t.app.inject({ method: 'POST', url, headers: bearer(player) })
    expect(subscribed.statusCode).toBe(201)
    expect(subscribed.json()).toEqual({ last_seen_entity_id: another.snapshot.entityId })

    const patch = (marker: number) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers: bearer(player),
        payload: { last_seen_entity_id: marker },
      })
    expect((await patch(deck.snapshot.entityId)).statusCode).toBe(400)
    expect((await patch(another.snapshot.entityId)).statusCode).toBe(200)
  })
})
