import { afterAll, beforeAll, expect, it } from 'vitest'
import { bearer, buildTestApp, createTestUser, type TestApp } from '../../test/helpers.ts'
import { seedThreads } from '../../test/thread-fixtures.ts'

let t: TestApp
/** A clock that moves on by a millisecond each time it is read, as a busy server's does. */
let ticks = Date.UTC(2025, 0, 1)
const clock = {
  get now() {
    ticks += 1
    return ticks
  },
  advance(ms: number) {
    ticks += ms
  },
}

beforeAll(async () => {
  t = await buildTestApp({ clock })
})
afterAll(() => t.close())

it('numbers and times comments in the same order when they are posted together', async () => {
  const players = await Promise.all(Array.from({ length: 4 }, () => createTestUser(t)))
  const { card } = await seedThreads(t.database.db, players[0]?.id ?? 0)
  const posts = Array.from({ length: 24 }, (_, i) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/comments/${card.entityId}`,
      headers: bearer(players[i % players.length] ?? { token: '' }),
      payload: { text: `Comment ${i}` },
    }),
  )
  for (const response of await Promise.all(posts)) expect(response.statusCode).toBe(201)
  const page = await t.app.inject({ url: `/v2/comments/${card.entityId}?limit=100` })
  const comments = page.json().results as { ordering_increment: number; created: string }[]
  const byNumber = [...comments].sort((a, b) => a.ordering_increment - b.ordering_increment)
  expect(byNumber.map((comment) => comment.ordering_increment)).toEqual(
    Array.from({ length: 24 }, (_, i) => i + 1),
  )
  const times = byNumber.map((comment) => Date.parse(comment.created))
  expect(times).toEqual([...times].sort((a, b) => a - b))
  // The listing (by time) shows them in their numbers' order.
  expect(comments.map((comment) => comment.ordering_increment)).toEqual(
    byNumber.map((comment) => comment.ordering_increment),
  )
})
