import type { FastifyInstance } from 'fastify'
import type { Database } from './db/client.ts'

/**
 * How long a stop may take. `docker stop` and most supervisors send SIGKILL 10 s after SIGTERM:
 * requests in flight get 8 s to finish before their connections are cut, and whatever still
 * hangs then (a database that no longer answers) ends the process at 9.5 s.
 */
export const STOP_LIMITS = { drainMs: 8_000, exitMs: 9_500 }

export type Shutdown = {
  /** The server is listening: from now on a signal stops it (one that came while starting, now). */
  ready: (app: FastifyInstance, database: Database) => Promise<void>
}

/**
 * SIGTERM or SIGINT (a supervisor, `docker stop`, Ctrl-C) stops the server gracefully: no new
 * connections, requests in flight (a deck save among them) finish and are answered, then the
 * database closes (PGlite writes its shutdown checkpoint and releases the data folder's lock;
 * the PostgreSQL pool ends its connections) and the process exits 0. A repeated signal changes
 * nothing: a signal to the process group reaches the server twice, once more through npm.
 */
export function stopOnSignals(limits = STOP_LIMITS): Shutdown {
  let signal: NodeJS.Signals | undefined
  let running: { app: FastifyInstance; database: Database } | undefined
  let stopping = false

  const stop = async () => {
    if (stopping || !running) return
    stopping = true
    const { app, database } = running
    app.log.info({ signal }, 'stopping: finishing the requests in flight')
    const cut = setTimeout(() => {
      app.log.warn(`requests still running ${limits.drainMs} ms after ${signal}: closing them`)
      app.server.closeAllConnections()
    }, limits.drainMs)
    try {
      await app.close()
      await database.close()
      app.log.info('stopped')
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'could not stop cleanly')
      process.exit(1)
    } finally {
      clearTimeout(cut)
    }
  }

  const onSignal = (received: NodeJS.Signals) => {
    if (signal) return
    signal = received
    setTimeout(() => {
      console.error(`not stopped ${limits.exitMs} ms after ${received}: exiting anyway`)
      process.exit(1)
    }, limits.exitMs).unref()
    void stop()
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)

  return {
    ready: async (app, database) => {
      running = { app, database }
      if (signal) await stop()
    },
  }
}
