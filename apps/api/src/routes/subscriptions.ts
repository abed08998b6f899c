import { subscriptionMarkerSchema } from '@spellboard/core/comments'
import { detailSchema } from '@spellboard/core/users'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { pathInt } from '../lib/params.ts'
import { requireUser } from '../plugins/auth.ts'
import { advanceMarker, subscribe, unsubscribe } from '../services/subscriptions.ts'

const threadParams = z.object({ entity_id: pathInt })

/**
 * Subscriptions to comment threads (API.md §7.7). Authentication runs before validation, so an
 * anonymous or stale caller hears 401 whatever else is wrong with the request.
 */
export function subscriptionsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const common = { tags: ['subscriptions'], security: [{ bearer: [] }], params: threadParams }

  app.post(
    '/subscription/:entity_id',
    {
      schema: { ...common, response: { 201: subscriptionMarkerSchema } },
      preValidation: deps.auth.user,
    },
    async (request, reply) => {
      const user = requireUser(request)
      const result = await subscribe(deps.db, user.id, request.params.entity_id)
      return reply.code(201).send({ last_seen_entity_id: result.lastSeenEntityId })
    },
  )

  app.delete(
    '/subscription/:entity_id',
    { schema: common, preValidation: deps.auth.user },
    async (request, reply) => {
      const user = requireUser(request)
      await unsubscribe(deps.db, user.id, request.params.entity_id)
      return reply.code(204).send()
    },
  )

  app.patch(
    '/subscription/:entity_id',
    {
      schema: { ...common, body: subscriptionMarkerSchema, response: { 200: detailSchema } },
      preValidation: deps.auth.user,
    },
    async (request) => {
      const user = requireUser(request)
      await advanceMarker(
        deps.db,
        user.id,
        request.params.entity_id,
        request.body.last_seen_entity_id,
      )
      return { detail: 'Subscription updated!' }
    },
  )
}
