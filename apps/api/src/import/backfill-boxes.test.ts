import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execute } from '../../test/deck-fixtures.ts'
import { buildTestApp, type TestApp } from '../../test/helpers.ts'
import { DEMO_DATA_DIR } from '../paths.ts'
import { backfillBoxes } from './backfill-boxes.ts'
import { importFolder } from './import-folder.ts'

/**
 * A database from before copies per box and need masks (what migration 0006 leaves: no copies,
 * no masks, no remembered combinations) gets them all back at the next start.
 */
describe('the start after migration 0006', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, DEMO_DATA_DIR)
  })
  afterAll(() => t.close())

  const state = async () => {
    const [row] = await execute<Record<string, number>>(
      t,
      sql`select (select count(*)::int from card where not is_legacy and box_copies is null) as cards,
            (select count(*)::int from deck where not is_legacy and box_need1 is null) as decks,
            (select count(*)::int from box_need_profile) as profiles`,
    )
    return row
  }

  it('derives the copies, every Reborn deck’s masks and the published combinations', async () => {
    const before = await state()
    expect(before).toMatchObject({ cards: 0, decks: 0 })
    expect(before?.profiles).toBeGreaterThan(0)
    await execute(t, sql`update card set box_copies = null where not is_legacy`)
    await execute(t, sql`update deck set box_need1 = null, box_need2 = null, box_need3 = null`)
    await execute(t, sql`delete from box_need_profile`)
    const logged: string[] = []
    expect(await backfillBoxes(t.database, { info: (line: string) => logged.push(line) })).toBe(
      true,
    )
    expect(await state()).toEqual(before)
    expect(logged).toHaveLength(1)
    // Nothing left to do at the start after.
    expect(await backfillBoxes(t.database, { info: () => {} })).toBe(false)
  })
})
