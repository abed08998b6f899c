import type { FastifyInstance } from 'fastify'
import { ping } from '../db/client.ts'
import type { AppDeps } from '../deps.ts'

export function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/health-check', { schema: { hide: true } }, async (request, reply) => {
    try {
      await ping(deps.db)
      return { status: 'okay', services: { database: 'okay' } }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      return reply.code(503).send({ status: 'error', services: { database: 'error' } })
    }
  })
}
