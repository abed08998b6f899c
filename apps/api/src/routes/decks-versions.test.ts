import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  type DeckBody,
  deleteDeck,
  execute,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'

/**
 * Deck versions (README "Editing on several devices"): every answer carrying one deck's saved
 * contents has its version as a strong `ETag`, and `PUT /v2/decks` with `If-Match` writes only
 * over that version. Set DATABASE_URL to run the races on PostgreSQL.
 */
let t: TestApp
let owner: TestUser
let admin: TestUser

beforeAll(async () => {
  t = await buildDeckTestApp()
  owner = await createTestUser(t)
  admin = await createTestUser(t, { isAdmin: true })
})
afterAll(() => t.close())

const withBody = (changes: DeckBody): DeckBody => ({ ...SERA_DECK, ...changes })

function put(body: DeckBody, ifMatch?: string, user: TestUser = owner) {
  return t.app.inject({
    method: 'PUT',
    url: '/v2/decks',
    headers: { ...bearer(user), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: body,
  })
}

async function read(id: number, query = '?show_saved=true', user: TestUser | null = owner) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v2/decks/${id}${query}`,
    headers: user ? bearer(user) : {},
  })
  expect(response.statusCode).toBe(200)
  return { etag: response.headers.etag as string, deck: response.json().deck }
}

async function stored(id: number) {
  const [row] = await execute<{ title: string; version: number; cards: number }>(
    t,
    sql`select title, version,
          (select coalesce(sum(count), 0)::int from deck_card where deck_id = d.id) as cards
        from deck d where id = ${id}`,
  )
  return row
}

/** A saved deck and the tag its save answered. */
async function savedDeck(body: DeckBody = SERA_DECK) {
  const response = await put(body)
  expect(response.statusCode).toBe(200)
  return { id: response.json().id as number, etag: response.headers.etag as string }
}

describe('ETag', () => {
  it('comes with every save and read of a saved deck, strong, and the same for both', async () => {
    const { id, etag } = await savedDeck()
    expect(etag).toMatch(/^"[^"]+"$/)
    const first = await read(id)
    expect(first.etag).toBe(etag)
    // Read again (now from the kept answer): the same tag.
    expect((await read(id)).etag).toBe(etag)
    const resaved = await put(withBody({ id, title: 'Second' }))
    expect(resaved.headers.etag).toMatch(/^"[^"]+"$/)
    expect(resaved.headers.etag).not.toBe(etag)
    // The kept answer was forgotten with the save: the new body comes with the new tag.
    const second = await read(id)
    expect(second.deck.title).toBe('Second')
    expect(second.etag).toBe(resaved.headers.etag)
  })

  it('names the published snapshot a working deck answers without show_saved', async () => {
    const { id } = await savedDeck()
    const snapshotId = await snapshot(t, owner, id)
    const anonymous = await read(id, '', null)
    expect(anonymous.deck.id).toBe(snapshotId)
    expect(anonymous.etag).toBe((await read(snapshotId, '', null)).etag)
    expect((await read(id, '')).etag).toBe(anonymous.etag)
    expect(anonymous.etag).not.toBe((await read(id)).etag)
    // The snapshot's tag is not the working deck's: a save from it is stale.
    expect((await put(withBody({ id }), anonymous.etag)).statusCode).toBe(412)
  })

  it('changes when the saved deck changes, and only then', async () => {
    const { id, etag } = await savedDeck()
    const tagOf = async () => (await read(id)).etag
    // A refused save, a private snapshot and reads leave it.
    const refused = await put(withBody({ id, cards: [{ stub: 'mossvane-grove', count: 1 }] }))
    expect(refused.statusCode).toBe(400)
    await snapshot(t, owner, id, { is_public: false })
    expect(await tagOf()).toBe(etag)
    // Publishing changes what the working deck shows (it has a published snapshot).
    const published = await snapshot(t, owner, id)
    const afterPublish = await tagOf()
    expect(afterPublish).not.toBe(etag)
    // So does removing that snapshot, and an admin's edit changes the snapshot's own tag.
    const snapshotTag = (await read(published, '')).etag
    const moderated = await t.app.inject({
      method: 'PATCH',
      url: `/v2/decks/snapshots/${published}`,
      headers: bearer(admin),
      payload: { description: 'Tidied', moderation_notes: 'Spelling' },
    })
    expect(moderated.statusCode).toBe(200)
    expect((await read(published, '')).etag).not.toBe(snapshotTag)
    expect(await tagOf()).toBe(afterPublish)
    expect((await deleteDeck(t, owner, published)).statusCode).toBe(204)
    expect(await tagOf()).not.toBe(afterPublish)
  })

  it('changes when the deck is deleted: a save from before is refused', async () => {
    const { id, etag } = await savedDeck()
    await snapshot(t, owner, id, { is_public: false })
    const before = (await stored(id))?.version
    expect((await deleteDeck(t, owner, id)).statusCode).toBe(204)
    expect((await stored(id))?.version).toBe((before ?? 0) + 1)
    expect((await put(withBody({ id }), etag)).statusCode).toBe(412)
    expect((await put(withBody({ id }), '*')).statusCode).toBe(412)
  })
})

describe('If-Match on PUT /v2/decks', () => {
  it('saves over the current version and answers the new one', async () => {
    const { id, etag } = await savedDeck()
    const saved = await put(withBody({ id, title: 'Matched' }), etag)
    expect(saved.statusCode).toBe(200)
    expect(saved.json().title).toBe('Matched')
    const next = saved.headers.etag as string
    expect(next).not.toBe(etag)
    expect((await put(withBody({ id, title: 'Again' }), next)).statusCode).toBe(200)
  })

  it('refuses a version that is no longer current with 412 and writes nothing', async () => {
    const { id, etag } = await savedDeck()
    const other = await put(
      withBody({ id, title: 'Other device', cards: SERA_DECK.cards.slice(1) }),
    )
    expect(other.statusCode).toBe(200)
    const before = await stored(id)
    const stale = await put(withBody({ id, title: 'Stale copy' }), etag)
    expect(stale.statusCode).toBe(412)
    expect(stale.json()).toEqual({ detail: expect.any(String) })
    expect(stale.headers.etag).toBeUndefined()
    expect(await stored(id)).toEqual(before)
    expect(before?.title).toBe('Other device')
    expect((await read(id)).etag).toBe(other.headers.etag)
  })

  it('without the header, the last save wins as before', async () => {
    const { id } = await savedDeck()
    expect((await put(withBody({ id, title: 'One' }))).statusCode).toBe(200)
    const last = await put(withBody({ id, title: 'Two' }))
    expect(last.statusCode).toBe(200)
    expect((await stored(id))?.title).toBe('Two')
  })

  it('takes * for any existing deck, and lists of tags', async () => {
    const { id, etag } = await savedDeck()
    const star = await put(withBody({ id, title: 'Star' }), '*')
    expect(star.statusCode).toBe(200)
    const current = star.headers.etag as string
    const listed = await put(withBody({ id, title: 'Listed' }), `${etag}, ${current}`)
    expect(listed.statusCode).toBe(200)
    expect((await stored(id))?.title).toBe('Listed')
  })

  it.each([
    ['a weak tag', (tag: string) => `W/${tag}`],
    ['an unquoted tag', (tag: string) => tag.slice(1, -1)],
    ['garbage', () => '"; drop table deck; --'],
    ['an empty header', () => ''],
    ['a huge version', (tag: string) => tag.replace(/-\d+"$/, '-99999999999999999999"')],
    ['a version of 0', (tag: string) => tag.replace(/-\d+"$/, '-0"')],
  ])('treats %s as not current (412)', async (_name, spoil) => {
    const { id, etag } = await savedDeck()
    const response = await put(withBody({ id, title: 'Spoiled' }), spoil(etag))
    expect(response.statusCode).toBe(412)
    expect(response.json()).toEqual({ detail: expect.any(String) })
    expect((await stored(id))?.title).toBe(SERA_DECK.title)
  })

  it("refuses another deck's tag, and If-Match on a new deck", async () => {
    const first = await savedDeck()
    const second = await savedDeck()
    expect((await put(withBody({ id: first.id }), second.etag)).statusCode).toBe(412)
    expect((await put(withBody({}), first.etag)).statusCode).toBe(412)
    expect((await put(withBody({}), '*')).statusCode).toBe(412)
  })

  it('checks ownership before the version', async () => {
    const { id, etag } = await savedDeck()
    const stranger = await createTestUser(t)
    expect((await put(withBody({ id }), etag, stranger)).statusCode).toBe(403)
  })

  it('lets exactly one of several saves made from one version through', async () => {
    const { id, etag } = await savedDeck()
    const bodies = Array.from({ length: 8 }, (_, i) =>
      withBody({ id, title: `Racer ${i}`, cards: SERA_DECK.cards.slice(0, i + 1) }),
    )
    const answers = await Promise.all(bodies.map((body) => put(body, etag)))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, ...Array(7).fill(412)])
    const winner = answers.find((answer) => answer.statusCode === 200)
    const won = Number(winner?.json().title.replace('Racer ', ''))
    const row = await stored(id)
    expect(row?.title).toBe(`Racer ${won}`)
    const cards = SERA_DECK.cards.slice(0, won + 1).reduce((sum, card) => sum + card.count, 0)
    expect(row?.cards).toBe(cards)
    expect((await read(id)).etag).toBe(winner?.headers.etag)
  })

  // A save whose statement waits for the row while another writer holds it must check the
  // version that writer leaves, not the one it saw when it began.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'refuses a save whose version changed while it waited for the deck',
    async () => {
      const { id, etag } = await savedDeck()
      const pool = t.database.pool
      if (!pool) throw new Error('PostgreSQL expected')
      const other = await pool.connect()
      try {
        await other.query('begin')
        await other.query(
          "update deck set title = 'Other device', version = version + 1 where id = $1",
          [id],
        )
        const saving = put(withBody({ id, title: 'This device' }), etag)
        await new Promise((resolve) => setTimeout(resolve, 300))
        await other.query('commit')
        expect((await saving).statusCode).toBe(412)
      } finally {
        other.release()
      }
      expect((await stored(id))?.title).toBe('Other device')
    },
  )
})
