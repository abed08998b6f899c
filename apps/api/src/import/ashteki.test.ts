import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ASHTEKI_DATA_DIR,
  buildTestApp,
  CURRENT_DATA_DIR,
  type TestApp,
} from '../../test/helpers.ts'
import { count, fingerprint } from '../../test/import-checks.ts'
import { type Queryable, queryRows } from '../db/client.ts'
import { ImportError } from './import-data.ts'
import { importFolder } from './import-folder.ts'
import type { ImportSummary } from './write-import.ts'

const hasBoth = existsSync(ASHTEKI_DATA_DIR) && existsSync(CURRENT_DATA_DIR)
const PRECONS = 'deck where is_preconstructed and is_snapshot and is_public'

/** Each card's stored JSON, by stub. */
async function cardJson(db: Queryable): Promise<Map<string, unknown>> {
  const rows = await queryRows<{ stub: string; json: unknown }>(
    db,
    sql`select stub, json from card order by stub`,
  )
  return new Map(rows.map((row) => [row.stub, row.json]))
}

/** Each precon's Phoenixborn, dice, cards and First Five as the API answers them, by title. */
async function precons(t: TestApp): Promise<Map<string, unknown>> {
  const listing = await t.app.inject({ url: '/v2/decks?show_preconstructed=true&limit=100' })
  const decks = new Map<string, unknown>()
  for (const deck of listing.json().results as { id: number; title: string }[]) {
    const { deck: details } = (await t.app.inject({ url: `/v2/decks/${deck.id}` })).json()
    decks.set(deck.title, {
      phoenixborn: details.phoenixborn.stub,
      dice: details.dice,
      cards: details.cards.map((card: { stub: string; count: number }) => [card.stub, card.count]),
      first_five: details.first_five,
    })
  }
  return decks
}

describe.skipIf(!hasBoth)("a clone of Ashteki's repository", () => {
  let ashteki: TestApp
  let converted: TestApp
  let summary: ImportSummary

  beforeAll(async () => {
    ashteki = await buildTestApp()
    converted = await buildTestApp()
    summary = await importFolder(ashteki.database, ASHTEKI_DATA_DIR)
    await importFolder(converted.database, CURRENT_DATA_DIR)
  })
  afterAll(async () => {
    await ashteki?.close()
    await converted?.close()
  })

  it('imports its 526 cards and 30 precons, each with its First Five', async () => {
    const db = ashteki.database.db
    expect(await count(db, 'card where not is_legacy')).toBe(526)
    expect(await count(db, 'card where is_legacy')).toBe(0)
    expect(await count(db, 'release')).toBe(31)
    expect(await count(db, PRECONS)).toBe(30)
    expect(await count(db, 'deck')).toBe(60)
    expect(await count(db, 'deck_selected_card where is_first_five')).toBe(60 * 5)
    expect(summary.changes.decks.added).toBe(60)
  })

  it('leaves out the two decks naming cards its files lack, and names them', () => {
    expect(summary.skipped).toHaveLength(2)
    expect(summary.skipped[0]).toMatch(
      /^The Garden of Brilliance \(data\/decks\/precon-ascendancy\.json\[2\]\): 16 cards missing from data\/cards\/all-cards\.json: maeve-luminvale, /,
    )
    expect(summary.skipped[1]).toMatch(/^The Shaper of Storms .*kanna-galeheart/)
  })

  it('stores the same cards as the converted 2026 set, and the same precons', async () => {
    expect(await cardJson(ashteki.database.db)).toEqual(await cardJson(converted.database.db))
    const mine = await precons(ashteki)
    expect(mine.size).toBe(30)
    expect(mine).toEqual(await precons(converted))
  })

  it("keeps each precon in its Phoenixborn's release, publishing order from Ashteki's ids", async () => {
    const rows = await queryRows<{ title: string; stub: string }>(
      ashteki.database.db,
      sql`select deck.title, release.stub from deck
          join release on release.id = deck.preconstructed_release
          where deck.title in ('The Iron Men', 'The Spark of Invention')`,
    )
    expect(rows.map((row) => [row.title, row.stub]).sort()).toEqual([
      ['The Iron Men', 'master-set'],
      ['The Spark of Invention', 'ascendancy-starter-kit'],
    ])
    const releases = await ashteki.app.inject({ url: '/v2/releases' })
    const stubs = (releases.json() as { stub: string }[]).map((release) => release.stub)
    expect(stubs.slice(0, 3)).toEqual([
      'master-set',
      'the-frostdale-giants',
      'the-children-of-blackcloud',
    ])
  })

  it('publishes the precons under a player who cannot log in, and skips other builds', async () => {
    const [owner] = await queryRows<{ username: string; email: string | null; decks: number }>(
      ashteki.database.db,
      sql`select username, email, (select count(*)::int from deck where user_id = "user".id) as decks
          from "user" where badge = 'ashteki'`,
    )
    expect(owner).toEqual({ username: 'Ashteki', email: null, decks: 60 })
    expect(await count(ashteki.database.db, `deck where title like '%OCB%'`)).toBe(0)
  })

  it('changes nothing when imported again', async () => {
    const before = await fingerprint(ashteki.database.db)
    const again = await importFolder(ashteki.database, ASHTEKI_DATA_DIR)
    expect(await fingerprint(ashteki.database.db)).toEqual(before)
    expect(again.changes).toMatchObject({ cards: { added: 0, updated: 0 }, decks: { added: 0 } })
  })

  it('refuses the whole folder when a card breaks the rules', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'spellboard-ashteki-'))
    try {
      cpSync(ASHTEKI_DATA_DIR, folder, { recursive: true })
      const file = path.join(folder, 'data', 'cards', 'all-cards.json')
      const cards = JSON.parse(readFileSync(file, 'utf8'))
      cards.results[3].type = 'Hero'
      writeFileSync(file, JSON.stringify(cards))
      const empty = await buildTestApp()
      try {
        const attempt = importFolder(empty.database, folder)
        await expect(attempt).rejects.toBeInstanceOf(ImportError)
        await expect(attempt).rejects.toThrow('data/cards/all-cards.json results[3].type')
        expect(await count(empty.database.db, 'card')).toBe(0)
      } finally {
        await empty.close()
      }
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
