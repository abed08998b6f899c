import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type pg from 'pg'
import type { Database } from '../db/client.ts'
import { LISTENER_NAME, RETRY_MS } from '../db/notices.ts'

/**
 * Changes that every API process must see at once, not after its caches' lifetime, are
 * announced through the database (PostgreSQL's NOTIFY, which PGlite has too). Triggers on the
 * tables announce every write themselves (migration 0003_change_notices), once per statement,
 * so no writer can forget. A writer outside the API (the command line, an import) announces
 * with NOTIFY, delivered when its transaction commits. The API's own connections on PostgreSQL
 * are told instead (migration 0009): the process handles the changes as the transaction ends
 * (committed or rolled back; a rollback only drops answers that were still right) and tells
 * the other processes in batches, so its writes do not commit one at a time under the notify
 * lock. Should a process die between a commit and its batch, the others keep what that write
 * changed until the next change of the same thing; a deck's version (If-Match) still refuses a
 * save made from a stale copy.
 */
const CHANNEL = 'spellboard_changes'

/**
 * `players`: accounts, sessions, revoked tokens, owned releases. `decks`: decks, their cards,
 * dice and First Five, as anyone may see them (publishing, snapshots, deletes, imports).
 * `saved`: working decks only, as a builder save changes them, naming their players ('saved:7').
 * `usage`: which working decks use a card or Phoenixborn, naming the cards ('usage:31,40').
 * `catalogue`: cards and releases. `subscriptions`: comment markers. Migrations 0003 and 0007
 * hold the triggers that say which; 0013 has the decks' as they are now.
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

/** Asks every process to answer once it has handled the notices before; the answers. */
const ASK_PREFIX = 'ask:'
const ANSWER_PREFIX = 'answer:'
const SETTLE_TIMEOUT_MS = 2000
/** A batch of one process's changes: `from:<process>` and a line per change. */
const FROM_PREFIX = 'from:'
/** A notice's payload must stay under 8,000 bytes; ids are ASCII. */
const BATCH_CHARS = 7000

export type ChangeNotices = {
  /** Runs `handler` on each notice of `topic`, and whenever notices may have been missed. */
  on: (topic: ChangeTopic, handler: NoticeHandler) => void
  /** False while the listening connection is lost: caches must not answer then. */
  live: () => boolean
  /**
   * Resolves once every process listening on the database has handled every notice committed
   * before the call (each answers a question sent after them), or after SETTLE_TIMEOUT_MS. For
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
  const answers = new Map<string, () => void>()
  const self = randomUUID()
  let playersSeen = 0
  let live = true
  const notify = (payload: string) =>
    database.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
  const runAll = () => {
    for (const list of handlers.values()) for (const handler of list) handler()
  }
  const handle = (payload: string) => {
    const { topic, ids } = parseNotice(payload)
    if (topic === 'players') playersSeen += 1
    for (const handler of handlers.get(topic) ?? []) handler(ids)
  }
  const stop = await database.listen(CHANNEL, {
    onNotice: (payload) => {
      if (payload.startsWith(FROM_PREFIX)) {
        const [from, ...changes] = payload.split('\n')
        // This process handled its own changes as its transactions ended.
        if (from !== `${FROM_PREFIX}${self}`) for (const change of changes) handle(change)
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
      handle(payload)
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
  // On PostgreSQL this process's own writes are told to it, not announced (migration 0009): it
  // forgets what they changed before the statement that committed them resolves, so before any
  // answer that follows them leaves, and tells the other processes in batches. On PGlite, which
  // serves this process alone, the triggers NOTIFY, and PGlite hands each notice to the listener
  // before the statement that committed it resolves: the same promise.
  const { pool, onOwnChanges } = database
  const told = pool && onOwnChanges ? tellOthers(pool, self, log) : null
  if (told) {
    onOwnChanges?.((payloads) => {
      const changes = new Set(payloads)
      for (const change of changes) handle(change)
      told.add(changes)
    })
  }
  return {
    on: (topic, handler) => handlers.set(topic, [...(handlers.get(topic) ?? []), handler]),
    live: () => live,
    settle: async () => {
      // The embedded database serves one process: its own changes are handled already.
      if (!live || database.kind !== 'postgres') return
      // The other processes must have been told of this process's changes before the question.
      await told?.flush()
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
        }, SETTLE_TIMEOUT_MS)
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
    close: async () => {
      await told?.flush()
      await stop()
    },
  }
}

type Teller = {
  add: (changes: Iterable<string>) => void
  /** Resolves once every change added before the call has been sent (or given up). */
  flush: () => Promise<void>
}

/**
 * Sends this process's changes to the others, one statement at a time: the changes of the
 * writes that end while one is on its way go together in the next (one commit, under
 * PostgreSQL's notify lock, for a burst of writes instead of one each).
 */
function tellOthers(pool: pg.Pool, self: string, log: FastifyBaseLogger): Teller {
  let pending = new Set<string>()
  let running: Promise<void> | null = null
  const send = async (changes: string[]) => {
    const batches = batchPayloads(`${FROM_PREFIX}${self}`, changes)
    for (let attempt = 0; ; attempt += 1) {
      try {
        await pool.query('select pg_notify($1, payload) from unnest($2::text[]) payload', [
          CHANNEL,
          batches,
        ])
        return
      } catch (error) {
        // Tried again after each of the waits, then given up.
        const wait = RETRY_MS[attempt]
        if (wait === undefined) {
          // The database has been out of reach for seconds: the other processes lost their
          // listening connections too, and forget everything as they reconnect.
          log.warn(
            { reason: (error as Error).message, changes: changes.length },
            'changes not told to other processes',
          )
          return
        }
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  }
  const run = async () => {
    while (pending.size > 0) {
      const changes = [...pending]
      pending = new Set()
      await send(changes)
    }
    running = null
  }
  return {
    add: (changes) => {
      for (const change of changes) pending.add(change)
      running ??= run()
    },
    flush: async () => {
      while (running) await running
    },
  }
}

/** Payloads of `header` and a line per change, each under BATCH_CHARS. */
export function batchPayloads(header: string, changes: readonly string[]): string[] {
  const batches: string[] = []
  let current = header
  for (const change of changes) {
    if (current !== header && current.length + 1 + change.length > BATCH_CHARS) {
      batches.push(current)
      current = header
    }
    current = `${current}\n${change}`
  }
  if (current !== header) batches.push(current)
  return batches
}
