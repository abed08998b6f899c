import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type RequestWrites, trackWrites } from '../lib/request-writes.ts'
import type { ChangeNotices } from '../services/change-notices.ts'

type Tracked = RequestWrites & { playersBefore: number }

/**
 * A process has forgotten what its own writes changed before the statement that committed them
 * resolves (change-notices.ts), so a caller who reads right after an acknowledged write, here,
 * never gets an answer kept from before it. Other processes forget theirs as the notices reach
 * them, except after a change to accounts or sessions (log-out, password, ban…): then the
 * answer to the request that wrote it (any method; a request is known to have written by the
 * statements it ran, request-writes.ts) waits until every process has.
 */
export function registerWriteSync(app: FastifyInstance, notices: ChangeNotices) {
  const tracked = new WeakMap<FastifyRequest, Tracked>()
  app.addHook('onRequest', (request, _reply, done) => {
    const state: Tracked = { wrote: false, playersBefore: notices.playersSeen() }
    tracked.set(request, state)
    trackWrites(state, done)
  })
  app.addHook('onSend', (request, _reply, payload, done) => {
    const state = tracked.get(request)
    // Reads pass straight through (no promise per request).
    if (!state?.wrote || notices.playersSeen() === state.playersBefore) return done(null, payload)
    notices.settle().then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.warn({ reason: (error as Error).message }, 'change notices not synced')
        done(null, payload)
      },
    )
  })
}
