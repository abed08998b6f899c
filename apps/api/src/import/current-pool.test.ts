import { existsSync } from 'node:fs'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  CURRENT_DATA_DIR,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { count, fingerprint } from '../../test/import-checks.ts'
import { cards, decks } from '../db/schema.ts'
import { importFolder } from './import-folder.ts'

const hasBothSets = existsSync(REAL_DATA_DIR) && existsSync(CURRENT_DATA_DIR)

/** The Spark of Invention's First Five, in the order the data gives it. */
const SPARK_FIRST_FIVE = [
  'reconfigure',
  'summon-spark-drone',
  'summon-thunder-hulk',
  'supercharge',
  'systems-drafter',
]

const PRECONS = 'deck where is_preconstructed and is_snapshot and is_public'

async function sparkOfInvention(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ id: decks.id })
    .from(decks)
    .where(and(eq(decks.title, 'The Spark of Invention'), eq(decks.isSnapshot, true)))
  if (!row) throw new Error('The Spark of Invention was not imported')
  return row.id
}

describe.skipIf(!existsSync(CURRENT_DATA_DIR))('the 2026 pool imported alone', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, CURRENT_DATA_DIR)
  })
  afterAll(() => t.close())

  it('holds every card, release and precon, Reborn only', async () => {
    const db = t.database.db
    expect(await count(db, 'card where not is_legacy')).toBe(526)
    expect(await count(db, 'card where is_legacy')).toBe(0)
    expect(await count(db, 'release where not is_legacy')).toBe(31)
    expect(await count(db, PRECONS)).toBe(30)
    expect(await count(db, 'deck')).toBe(60)
    expect(await count(db, 'card where dice_flags & 128 > 0 or alt_dice_flags & 128 > 0')).toBe(11)
    expect(await count(db, 'card where dice_flags & 256 > 0 or alt_dice_flags & 256 > 0')).toBe(9)
  })

  it('gives every deck its First Five, in order, as GET /v2/decks/{id} returns them', async () => {
    const db = t.database.db
    expect(await count(db, 'deck_selected_card where is_first_five')).toBe(60 * 5)
    const response = await t.app.inject({ url: `/v2/decks/${await sparkOfInvention(t)}` })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.deck.first_five).toEqual(SPARK_FIRST_FIVE)
    expect(body.deck.dice).toEqual([{ name: 'artifice', count: 10 }])
    // The artifice dice need the Ascendancy box, which is also the deck's own release.
    expect(body.releases.map((release: { stub: string }) => release.stub)).toContain(
      'ascendancy-starter-kit',
    )
  })

  it('changes nothing when imported again', async () => {
    const before = await fingerprint(t.database.db)
    await importFolder(t.database, CURRENT_DATA_DIR)
    expect(await fingerprint(t.database.db)).toEqual(before)
  })
})

describe.skipIf(!hasBothSets)('the 2026 pool imported after the 2021 set', () => {
  let t: TestApp
  let player: TestUser
  const ids = new Map<string, { id: number; entityId: number }>()

  async function card(stub: string) {
    const [row] = await t.database.db
      .select({ id: cards.id, entityId: cards.entityId, version: cards.version })
      .from(cards)
      .where(and(eq(cards.stub, stub), eq(cards.isLegacy, false)))
    if (!row) throw new Error(`no Reborn card ${stub}`)
    return row
  }
  const comment = (entityId: number, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/comments/${entityId}`,
      headers: bearer(player),
      payload: { text },
    })

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
    player = await createTestUser(t)
    // Ice Trap's errata changes only its cost; Hammer Knight's neither text nor cost.
    for (const stub of ['ice-trap', 'hammer-knight']) {
      const row = await card(stub)
      ids.set(stub, row)
      expect((await comment(row.entityId, `Before the errata of ${stub}`)).statusCode).toBe(201)
    }
    await importFolder(t.database, CURRENT_DATA_DIR)
  })
  afterAll(() => t.close())

  it('holds Legacy from 2021 and Reborn from 2026', async () => {
    const db = t.database.db
    expect(await count(db, 'card where not is_legacy')).toBe(526)
    expect(await count(db, 'card where is_legacy')).toBe(361)
    expect(await count(db, 'release where not is_legacy')).toBe(31)
    expect(await count(db, 'release where is_legacy')).toBe(24)
    expect(await count(db, `${PRECONS} and not is_legacy`)).toBe(30)
    expect(await count(db, `${PRECONS} and is_legacy`)).toBe(26)
  })

  it('updates Reborn cards and shared precons in place', async () => {
    for (const [stub, before] of ids) {
      const after = await card(stub)
      expect(after.id, stub).toBe(before.id)
      expect(after.entityId, stub).toBe(before.entityId)
    }
    // Six precons are in both sets with the same `created`: 2021's 64 decks plus 2026's 60
    // hold 12 decks twice (six snapshots and their sources).
    expect(await count(t.database.db, 'deck')).toBe(64 + 60 - 12)
  })

  it('counts a changed text or cost as errata, so older comments are about an earlier version', async () => {
    const db = t.database.db
    expect(await count(db, 'card where not is_legacy and version = 2')).toBe(27)
    expect(await count(db, 'card where not is_legacy and version > 2')).toBe(0)
    expect((await card('ice-trap')).version).toBe(2)
    expect((await card('hammer-knight')).version).toBe(1)

    const iceTrap = await card('ice-trap')
    expect((await comment(iceTrap.entityId, 'After the errata')).statusCode).toBe(201)
    const thread = await t.app.inject({ url: `/v2/comments/${iceTrap.entityId}` })
    const versions = thread
      .json()
      .results.map((entry: { text: string; source_version: number }) => [
        entry.text,
        entry.source_version,
      ])
    expect(versions).toEqual(
      expect.arrayContaining([
        ['Before the errata of ice-trap', 1],
        ['After the errata', 2],
      ]),
    )
  })

  it('shows the First Five of a precon both sets share and of a new one', async () => {
    const response = await t.app.inject({ url: `/v2/decks/${await sparkOfInvention(t)}` })
    expect(response.json().deck.first_five).toEqual(SPARK_FIRST_FIVE)
    expect(await count(t.database.db, 'deck_selected_card where is_first_five')).toBe(60 * 5)
  })

  it('changes nothing when the 2026 set is imported again', async () => {
    const before = await fingerprint(t.database.db)
    await importFolder(t.database, CURRENT_DATA_DIR)
    expect(await fingerprint(t.database.db)).toEqual(before)
  })
})
