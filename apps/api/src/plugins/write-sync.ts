import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type RequestWrites, trackWrites } from '../lib/request-writes.ts'
import type { ChangeNotices } from '../services/change-notices.ts'

type Tracked = RequestWrites & { playersBefore: number }

/**
 * Before the answer to a request that wrote leaves (any method: a GET that creates an export
 * token on its first call, the deck import), this process has handled every change notice its
 * write sent (change-notices.ts `sync`): a caller who reads right after an acknowledged write,
 * here, never gets an answer kept from before it. Other processes forget theirs as the notices
 * reach them. A request is known to have written by the statements it ran (request-writes.ts).
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
    if (!state?.wrote) return done(null, payload)
    const settle = async () => {
      await notices.sync()
      // Accounts or sessions changed meanwhile (log-out, password, ban…): every process must
      // have forgotten the old session before this answer leaves.
      if (notices.playersSeen() !== state.playersBefore) await notices.settle()
    }
    settle().then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.warn({ reason: (error as Error).message }, 'change notices not synced')
        done(null, payload)
      },
    )
  })
}
