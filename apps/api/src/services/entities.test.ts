import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import { seedThreads, type ThreadFixtures } from '../../test/thread-fixtures.ts'
import { users } from '../db/schema.ts'
import { postComment } from './comments.ts'
import { type Entity, findEntity, findThreadSource, threadProblem } from './entities.ts'

describe('threadProblem', () => {
  const deck = {
    kind: 'deck',
    id: 1,
    entityId: 10,
    userId: 1,
    sourceId: null,
    isLegacy: false,
    isSnapshot: false,
    isPublic: false,
    isDeleted: false,
  } as const
  const card = { kind: 'card', id: 1, entityId: 11, isLegacy: false, version: 1 } as const
  const comment = {
    kind: 'comment',
    id: 1,
    entityId: 12,
    userId: 1,
    sourceEntityId: 11,
    isDeleted: false,
    isModerated: false,
  } as const

  it.each<[string, Entity | null, ReturnType<typeof threadProblem>]>([
    ['nothing', null, 'not_found'],
    ['a card', card, null],
    ['a Legacy card', { ...card, isLegacy: true }, 'legacy'],
    ['a working deck', deck, null],
    ['a deleted working deck', { ...deck, isDeleted: true }, 'not_found'],
    ['a Legacy deck', { ...deck, isLegacy: true }, 'legacy'],
    ['a public snapshot', { ...deck, isSnapshot: true, isPublic: true, sourceId: 1 }, 'snapshot'],
    [
      'a deleted Legacy snapshot',
      { ...deck, isSnapshot: true, isLegacy: true, isDeleted: true },
      'not_found',
    ],
    ['a comment', comment, 'not_found'],
  ])('%s', (_, entity, problem) => expect(threadProblem(entity)).toBe(problem))
})

describe('findEntity', () => {
  let test: TestDatabase
  let threads: ThreadFixtures
  let commentId: number

  beforeAll(async () => {
    test = await createTestDatabase()
    const [owner] = await test.database.db
      .insert(users)
      .values({ badge: '1ent', username: 'Owner' })
      .returning({ id: users.id })
    if (!owner) throw new Error('user not created')
    threads = await seedThreads(test.database.db, owner.id)
    const posted = await postComment(
      test.database.db,
      { id: owner.id, is_admin: false },
      threads.card.entityId,
      'Hi',
      Date.now,
    )
    commentId = posted.entityId
  })
  afterAll(() => test.drop())

  it('tells cards, working decks, snapshots and comments apart', async () => {
    const db = test.database.db
    expect(await findEntity(db, threads.card.entityId)).toMatchObject({
      kind: 'card',
      id: threads.card.id,
      version: 2,
    })
    expect(await findEntity(db, threads.deck.entityId)).toMatchObject({
      kind: 'deck',
      id: threads.deck.id,
      isSnapshot: false,
    })
    expect(await findEntity(db, threads.publicSnapshot.entityId)).toMatchObject({
      kind: 'deck',
      isSnapshot: true,
      isPublic: true,
      sourceId: threads.deck.id,
    })
    expect(await findEntity(db, commentId)).toMatchObject({
      kind: 'comment',
      sourceEntityId: threads.card.entityId,
    })
    expect(await findEntity(db, 987_654_321)).toBeNull()
  })

  it('locks inside a transaction without changing the answer', async () => {
    const found = await test.database.db.transaction((tx) =>
      findThreadSource(tx, threads.deck.entityId, { lock: true }),
    )
    expect(found).toMatchObject({ source: { kind: 'deck', entityId: threads.deck.entityId } })
    expect(await findThreadSource(test.database.db, threads.legacyDeck.entityId)).toEqual({
      problem: 'legacy',
    })
  })
})
