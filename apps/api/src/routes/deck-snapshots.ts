import { SORT_ORDERS } from '@spellboard/core/cards'
import {
  deckSaveOutSchema,
  snapshotCreatedSchema,
  snapshotCreateSchema,
  snapshotEditSchema,
} from '@spellboard/core/decks'
import { LIMITS } from '@spellboard/core/limits'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { paginate } from '../lib/pagination.ts'
import { pagingQuery, pathInt, qBool, qEnum } from '../lib/params.ts'
import { requireUser } from '../plugins/auth.ts'
import { getCatalogue } from '../services/cards/catalogue.ts'
import { createSnapshot, editSnapshot, listSnapshots } from '../services/decks/snapshots.ts'
import { deckPage, deckParams } from './decks.ts'

const snapshotsQuery = z.object({
  show_public_only: qBool(),
  order: qEnum(SORT_ORDERS, 'desc'),
  ...pagingQuery(LIMITS.deckPageSize),
})

/** A deck's snapshots: taking one, editing one, and listing a deck's (API.md §7.5). */
export function deckSnapshotsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/decks/:deck_id/snapshot',
    {
      schema: {
        tags: ['decks'],
        security: [{ bearer: [] }],
        params: deckParams,
        // Every key has a default, so the body itself may be left out.
        body: snapshotCreateSchema.nullish(),
        response: { 201: snapshotCreatedSchema },
      },
      preValidation: deps.auth.user,
    },
    async (request, reply) => {
      const body = request.body ?? snapshotCreateSchema.parse({})
      const snapshotId = await createSnapshot(
        deps.db,
        requireUser(request),
        request.params.deck_id,
        body,
        deps.now(),
      )
      return reply
        .code(201)
        .send({ detail: 'Snapshot successfully created!', snapshot_id: snapshotId })
    },
  )

  app.patch(
    '/decks/snapshots/:snapshot_id',
    {
      schema: {
        tags: ['decks'],
        security: [{ bearer: [] }],
        params: z.object({ snapshot_id: pathInt }),
        body: snapshotEditSchema,
        response: { 200: deckSaveOutSchema },
      },
      preValidation: deps.auth.user,
    },
    (request) =>
      editSnapshot(
        deps.db,
        requireUser(request),
        request.params.snapshot_id,
        request.body,
        deps.now(),
      ),
  )

  app.get(
    '/decks/:deck_id/snapshots',
    {
      schema: {
        tags: ['decks'],
        params: deckParams,
        querystring: snapshotsQuery,
        response: { 200: deckPage },
      },
      preValidation: deps.auth.optional,
    },
    async (request) => {
      const { show_public_only, order, limit, offset } = request.query
      const catalogue = await getCatalogue(deps.db)
      const page = await listSnapshots(deps.db, catalogue, request.user, request.params.deck_id, {
        showPublicOnly: show_public_only,
        order,
        limit,
        offset,
      })
      return paginate(request, deps.config.linkBaseUrl, { ...page, limit, offset })
    },
  )
}
