import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeck, get, putDeck, SERA_DECK, snapshot } from '../../test/deck-fixtures.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'
import { startTwoProcesses, type TwoProcesses } from '../../test/two-processes.ts'
import { importFolder } from '../import/import-folder.ts'
import { DEMO_DATA_DIR } from '../paths.ts'

/**
 * What a change drops from the answers other processes keep: a builder save of one working
 * deck drops its player's own reads and the details of cards it adds or removes, and nothing
 * else; publishing drops what everyone reads. Each answer is first kept by B, then changed in
 * the database without a notice ("quietly"), then a write goes through A: an answer B still
 * gives unchanged was kept through that write; one it gives changed was dropped by it.
 */
let processes: TwoProcesses
let a: TestApp
let b: TestApp

beforeAll(async () => {
  processes = await startTwoProcesses({
    prepare: (first) => importFolder(first.database, DEMO_DATA_DIR).then(() => {}),
  })
  ;({ first: a, second: b } = processes)
})
afterAll(() => processes.close())

/** B's answer changes well within a second (notices take milliseconds). */
const onB = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 1000, interval: 5 })

/** A change no notice announces: the tables' owner turns their triggers off for one transaction. */
async function quietly(statement: SQL) {
  await a.database.db.transaction(async (tx) => {
    for (const table of ['deck', 'deck_card']) {
      await tx.execute(sql.raw(`alter table ${table} disable trigger user`))
    }
    await tx.execute(statement)
    for (const table of ['deck', 'deck_card']) {
      await tx.execute(sql.raw(`alter table ${table} enable trigger user`))
    }
  })
}

describe('a builder save on one process', () => {
  let saver: TestUser
  let other: TestUser
  let saved: number
  let otherDeck: number
  let otherPublished: number
  const titles = async (url: string, user: TestUser | null = null) => {
    const { body } = await get(b, url, user)
    return (body.results as { title: string }[]).map((deck) => deck.title)
  }
  const title = async (url: string, user: TestUser | null = null) =>
    ((await get(b, url, user)).body.deck as { title: string }).title
  const usage = async (stub: string) =>
    ((await get(b, `/v2/cards/${stub}/details`)).body.usage as { decks: number }).decks

  beforeAll(async () => {
    saver = await createTestUser(a)
    other = await createTestUser(a)
    saved = await createDeck(a, saver)
    otherDeck = await createDeck(a, other, { ...SERA_DECK, title: 'Other' })
    otherPublished = await snapshot(a, other, otherDeck, { is_public: true, title: 'Other' })
  })

  it("keeps every other player's answers and every listing, and drops the saver's own", async () => {
    const reads = {
      published: () => title(`/v2/decks/${otherPublished}`),
      listing: () => titles(`/v2/decks?player=${other.badge}`),
      theirs: () => titles('/v2/decks/mine', other),
      theirDeck: () => title(`/v2/decks/${otherDeck}?show_saved=true`, other),
      mine: () => titles('/v2/decks/mine', saver),
    }
    expect(await reads.published()).toBe('Other')
    expect(await reads.listing()).toEqual(['Other'])
    expect(await reads.theirs()).toEqual(['Other'])
    expect(await reads.theirDeck()).toBe('Other')
    expect(await reads.mine()).toEqual([SERA_DECK.title])
    await quietly(
      sql`update deck set title = 'Quiet' where id in (${otherDeck}, ${otherPublished})`,
    )

    const save = await putDeck(a, saver, { ...SERA_DECK, id: saved, title: 'Saved on A' })
    expect(save.statusCode).toBe(200)
    await onB(reads.mine).toEqual(['Saved on A'])
    expect(await reads.published()).toBe('Other')
    expect(await reads.listing()).toEqual(['Other'])
    expect(await reads.theirs()).toEqual(['Other'])
    expect(await reads.theirDeck()).toBe('Other')

    // Publishing changes what everyone reads: every kept deck answer goes.
    await snapshot(a, saver, saved, { is_public: true })
    await onB(reads.listing).toEqual(['Quiet'])
    expect(await reads.published()).toBe('Quiet')
    expect(await reads.theirs()).toEqual(['Quiet'])
  })

  it("adds each reader's marker to the one kept answer; following a thread drops nothing", async () => {
    const details = async (user: TestUser) =>
      (await get(b, `/v2/decks/${otherPublished}`, user)).body
    const before = await details(saver)
    expect(before).not.toHaveProperty('last_seen_entity_id')
    const thread = (before.deck as { comments_entity_id: number }).comments_entity_id
    await quietly(sql`update deck set title = 'Unseen' where id = ${otherPublished}`)
    const follow = await a.app.inject({
      method: 'POST',
      url: `/v2/subscription/${thread}`,
      headers: bearer(saver),
    })
    expect(follow.statusCode).toBe(201)
    // The marker shows at once on the other process, on the answer kept before (old title).
    await onB(async () => (await details(saver)).last_seen_entity_id).toBe(
      follow.json().last_seen_entity_id,
    )
    const after = await details(saver)
    expect((after.deck as { title: string }).title).toBe((before.deck as { title: string }).title)
    // Another reader of the same kept answer, who follows nothing, sees no marker.
    expect(await details(await createTestUser(a))).not.toHaveProperty('last_seen_entity_id')
  })

  it('drops the details of the cards it adds or removes, and keeps the others', async () => {
    const added = 'veiled-courier'
    const untouched = 'quick-study'
    const before = { added: await usage(added), untouched: await usage(untouched) }
    // Another deck starts using the untouched card without a notice.
    const [card] = await a.database.db
      .execute(sql`select id from card where stub = ${untouched} and not is_legacy`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows)
    await quietly(
      sql`delete from deck_card where deck_id = ${otherDeck} and card_id = ${card?.id ?? 0}`,
    )
    const cards = [...SERA_DECK.cards.slice(0, -1), { stub: added, count: 3 }]
    const save = await putDeck(a, saver, { ...SERA_DECK, id: saved, cards })
    expect(save.statusCode).toBe(200)
    await onB(() => usage(added)).toBe(before.added + 1)
    expect(await usage(untouched)).toBe(before.untouched)
  })

  it("a private snapshot drops its owner's own reads and keeps every public answer and card", async () => {
    const used = 'ashbound-acolyte'
    const reads = {
      published: () => title(`/v2/decks/${otherPublished}`),
      listing: () => titles(`/v2/decks?player=${other.badge}`),
      theirs: () => titles('/v2/decks/mine', other),
      usage: () => usage(used),
      mine: () => titles('/v2/decks/mine', saver),
    }
    const before = {
      published: await reads.published(),
      listing: await reads.listing(),
      theirs: await reads.theirs(),
      usage: await reads.usage(),
    }
    expect(before.usage).toBeGreaterThan(0)
    await reads.mine()
    const [card] = await a.database.db
      .execute(sql`select id from card where stub = ${used} and not is_legacy`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows)
    await quietly(
      sql`update deck set title = 'Hushed' where id in (${otherDeck}, ${otherPublished})`,
    )
    await quietly(sql`update deck set title = 'Hushed mine' where id = ${saved}`)
    await quietly(sql`delete from deck_card where card_id = ${card?.id ?? 0}`)

    await snapshot(a, saver, saved, { is_public: false, title: 'Kept to myself' })
    await onB(reads.mine).toEqual(['Hushed mine'])
    expect(await reads.published()).toBe(before.published)
    expect(await reads.listing()).toEqual(before.listing)
    expect(await reads.theirs()).toEqual(before.theirs)
    expect(await reads.usage()).toBe(before.usage)
  })
})

describe('the catalogue', () => {
  const rename = (stub: string, to: string) =>
    sql`update card set json = jsonb_set(json, '{name}', to_jsonb(${to}::text)) where stub = ${stub}`
  const name = async (stub: string) => (await get(b, `/v2/cards/${stub}`)).body.name as string

  it('is held until a change to the cards is announced, however long that takes', async () => {
    const renamed = 'quick-study'
    const before = await name(renamed)
    // Renamed without a notice: the cards' owner turns the trigger off for one transaction.
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('alter table card disable trigger user'))
      await tx.execute(rename(renamed, 'Quiet Study'))
      await tx.execute(sql.raw('alter table card enable trigger user'))
    })
    // No clock reloads it: longer than any polling period would allow, the held name stays.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await name(renamed)).toBe(before)
    // An announced change to any card drops the catalogue everywhere at once.
    await a.database.db.execute(
      sql`update card set version = version where stub = 'veiled-courier'`,
    )
    await onB(() => name(renamed)).toBe('Quiet Study')
    await a.database.db.execute(rename(renamed, before))
    await onB(() => name(renamed)).toBe(before)
  })
})
