import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { type Database, LISTENER_NAME } from '../db/client.ts'

/**
 * Changes that every API process must see at once, not after its caches' lifetime, are
 * announced through the database (PostgreSQL's NOTIFY, which PGlite has too). Triggers on the
 * tables announce every write themselves (migration 0003_change_notices), once per statement,
 * delivered when the transaction commits and never when it rolls back.
 */
const CHANNEL = 'spellboard_changes'

/**
 * `players`: accounts, sessions, revoked tokens, owned releases. `decks`: decks, their cards,
 * dice and First Five, as anyone may see them (publishing, snapshots, deletes, imports).
 * `saved`: working decks only, as a builder save changes them, naming their players ('saved:7').
 * `usage`: which working decks use a card or Phoenixborn, naming the cards ('usage:31,40').
 * `catalogue`: cards and releases. `subscriptions`: comment markers. Migrations 0003 and 0007
 * hold the triggers that say which.
 */
export const CHANGE_TOPICS = [
  'players',
  'decks',
  'saved',
  'usage',
  'catalogue',
  'subscriptions',
] as const
export type ChangeTopic = (typeof CHANGE_TOPICS)[number]

/**
 * A notice's handler: `ids` are what it names (players, cards), or undefined when it names
 * nothing or notices may have been missed, which means "anything may have changed".
 */
export type NoticeHandler = (ids?: ReadonlySet<number>) => void

/** `topic` or `topic:1,2,3` → the topic and the ids it names. */
function parseNotice(payload: string): { topic: string; ids?: ReadonlySet<number> } {
  const at = payload.indexOf(':')
  if (at < 0) return { topic: payload }
  const ids = payload
    .slice(at + 1)
    .split(',')
    .map(Number)
  return { topic: payload.slice(0, at), ids: new Set(ids.filter(Number.isSafeInteger)) }
}

const SYNC_PREFIX = 'sync:'
const SYNC_TIMEOUT_MS = 2000
/** Asks every process to answer once it has handled the notices before; the answers. */
const ASK_PREFIX = 'ask:'
const ANSWER_PREFIX = 'answer:'

export type ChangeNotices = {
  /** Runs `handler` on each notice of `topic`, and whenever notices may have been missed. */
  on: (topic: ChangeTopic, handler: NoticeHandler) => void
  /** False while the listening connection is lost: caches must not answer then. */
  live: () => boolean
  /**
   * Resolves once every notice committed before the call has been handled here. Notices arrive
   * in commit order, so this sends one of its own and waits for it: after a write, this
   * process's caches have forgotten what the write changed before its answer leaves.
   */
  sync: () => Promise<void>
  /**
   * Resolves once every process listening on the database has handled every notice committed
   * before the call (each answers a question sent after them), or after SYNC_TIMEOUT_MS. For
   * writes that end sessions: the next request, to any process, is refused.
   */
  settle: () => Promise<void>
  /** Grows with each `players` notice handled here. */
  playersSeen: () => number
  close: () => Promise<void>
}

export async function listenForChanges(
  database: Database,
  log: FastifyBaseLogger,
): Promise<ChangeNotices> {
  const handlers = new Map<string, NoticeHandler[]>()
  const waiting = new Map<string, () => void>()
  const answers = new Map<string, () => void>()
  let playersSeen = 0
  let live = true
  const notify = (payload: string) =>
    database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
  const runAll = () => {
    for (const list of handlers.values()) for (const handler of list) handler()
  }
  const stop = await database.listen(CHANNEL, {
    onNotice: (payload) => {
      if (payload.startsWith(SYNC_PREFIX)) {
        waiting.get(payload)?.()
        return
      }
      if (payload.startsWith(ASK_PREFIX)) {
        // Handlers run synchronously: every notice before the question has been handled.
        notify(`${ANSWER_PREFIX}${payload.slice(ASK_PREFIX.length)}`).catch(() => {})
        return
      }
      if (payload.startsWith(ANSWER_PREFIX)) {
        answers.get(payload.slice(ANSWER_PREFIX.length))?.()
        return
      }
      const { topic, ids } = parseNotice(payload)
      if (topic === 'players') playersSeen += 1
      for (const handler of handlers.get(topic) ?? []) handler(ids)
    },
    onLost: () => {
      live = false
      runAll()
    },
    onReconnect: () => {
      live = true
      runAll()
    },
    onError: (error) => log.warn({ reason: error.message }, 'change notices interrupted'),
  })
  /** Sends one sync notice and waits for it; `sent` runs once the database has answered. */
  const syncOnce = async (sent: () => void) => {
    const payload = `${SYNC_PREFIX}${randomUUID()}`
    let timer: NodeJS.Timeout | undefined
    const arrived = new Promise<void>((resolve) => {
      waiting.set(payload, resolve)
      // A notice that never comes (connection lost meanwhile) does not hold the answer.
      timer = setTimeout(() => {
        log.warn('change notices: own notice not seen in time; caches cleared')
        runAll()
        resolve()
      }, SYNC_TIMEOUT_MS)
    })
    try {
      await notify(payload).finally(sent)
      await arrived
    } finally {
      clearTimeout(timer)
      waiting.delete(payload)
    }
  }
  // One sync notice at a time: writes that ask while one is being sent share the next, sent
  // once the first is in, so after every one of them committed (one notice for a burst of
  // writes, not one each).
  let queued: { promise: Promise<void>; send: () => void } | null = null
  let sending = false
  const sent = () => {
    const batch = queued
    queued = null
    if (batch) batch.send()
    else sending = false
  }
  const sync = (): Promise<void> => {
    // The embedded database runs in this process on one connection, and hands each notice to
    // its listeners (queued microtasks) while it reads the answer to the statement that
    // committed it: a write that has been answered has had its notices queued already, so they
    // are handled before anything awaiting this resolves. A notice of its own would only wait
    // behind every statement queued meanwhile (other players' saves) for nothing.
    if (!live || database.kind === 'pglite') return Promise.resolve()
    if (!sending) {
      sending = true
      return syncOnce(sent)
    }
    if (!queued) {
      let send = () => {}
      const ready = new Promise<void>((resolve) => {
        send = resolve
      })
      queued = { promise: ready.then(() => syncOnce(sent)), send }
    }
    return queued.promise
  }
  return {
    on: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
    live: () => live,
    sync,
    settle: async () => {
      // The embedded database serves one process: `sync` is enough there.
      if (!live || database.kind !== 'postgres') return
      const [row] = (
        (await database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and application_name = ${LISTENER_NAME}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows
      const id = randomUUID()
      let left = row?.n ?? 1
      let timer: NodeJS.Timeout | undefined
      const answered = new Promise<void>((resolve) => {
        answers.set(id, () => {
          left -= 1
          if (left <= 0) resolve()
        })
        timer = setTimeout(() => {
          log.warn('change notices: not every process answered in time')
          resolve()
        }, SYNC_TIMEOUT_MS)
      })
      try {
        await notify(`${ASK_PREFIX}${id}`)
        await answered
      } finally {
        clearTimeout(timer)
        answers.delete(id)
      }
    },
    playersSeen: () => playersSeen,
    close: stop,
  }
}
