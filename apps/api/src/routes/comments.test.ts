import type { Comment } from '@spellboard/core/comments'
import { commentSchema } from '@spellboard/core/comments'
import type { Page } from '@spellboard/core/pagination'
import { pageSchema } from '@spellboard/core/pagination'
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
import { comments, stream, subscriptions } from '../db/schema.ts'

let t: TestApp
let author: TestUser
let other: TestUser
let admin: TestUser
let threads: ThreadFixtures

beforeAll(async () => {
  t = await buildTestApp()
  author = await createTestUser(t)
  other = await createTestUser(t)
  admin = await createTestUser(t, { isAdmin: true })
  threads = await seedThreads(t.database.db, author.id)
})
afterAll(() => t.close())

type Caller = TestUser | null
const auth = (user: Caller) => (user ? bearer(user) : {})
type Role = 'author' | 'other' | 'anonymous'
const as = (role: Role): Caller => ({ author, other, anonymous: null })[role]

function post(user: Caller, entityId: number | string, text: unknown = 'A fine card.') {
  return t.app.inject({
    method: 'POST',
    url: `/v2/comments/${entityId}`,
    headers: auth(user),
    payload: { text },
  })
}

async function list(entityId: number | string, query = '', user: Caller = null) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/v2/comments/${entityId}${query}`,
    headers: auth(user),
  })
  expect(response.statusCode).toBe(200)
  return wireBody(pageSchema(commentSchema), response.json()) as Page<Comment>
}

/** A fresh, empty thread: a new card each time keeps tests independent. */
async function freshThread(): Promise<number> {
  return (await seedThreads(t.database.db, author.id)).card.entityId
}

/** Posts and returns the new comment as the thread lists it. */
async function postAndRead(user: TestUser, entityId: number, text = 'Hello') {
  t.clock.advance(1000)
  expect((await post(user, entityId, text)).statusCode).toBe(201)
  const page = await list(entityId, '?order=desc&limit=1', user)
  const [newest] = page.results
  if (!newest) throw new Error('comment not listed')
  return newest
}

function edit(user: Caller, commentId: number | string, payload: object) {
  return t.app.inject({
    method: 'PATCH',
    url: `/v2/comment/${commentId}`,
    headers: auth(user),
    payload,
  })
}

function remove(user: Caller, commentId: number | string, query = '') {
  return t.app.inject({
    method: 'DELETE',
    url: `/v2/comment/${commentId}${query}`,
    headers: auth(user),
  })
}

async function storedComment(entityId: number) {
  const [row] = await t.database.db.select().from(comments).where(eq(comments.entityId, entityId))
  if (!row) throw new Error('comment not stored')
  return row
}

describe('GET /v2/comments/{entity_id}', () => {
  it.each([987_654_321, '9223372036854775808', '99999999999999999999999'])(
    'answers an empty page for an id nothing uses (%s)',
    async (id) => {
      expect(await list(id)).toEqual({ count: 0, next: null, previous: null, results: [] })
    },
  )

  it.each([
    ['a word', 'abc'],
    ['a decimal', '1.5'],
  ])('refuses %s as the id with 422', async (_, id) => {
    const response = await t.app.inject({ method: 'GET', url: `/v2/comments/${id}` })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ loc: ['path', 'entity_id'] })
  })

  it('lists FULL comments, stored verbatim, with the card version they were written against', async () => {
    const text = '  <b>Bold</b> [[Hammer Knight]] claim\n\n* with a list  '
    const comment = await postAndRead(author, threads.card.entityId, text)
    expect(Object.keys(comment).sort()).toEqual(
      [
        'created',
        'entity_id',
        'is_deleted',
        'is_moderated',
        'modified',
        'ordering_increment',
        'source_entity_id',
        'source_version',
        'text',
        'user',
      ].sort(),
    )
    expect(comment).toMatchObject({
      source_entity_id: threads.card.entityId,
      source_version: 2,
      text,
      is_deleted: false,
      is_moderated: false,
      user: { username: author.username, badge: author.badge },
    })
    expect(comment.entity_id).toBeGreaterThan(threads.card.entityId)
    expect(comment.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$/)
    expect(comment.modified).toBe(comment.created)
  })

  it('pages oldest first with absolute next/previous links', async () => {
    const thread = await freshThread()
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      t.clock.advance(1000)
      expect((await post(other, thread, text)).statusCode).toBe(201)
    }
    const link = (url: string | null) => (url ? new URL(url).pathname + new URL(url).search : null)

    const first = await list(thread, '?limit=2')
    expect(first.count).toBe(5)
    expect(first.results.map((c) => c.text)).toEqual(['one', 'two'])
    expect(first.results.map((c) => c.ordering_increment)).toEqual([1, 2])
    expect(link(first.next)).toBe(`/v2/comments/${thread}?limit=2&offset=2`)
    expect(first.previous).toBeNull()
    expect(first.next).toMatch(/^https?:\/\//)

    const middle = await list(thread, '?limit=2&offset=2')
    expect(middle.results.map((c) => c.text)).toEqual(['three', 'four'])
    expect(link(middle.next)).toBe(`/v2/comments/${thread}?limit=2&offset=4`)
    expect(link(middle.previous)).toBe(`/v2/comments/${thread}?limit=2`)

    const last = await list(thread, '?offset=3&limit=2&order=asc')
    expect(last.results.map((c) => c.text)).toEqual(['four', 'five'])
    expect(last.next).toBeNull()
    expect(link(last.previous)).toBe(`/v2/comments/${thread}?offset=1&limit=2&order=asc`)

    const newestFirst = await list(thread, '?order=desc&limit=30')
    expect(newestFirst.results.map((c) => c.ordering_increment)).toEqual([5, 4, 3, 2, 1])

    const beyond = await list(thread, '?offset=10')
    expect(beyond).toMatchObject({ count: 5, next: null, results: [] })
    expect(link(beyond.previous)).toBe(`/v2/comments/${thread}`)
  })

  it('clamps a large limit and refuses bad paging values with 422', async () => {
    const thread = await freshThread()
    await postAndRead(other, thread)
    expect((await list(thread, '?limit=1000')).count).toBe(1)
    for (const query of ['?limit=0', '?limit=-3', '?offset=-1', '?limit=x', '?order=newest']) {
      const response = await t.app.inject({ method: 'GET', url: `/v2/comments/${thread}${query}` })
      expect(response.statusCode, query).toBe(422)
    }
  })

  it('answers 401 to a stale token even though reading is public', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/comments/${threads.card.entityId}`,
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(response.statusCode).toBe(401)
  })
})

describe('POST /v2/comments/{entity_id}', () => {
  it('accepts comments on a working deck, without a card version', async () => {
    const comment = await postAndRead(author, threads.deck.entityId, 'Nice deck')
    expect(comment).toMatchObject({ source_entity_id: threads.deck.entityId, source_version: null })
  })

  it('accepts comments on a card whose release is not public yet', async () => {
    expect((await post(author, threads.unreleasedCard.entityId)).statusCode).toBe(201)
  })

  it('answers 201 with a detail and records a stream entry', async () => {
    const thread = await freshThread()
    const response = await post(author, thread)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ detail: expect.any(String) })
    const rows = await t.database.db.select().from(stream).where(eq(stream.sourceEntityId, thread))
    expect(rows).toMatchObject([{ entityType: 'comment', isLegacy: false }])
  })

  it.each<[string, (f: ThreadFixtures) => number | string, unknown, number]>([
    ['an unknown id', () => 987_654_321, 'Hi', 404],
    ['a comment id', () => 'comment', 'Hi', 404],
    ['a deleted deck', (f) => f.deletedDeck.entityId, 'Hi', 404],
    ['a Legacy card', (f) => f.legacyCard.entityId, 'Hi', 400],
    ['a Legacy deck', (f) => f.legacyDeck.entityId, 'Hi', 400],
    ['a public snapshot', (f) => f.publicSnapshot.entityId, 'Hi', 400],
    ['a private snapshot', (f) => f.privateSnapshot.entityId, 'Hi', 400],
    ['blank text', (f) => f.card.entityId, ' \n\t ', 400],
    ['empty text', (f) => f.card.entityId, '', 400],
    ['text over the length limit', (f) => f.card.entityId, 'x'.repeat(10_001), 422],
    ['null text', (f) => f.card.entityId, null, 422],
    ['a number as text', (f) => f.card.entityId, 42, 422],
    ['a non-numeric id', () => 'abc', 'Hi', 422],
    ['an id past 64 bits', () => '123456789012345678901234', 'Hi', 404],
    ['a negative id', () => -5, 'Hi', 404],
  ])('refuses %s', async (_, target, text, status) => {
    let id = target(threads)
    if (id === 'comment') id = (await postAndRead(other, threads.deck.entityId)).entity_id
    const response = await post(author, id, text)
    expect(response.statusCode).toBe(status)
    if (status !== 422) expect(response.json()).toEqual({ detail: expect.any(String) })
  })

  it('refuses a missing body and malformed JSON with 422', async () => {
    const url = `/v2/comments/${threads.card.entityId}`
    const missing = await t.app.inject({
      method: 'POST',
      url,
      headers: bearer(author),
      payload: {},
    })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'text'] })
    const malformed = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(author), 'content-type': 'application/json' },
      payload: '{"text": ',
    })
    expect(malformed.statusCode).toBe(422)
  })

  it('answers 401 to anonymous callers, whatever they send', async () => {
    expect((await post(null, threads.card.entityId)).statusCode).toBe(401)
    expect((await post(null, 'abc', null)).statusCode).toBe(401)
  })

  it('numbers comments 1, 2, 3… per thread and keeps counting after deletions', async () => {
    const thread = await freshThread()
    const first = await postAndRead(author, thread, 'first')
    const second = await postAndRead(other, thread, 'second')
    expect([first.ordering_increment, second.ordering_increment]).toEqual([1, 2])
    expect((await remove(other, second.entity_id)).statusCode).toBe(204)
    const third = await postAndRead(author, thread, 'third')
    expect(third.ordering_increment).toBe(3)
    expect((await remove(author, first.entity_id)).statusCode).toBe(204)
    expect((await remove(author, third.entity_id)).statusCode).toBe(204)
    expect((await postAndRead(other, thread, 'fourth')).ordering_increment).toBe(4)
    const page = await list(thread)
    expect(page.results.map((c) => [c.ordering_increment, c.is_deleted])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ])
  })

  it('never numbers two comments alike when they are posted at the same time', async () => {
    const thread = await freshThread()
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(i % 2 ? author : other, thread, `parallel ${i}`)),
    )
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201))
    const page = await list(thread)
    const increments = page.results.map((c) => c.ordering_increment).sort((a, b) => a - b)
    expect(increments).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
  })

  it("subscribes the author with the new comment as the last one they've seen", async () => {
    const thread = await freshThread()
    const mine = await postAndRead(author, thread)
    const marker = async (user: TestUser) => {
      const [row] = await t.database.db
        .select({ lastSeen: subscriptions.lastSeenEntityId })
        .from(subscriptions)
        .where(and(eq(subscriptions.sourceEntityId, thread), eq(subscriptions.userId, user.id)))
      return row?.lastSeen
    }
    expect(await marker(author)).toBe(mine.entity_id)
    const theirs = await postAndRead(other, thread)
    expect(await marker(author)).toBe(mine.entity_id)
    expect(await marker(other)).toBe(theirs.entity_id)
    const again = await postAndRead(author, thread)
    expect(await marker(author)).toBe(again.entity_id)
  })
})

describe('deleted comments', () => {
  it('hide their text from everyone but admins', async () => {
    const thread = await freshThread()
    const comment = await postAndRead(author, thread, 'Regrettable')
    expect((await remove(author, comment.entity_id)).statusCode).toBe(204)
    for (const viewer of [null, author, other]) {
      const [listed] = (await list(thread, '', viewer)).results
      expect(listed).toMatchObject({ text: null, is_deleted: true, is_moderated: false })
    }
    const [seenByAdmin] = (await list(thread, '', admin)).results
    expect(seenByAdmin).toMatchObject({ text: 'Regrettable', is_deleted: true })
  })
})

describe('PATCH /v2/comment/{comment_entity_id}', () => {
  it('lets the author edit and answers the FULL comment', async () => {
    const comment = await postAndRead(author, threads.card.entityId, 'Draft')
    t.clock.advance(60_000)
    const response = await edit(author, comment.entity_id, { text: 'Final' })
    expect(response.statusCode).toBe(200)
    const edited = response.json<Comment>()
    expect(edited).toMatchObject({
      entity_id: comment.entity_id,
      text: 'Final',
      created: comment.created,
      ordering_increment: comment.ordering_increment,
      is_moderated: false,
    })
    expect(Date.parse(edited.modified)).toBeGreaterThan(Date.parse(comment.created))
  })

  it('lets an admin moderate with notes, keeping the original text, and locks the author out', async () => {
    const comment = await postAndRead(author, threads.card.entityId, 'Rude words')
    const refused = await edit(admin, comment.entity_id, { text: 'Kind words' })
    expect(refused.statusCode).toBe(400)
    const blankNotes = await edit(admin, comment.entity_id, {
      text: 'Kind words',
      moderation_notes: '   ',
    })
    expect(blankNotes.statusCode).toBe(400)

    const moderated = await edit(admin, comment.entity_id, {
      text: 'Kind words',
      moderation_notes: 'Tone',
    })
    expect(moderated.statusCode).toBe(200)
    expect(wireBody(commentSchema, moderated.json())).toMatchObject({
      text: 'Kind words',
      is_moderated: true,
    })
    const again = await edit(admin, comment.entity_id, { text: 'Kinder', moderation_notes: 'More' })
    expect(again.statusCode).toBe(200)
    expect(await storedComment(comment.entity_id)).toMatchObject({
      originalText: 'Rude words',
      moderationNotes: 'More',
      isModerated: true,
    })

    const byAuthor = await edit(author, comment.entity_id, { text: 'Rude words again' })
    expect(byAuthor.statusCode).toBe(400)
    expect((await storedComment(comment.entity_id)).text).toBe('Kinder')
  })

  it('lets an admin edit their own comment without notes', async () => {
    const comment = await postAndRead(admin, threads.card.entityId, 'Mine')
    const response = await edit(admin, comment.entity_id, { text: 'Still mine' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ is_moderated: false })
  })

  it.each<[string, Role, string | number, object, number]>([
    ['another player', 'other', 'comment', { text: 'Hijack' }, 403],
    ['blank text', 'author', 'comment', { text: '  ' }, 400],
    ['a deleted comment', 'author', 'deleted', { text: 'Back' }, 400],
    ['an unknown comment', 'author', 987_654_321, { text: 'Hi' }, 404],
    ['a card id', 'author', 'card', { text: 'Hi' }, 404],
    ['a missing text', 'author', 'comment', {}, 422],
    ['a non-numeric id', 'author', 'abc', { text: 'Hi' }, 422],
    ['an anonymous caller', 'anonymous', 'comment', { text: 'Hi' }, 401],
  ])('refuses %s', async (_, who, target, payload, status) => {
    const caller = as(who)
    const comment = await postAndRead(author, threads.card.entityId, 'Original')
    let id: string | number = target
    if (target === 'comment') id = comment.entity_id
    if (target === 'card') id = threads.card.entityId
    if (target === 'deleted') {
      await remove(author, comment.entity_id)
      id = comment.entity_id
    }
    const response = await edit(caller, id, payload)
    expect(response.statusCode).toBe(status)
    expect((await storedComment(comment.entity_id)).text).toBe('Original')
  })
})

describe('DELETE /v2/comment/{comment_entity_id}', () => {
  it('lets the author delete, and a repeated delete still answers 204', async () => {
    const comment = await postAndRead(author, threads.card.entityId)
    const first = await remove(author, comment.entity_id)
    expect(first.statusCode).toBe(204)
    expect(first.body).toBe('')
    expect((await remove(author, comment.entity_id)).statusCode).toBe(204)
    expect(await storedComment(comment.entity_id)).toMatchObject({
      isDeleted: true,
      isModerated: false,
      moderationNotes: null,
    })
  })

  it('lets an admin delete any comment with notes from the query string', async () => {
    const comment = await postAndRead(author, threads.card.entityId)
    const removed = await remove(admin, comment.entity_id, '?moderation_notes=Spam%20link')
    expect(removed.statusCode).toBe(204)
    expect(await storedComment(comment.entity_id)).toMatchObject({
      isDeleted: true,
      isModerated: true,
      moderationNotes: 'Spam link',
    })
    const listed = (await list(threads.card.entityId, '?order=desc&limit=100')).results.find(
      (c) => c.entity_id === comment.entity_id,
    )
    expect(listed).toMatchObject({ is_deleted: true, is_moderated: true, text: null })
  })

  it.each([
    ['no notes', ''],
    ['empty notes', '?moderation_notes='],
    ['blank notes', '?moderation_notes=%20%20'],
  ])("refuses an admin deleting someone else's comment with %s (400)", async (_, query) => {
    const comment = await postAndRead(author, threads.card.entityId)
    const response = await remove(admin, comment.entity_id, query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: expect.stringMatching(/moderation notes/) })
    expect(await storedComment(comment.entity_id)).toMatchObject({
      isDeleted: false,
      isModerated: false,
      moderationNotes: null,
    })
  })

  it('lets an admin delete their own comment without notes', async () => {
    const comment = await postAndRead(admin, threads.card.entityId)
    expect((await remove(admin, comment.entity_id)).statusCode).toBe(204)
    expect(await storedComment(comment.entity_id)).toMatchObject({
      isDeleted: true,
      isModerated: false,
    })
  })

  it.each<[string, Role, string | number, number]>([
    ['another player', 'other', 'comment', 403],
    ['an unknown comment', 'author', 987_654_321, 404],
    ['a deck id', 'author', 'deck', 404],
    ['a non-numeric id', 'author', 'abc', 422],
    ['an anonymous caller', 'anonymous', 'comment', 401],
  ])('refuses %s', async (_, who, target, status) => {
    const caller = as(who)
    const comment = await postAndRead(author, threads.card.entityId)
    let id: string | number = target
    if (target === 'comment') id = comment.entity_id
    if (target === 'deck') id = threads.deck.entityId
    expect((await remove(caller, id)).statusCode).toBe(status)
    expect((await storedComment(comment.entity_id)).isDeleted).toBe(false)
  })
})
