import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeck, SERA_DECK } from '../../test/deck-fixtures.ts'
import {
  bearer,
  buildTestApp,
  CURRENT_DATA_DIR,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { count } from '../../test/import-checks.ts'
import { queryRows } from '../db/client.ts'
import { seedDemoIfEmpty } from './demo.ts'
import { importFolder } from './import-folder.ts'
import { catalogueStatus } from './status.ts'
import type { ImportSummary } from './write-import.ts'

describe.skipIf(!existsSync(CURRENT_DATA_DIR))(
  'an import into a site still showing the demo set',
  () => {
    let t: TestApp
    let player: TestUser
    let summary: ImportSummary

    beforeAll(async () => {
      t = await buildTestApp()
      await seedDemoIfEmpty(t.database, { info: () => {} })
      expect((await catalogueStatus(t.database.db)).demo).toBe(true)
      player = await createTestUser(t)
      await createDeck(t, player, SERA_DECK)
      const [card] = await queryRows<{ entity_id: number }>(
        t.database.db,
        sql`select entity_id from card where stub = 'gentle-word' and not is_legacy`,
      )
      const comment = await t.app.inject({
        method: 'POST',
        url: `/v2/comments/${card?.entity_id}`,
        headers: bearer(player),
        payload: { text: 'A fine demo card.' },
      })
      expect(comment.statusCode).toBe(201)
      summary = await importFolder(t.database, CURRENT_DATA_DIR)
    })
    afterAll(() => t.close())

    it('replaces the demo set rather than mixing it in', async () => {
      const db = t.database.db
      expect(await count(db, 'card')).toBe(526)
      expect(
        await count(
          db,
          `release where stub in ('ashen-dawn', 'the-clockwork-tide', 'the-elder-hearth')`,
        ),
      ).toBe(0)
      expect(await count(db, 'deck')).toBe(60)
      expect(await count(db, 'comment')).toBe(0)
      expect((await catalogueStatus(db)).demo).toBe(false)
    })

    it("says what went, and keeps players' accounts but not the demo player", async () => {
      expect(summary.demoRemoved).toEqual({
        releases: 3,
        cards: 75,
        decks: 15,
        playerDecks: 1,
        comments: 1,
      })
      const db = t.database.db
      expect(await count(db, `"user" where badge = '${player.badge}'`)).toBe(1)
      expect(await count(db, `"user" where badge = '1demo'`)).toBe(0)
    })

    it('removes nothing once the catalogue is real', async () => {
      const again = await importFolder(t.database, CURRENT_DATA_DIR)
      expect(again.demoRemoved).toBeNull()
      expect(await count(t.database.db, 'deck')).toBe(60)
    })
  },
)
