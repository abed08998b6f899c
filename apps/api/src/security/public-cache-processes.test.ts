import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeck, deleteDeck, get, SERA_DECK, snapshot } from '../../test/deck-fixtures.ts'
import { createTestUser, type TestApp } from '../../test/helpers.ts'
import { startTwoProcesses, type TwoProcesses } from '../../test/two-processes.ts'
import { importFolder } from '../import/import-folder.ts'
import { DEMO_DATA_DIR } from '../paths.ts'

let processes: TwoProcesses
let first: TestApp
let second: TestApp

beforeAll(async () => {
  processes = await startTwoProcesses({
    prepare: (app) => importFolder(app.database, DEMO_DATA_DIR).then(() => {}),
  })
  ;({ first, second } = processes)
})
afterAll(() => processes.close())

/**
 * Reads until `settled` holds, for at most half a second: far less than the public cache keeps
 * an answer (2 s fresh, then 10 s while refreshed), so only a change seen "at once" passes.
 */
async function soon<T>(read: () => Promise<T>, settled: (value: T) => boolean): Promise<T> {
  const deadline = performance.now() + 500
  let value = await read()
  while (!settled(value) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20))
    value = await read()
  }
  return value
}

describe('public deck caches of several processes', () => {
  it('drop an unpublished deck at once on every process', async () => {
    const owner = await createTestUser(first)
    const working = await createDeck(first, owner, SERA_DECK)
    const published = await snapshot(first, owner, working, { is_public: true })
    const listing = `/v2/decks?player=${encodeURIComponent(owner.badge)}`
    // The second process now keeps both answers in its public cache.
    expect((await get(second, `/v2/decks/${published}`)).status).toBe(200)
    expect((await get(second, listing)).body.count).toBe(1)

    expect((await deleteDeck(first, owner, published)).statusCode).toBe(204)
    const details = await soon(
      () => get(second, `/v2/decks/${published}`),
      (answer) => answer.status === 404,
    )
    expect(details.status).toBe(404)
    const list = await soon(
      () => get(second, listing),
      (answer) => answer.body.count === 0,
    )
    expect(list.body.count).toBe(0)
  })

  it('drop a deleted working deck with its publications at once on every process', async () => {
    const owner = await createTestUser(first)
    const working = await createDeck(first, owner, SERA_DECK)
    const published = await snapshot(first, owner, working, { is_public: true })
    expect((await get(first, `/v2/decks/${working}`)).status).toBe(200)
    expect((await get(second, `/v2/decks/${working}`)).status).toBe(200)
    expect((await get(second, `/v2/decks/${published}`)).status).toBe(200)

    expect((await deleteDeck(second, owner, working)).statusCode).toBe(204)
    for (const id of [working, published]) {
      const answer = await soon(
        () => get(first, `/v2/decks/${id}`),
        (read) => read.status === 404,
      )
      expect(answer.status).toBe(404)
    }
  })
})
