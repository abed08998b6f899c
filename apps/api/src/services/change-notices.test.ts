import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import { type ChangeNotices, listenForChanges } from './change-notices.ts'

const ignore = () => {}
const quiet = {
  level: 'silent',
  fatal: ignore,
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  child: () => quiet,
} as unknown as FastifyBaseLogger

describe('change notices: sync after a write', () => {
  let owned: TestDatabase
  let notices: ChangeNotices
  const payloads: string[] = []
  let stopCounting: () => Promise<void>

  beforeAll(async () => {
    owned = await createTestDatabase()
    notices = await listenForChanges(owned.database, quiet)
    stopCounting = await owned.database.listen('spellboard_changes', {
      onNotice: (payload) => payloads.push(payload),
      onReconnect: () => {},
    })
  })
  /** The sync notices the counting listener saw since the last call, once it caught up. */
  const syncNoticesSeen = async () => {
    const marker = `marker:${Math.random()}`
    await owned.database.db.execute(sql`select pg_notify('spellboard_changes', ${marker})`)
    while (!payloads.includes(marker)) await new Promise((resolve) => setTimeout(resolve, 5))
    const seen = payloads.splice(0).filter((payload) => payload.startsWith('sync:'))
    return seen.length
  }
  afterAll(async () => {
    await stopCounting()
    await notices.close()
    await owned.drop()
  })

  it('has handled a write committed before it asked, whoever asks with it', async () => {
    let handled = 0
    notices.on('catalogue', () => {
      handled += 1
    })
    await owned.database.db.execute(sql`update release set name = name where false`)
    await notices.sync()
    expect(handled).toBe(1)
  })

  it('sends no notice of its own on the embedded database', async () => {
    if (owned.database.kind !== 'pglite') return
    await syncNoticesSeen()
    let handled = 0
    notices.on('players', () => {
      handled += 1
    })
    await owned.database.db.execute(sql`update "user" set badge = badge where false`)
    await Promise.all(Array.from({ length: 12 }, () => notices.sync()))
    expect(handled).toBe(1)
    expect(await syncNoticesSeen()).toBe(0)
  })

  // PostgreSQL delivers notices on a connection of its own: a sync waits for one it sent.
  const onPostgres = it.skipIf(!process.env.DATABASE_URL)

  onPostgres('sends one notice for writes that ask together, not one each', async () => {
    await syncNoticesSeen()
    await Promise.all(Array.from({ length: 12 }, () => notices.sync()))
    // The first is sent at once; the others share the next.
    expect(await syncNoticesSeen()).toBe(2)
  })

  onPostgres(
    'answers a write that asks while a notice is on its way only after a notice sent later',
    async () => {
      await syncNoticesSeen()
      const first = notices.sync()
      let handled = 0
      notices.on('subscriptions', () => {
        handled += 1
      })
      // Committed after the first notice was asked for: only a later notice proves it arrived.
      await owned.database.db.execute(
        sql`update subscription set last_seen_entity_id = null where false`,
      )
      await notices.sync()
      expect(handled).toBe(1)
      await first
      expect(await syncNoticesSeen()).toBe(2)
    },
  )
})
