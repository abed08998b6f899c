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
  app.addHook('onSend', (request, _reply, payload, done) => {
    // Reads pass straight through (no promise per request).
    if (!isWrite(request)) return done(null, payload)
    notices.sync().then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.warn({ reason: (error as Error).message }, 'change notices not synced')
        done(null, payload)
      },
    )
  })
}
