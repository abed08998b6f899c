import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../deps.ts'
import { pingDatabase } from '../services/health.ts'

export function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/health-check', { schema: { hide: true } }, async (request, reply) => {
    try {
      await pingDatabase(deps.db)
      return { status: 'okay', services: { database: 'okay' } }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable')
      return reply.code(503).send({ status: 'error', services: { database: 'error' } })
    }
  })
}
