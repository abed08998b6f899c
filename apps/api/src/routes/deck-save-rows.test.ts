import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  type DeckBody,
  execute,
  putDeck,
  SERA_DECK,
} from '../../test/deck-fixtures.ts'
import { createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'

/**
 * An autosave sends the whole deck after one change in the builder: the save writes the rows
 * that changed and leaves the others alone, not even locked (a row an insert finds in its way
 * is locked before its update is skipped, which marks it with the writer's transaction).
 */
let t: TestApp
let owner: TestUser

beforeAll(async () => {
  t = await buildDeckTestApp()
  owner = await createTestUser(t)
})
afterAll(() => t.close())

type Row = { key: string; count: number; xmin: string; xmax: string }

/** The deck's card and dice rows with the transactions that wrote and last locked them. */
async function rowsOf(deckId: number): Promise<Map<string, Row>> {
  const rows = await execute<Row>(
    t,
    sql`select 'card:' || card_id as key, count, xmin::text, xmax::text
          from deck_card where deck_id = ${deckId}
        union all
        select 'die:' || die_flag, count, xmin::text, xmax::text
          from deck_die where deck_id = ${deckId}`,
  )
  return new Map(rows.map((row) => [row.key, row]))
}

const version = async (deckId: number) =>
  (await execute<{ version: number }>(t, sql`select version from deck where id = ${deckId}`))[0]
    ?.version

describe('a save of one changed card', () => {
  it('writes that row alone and raises the version', async () => {
    const id = await createDeck(t, owner)
    const before = await rowsOf(id)
    const versionBefore = await version(id)
    const cards = SERA_DECK.cards.map((card) =>
      card.stub === 'gentle-word' ? { ...card, count: 2 } : card,
    )
    const edited: DeckBody = { ...SERA_DECK, id, cards }
    expect((await putDeck(t, owner, edited)).statusCode).toBe(200)

    const after = await rowsOf(id)
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort())
    const changed = [...after.values()].filter((row) => row.xmin !== before.get(row.key)?.xmin)
    expect(changed.map((row) => row.count)).toEqual([2])
    for (const row of after.values()) {
      if (changed.includes(row)) continue
      expect(row, `${row.key} was locked by the save`).toEqual(before.get(row.key))
    }
    expect(await version(id)).toBe((versionBefore ?? 0) + 1)
  })

  it('leaves every row as it was when no card or die changed', async () => {
    const id = await createDeck(t, owner)
    const before = await rowsOf(id)
    expect((await putDeck(t, owner, { ...SERA_DECK, id, title: 'Renamed' })).statusCode).toBe(200)
    expect(await rowsOf(id)).toEqual(before)
  })
})
