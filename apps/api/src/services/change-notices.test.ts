import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import { batchPayloads, type ChangeNotices, listenForChanges } from './change-notices.ts'

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

describe('change notices: a write and its notices', () => {
  let owned: TestDatabase
  let notices: ChangeNotices
  const payloads: string[] = []
  let stopCounting: () => Promise<void>

  beforeAll(async () => {
    owned = await createTestDatabase()
    notices = await listenForChanges(owned.database, quiet)
    stopCounting = await countingListener(owned.database, (payload) => payloads.push(payload))
  })
  /** What the counting listener saw since the last call, once it caught up. */
  const noticesSeen = async () => {
    const marker = `marker:${Math.random()}`
    await owned.database.db.execute(sql`select pg_notify('spellboard_changes', ${marker})`)
    while (!payloads.includes(marker)) await new Promise((resolve) => setTimeout(resolve, 5))
    return payloads.splice(0).filter((payload) => payload !== marker)
  }
  afterAll(async () => {
    await stopCounting()
    await notices.close()
    await owned.drop()
  })

  it('has handled a write before the statement that committed it resolves', async () => {
    let handled = 0
    notices.on('catalogue', () => {
      handled += 1
    })
    await owned.database.db.execute(sql`update release set name = name where false`)
    expect(handled).toBe(1)
  })

  it('handles the changes of a transaction once it has ended, not before', async () => {
    let handled = 0
    notices.on('subscriptions', () => {
      handled += 1
    })
    await owned.database.db.transaction(async (tx) => {
      await tx.execute(sql`update subscription set last_seen_entity_id = null where false`)
      await tx.execute(sql`select 1`)
      expect(handled).toBe(0)
    })
    expect(handled).toBe(1)
  })

  // PostgreSQL: the API's connections are told of their changes, and the process tells others.
  const onPostgres = it.skipIf(!process.env.DATABASE_URL)

  onPostgres(
    'tells the other processes in batches, and its own batch changes nothing here',
    async () => {
      const other = await owned.connectAgain?.()
      if (!other) throw new Error('no second connection')
      const otherNotices = await listenForChanges(other, quiet)
      try {
        await noticesSeen()
        let here = 0
        let there = 0
        notices.on('players', () => {
          here += 1
        })
        otherNotices.on('players', () => {
          there += 1
        })
        await Promise.all(
          Array.from({ length: 12 }, () =>
            owned.database.db.execute(sql`update "user" set badge = badge where false`),
          ),
        )
        expect(here).toBe(12)
        // Every batch sent, and handled by the other process before it answered.
        await notices.settle()
        const seen = await noticesSeen()
        // No write announced itself: every change came in a batch, fewer batches than writes.
        expect(seen.filter((payload) => payload === 'players')).toEqual([])
        const batches = seen.filter((payload) => payload.startsWith('from:'))
        expect(batches.length).toBeGreaterThan(0)
        expect(batches.length).toBeLessThan(12)
        expect(batches.every((batch) => batch.split('\n').slice(1).join() === 'players')).toBe(true)
        expect(there).toBe(batches.length)
        expect(here).toBe(12)
      } finally {
        await otherNotices.close()
        await other.close()
      }
    },
  )

  onPostgres('hears a writer outside the API, which announces with NOTIFY', async () => {
    const connectionString = owned.database.pool?.options.connectionString
    let handled = 0
    notices.on('catalogue', () => {
      handled += 1
    })
    await noticesSeen()
    const outsider = new pg.Client({ connectionString })
    await outsider.connect()
    try {
      await outsider.query('update release set name = name where false')
    } finally {
      await outsider.end()
    }
    expect(await noticesSeen()).toEqual(['catalogue'])
    expect(handled).toBe(1)
  })
})

/**
 * Records every payload on the channel. On PostgreSQL a plain connection, not named as an API
 * process's listener: it neither counts as a process that must be told nor answers questions.
 */
async function countingListener(
  database: TestDatabase['database'],
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  const connectionString = database.pool?.options.connectionString
  if (!connectionString) {
    return database.listen('spellboard_changes', { onNotice: onPayload, onReconnect: () => {} })
  }
  const client = new pg.Client({ connectionString })
  client.on('notification', (message) => onPayload(message.payload ?? ''))
  await client.connect()
  await client.query('listen spellboard_changes')
  return () => client.end()
}

describe('change notices: batches', () => {
  it('keeps every payload under the limit and every change whole', () => {
    const changes = Array.from({ length: 40 }, (_, index) => `saved:${'9'.repeat(500)}${index}`)
    const batches = batchPayloads('from:x', changes)
    expect(batches.length).toBeGreaterThan(1)
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(7000)
      expect(batch.startsWith('from:x\n')).toBe(true)
    }
    expect(batches.flatMap((batch) => batch.split('\n').slice(1))).toEqual(changes)
    expect(batchPayloads('from:x', [])).toEqual([])
  })
})
