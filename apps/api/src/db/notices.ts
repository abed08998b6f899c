import type { EventEmitter } from 'node:events'
import pg from 'pg'

/**
 * The database's side of change notices (services/change-notices.ts): a connection of its own
 * that LISTENs, and the pool's connections told of their own transactions' changes.
 */

export type NoticeHandlers = {
  onNotice: (payload: string) => void
  onReconnect: () => void
  /** The connection was lost: until `onReconnect`, notices may be missed. */
  onLost?: () => void
  onError?: (error: Error) => void
}

/**
 * The pool's connections ask the change triggers to tell them, not NOTIFY (migration 0009), and
 * hear notices whatever the database's default says.
 */
export const TOLD_CHANGES = '-c spellboard.announce=writer -c client_min_messages=notice'
/** The SQLSTATE of a change told to the writer's connection (migration 0009). */
const CHANGE_NOTICE_CODE = 'SBCHG'

/**
 * Holds the changes a connection is told of until its transaction ends (the server is ready
 * for a query outside any transaction), then hands them over, committed or rolled back: a
 * change that was undone only drops answers that were still right. A connection lost with
 * changes held hands them over too (its commit may have happened).
 */
export function collectChanges(client: pg.PoolClient, handOver: (payloads: string[]) => void) {
  let held: string[] = []
  const release = () => {
    if (held.length === 0) return
    const payloads = held
    held = []
    handOver(payloads)
  }
  client.on('notice', (notice) => {
    if (notice.code === CHANGE_NOTICE_CODE && notice.message) held.push(notice.message)
  })
  // The client's own handler of this message ran first (it was attached at connect): the query
  // that ended the transaction has its result, and whoever awaits it resumes after this.
  const connection = (client as unknown as { connection: EventEmitter }).connection
  connection.on('readyForQuery', (message: { status?: string }) => {
    if (message.status === 'I') release()
  })
  client.on('error', release)
  client.on('end', release)
}

/** Waits between tries to reach the database again, sooner at first. */
export const RETRY_MS = [250, 1000, 5000]

/** The application name of every process's listening connection. */
export const LISTENER_NAME = 'spellboard-notices'

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost
 * connection is replaced, sooner at first, then every few seconds, until `stop`.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: NoticeHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let failures = 0
  let timer: NodeJS.Timeout | undefined

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString,
      options: '-c TimeZone=UTC',
      // Writers count the processes listening by this name (change-notices.ts `settle`).
      application_name: LISTENER_NAME,
    })
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotice(message.payload ?? '')
    })
    next.on('error', (error) => {
      handlers.onError?.(error)
      retry(next)
    })
    next.on('end', () => retry(next))
    client = next
    await next.connect()
    await next.query(`listen ${next.escapeIdentifier(channel)}`)
    failures = 0
  }

  function retry(lost: pg.Client) {
    if (stopped || client !== lost || timer) return
    client = undefined
    handlers.onLost?.()
    lost.end().catch(() => {})
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 5000
    failures += 1
    timer = setTimeout(() => {
      timer = undefined
      connect()
        .then(() => handlers.onReconnect())
        .catch((error: Error) => {
          handlers.onError?.(error)
          if (client) retry(client)
        })
    }, delay)
    timer.unref()
  }

  try {
    await connect()
  } catch (error) {
    stopped = true
    await client?.end().catch(() => {})
    throw error
  }
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await client?.end().catch(() => {})
  }
}
