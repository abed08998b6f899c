import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Queryable } from '../db/client.ts'

/**
 * Changes that every API process must see at once, not after its caches' lifetime, are
 * announced through the database (PostgreSQL's NOTIFY, which PGlite has too). A notice sent
 * inside a transaction is delivered when it commits, and never when it rolls back.
 */
const CHANNEL = 'spellboard_changes'

/** `public-decks`: a deck left public view (deleted, unpublished) or arrived (imported). */
export type ChangeTopic = 'public-decks'

export async function announceChange(db: Queryable, topic: ChangeTopic): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`)
}

export type ChangeNotices = {
  /** Runs `handler` on each notice of `topic`, and after a lost connection (notices missed). */
  on: (topic: ChangeTopic, handler: () => void) => void
  close: () => Promise<void>
}

export async function listenForChanges(
  database: Database,
  log: FastifyBaseLogger,
): Promise<ChangeNotices> {
  const handlers = new Map<string, (() => void)[]>()
  const run = (topic: string) => {
    for (const handler of handlers.get(topic) ?? []) handler()
  }
  const stop = await database.listen(CHANNEL, {
    onNotice: run,
    onReconnect: () => {
      for (const topic of handlers.keys()) run(topic)
    },
    onError: (error) => log.warn({ reason: error.message }, 'change notices interrupted'),
  })
  return {
    on: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
    close: stop,
  }
}
