import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ChangeNotices } from '../services/change-notices.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that writes (the deck import): answered only once caches forgot what it changed. */
    writes?: boolean
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const isWrite = (request: FastifyRequest) =>
  !READ_METHODS.has(request.method) || request.routeOptions.config?.writes === true

/**
 * Before a write's answer leaves, this process has handled every change notice its write sent
 * (change-notices.ts `sync`): a caller who reads right after an acknowledged write, here, never
 * gets an answer kept from before it. Other processes forget theirs as the notices reach them.
 */
export function registerWriteSync(app: FastifyInstance, notices: ChangeNotices) {
  const playersBefore = new WeakMap<FastifyRequest, number>()
  app.addHook('onRequest', (request, _reply, done) => {
    if (isWrite(request)) playersBefore.set(request, notices.playersSeen())
    done()
  })
  app.addHook('onSend', (request, _reply, payload, done) => {
    // Reads pass straight through (no promise per request).
    if (!isWrite(request)) return done(null, payload)
    const settle = async () => {
      await notices.sync()
      // Accounts or sessions changed meanwhile (log-out, password, ban…): every process must
      // have forgotten the old session before this answer leaves.
      if (notices.playersSeen() !== playersBefore.get(request)) await notices.settle()
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
