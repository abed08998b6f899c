import { deckExportPageSchema, deckImportResultSchema } from '@spellboard/core/decks'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { qString, qUuid4, uuid4 } from '../lib/params.ts'
import { requireUser } from '../plugins/auth.ts'
import { exportDecks, markExported } from '../services/decks/export.ts'
import { importDecks } from '../services/decks/import.ts'
import { importSourceOrigin } from '../services/decks/import-source.ts'
import { createRateLimiter, enforceRateLimit } from '../services/rate-limit.ts'

const ISO_DATETIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i

function isDateTime(text: string): boolean {
  return ISO_DATETIME.test(text.trim()) && !Number.isNaN(Date.parse(text.trim()))
}

const DATETIME_MESSAGE = 'Input should be a valid datetime'
const dateTime = z
  .string()
  .refine(isDateTime, { message: DATETIME_MESSAGE, params: { type: 'datetime_parsing' } })

/** An ISO-8601 date-time in the query; a time without a zone is read as UTC. */
function qDateTime() {
  return qString().refine((value) => value === undefined || isDateTime(value), {
    message: DATETIME_MESSAGE,
    params: { type: 'datetime_parsing' },
  })
}

const tokenParams = z.object({ export_token: uuid4 })
const exportQuery = z.object({ from_date: qDateTime(), deck_share_uuid: qUuid4() })
const importQuery = exportQuery.extend({ from_api: qString() })

/**
 * Moving a player's decks between sites (API.md §7.9). The exporting side answers only callers
 * without a log-in (the other site's server), and only when ALLOW_EXPORTS is on.
 */
export function deckExportsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const limiter = createRateLimiter(deps.db, {
    windowSeconds: deps.config.rateLimits.windowSeconds,
    now: deps.now,
  })

  app.get(
    '/decks/export/:export_token',
    {
      schema: {
        tags: ['decks'],
        params: tokenParams,
        querystring: exportQuery,
        response: { 200: deckExportPageSchema },
      },
      preValidation: deps.auth.anonymousOnly,
    },
    (request) =>
      exportDecks(deps.db, request.params.export_token, deps.config.allowExports, {
        fromDate: request.query.from_date,
        deckShareUuid: request.query.deck_share_uuid,
      }),
  )

  app.post(
    '/decks/export/:export_token',
    {
      schema: { tags: ['decks'], params: tokenParams, body: z.array(dateTime) },
      preValidation: deps.auth.anonymousOnly,
    },
    async (request, reply) => {
      await markExported(
        deps.db,
        request.params.export_token,
        deps.config.allowExports,
        request.body,
      )
      return reply.code(204).send()
    },
  )

  app.get(
    '/decks/import/:export_token',
    {
      schema: {
        tags: ['decks'],
        security: [{ bearer: [] }],
        params: tokenParams,
        querystring: importQuery,
        response: { 200: deckImportResultSchema },
      },
      preValidation: deps.auth.user,
    },
    async (request) => {
      const user = requireUser(request)
      // An origin the operator did not list is refused before anything else: no call, no count.
      const origin = importSourceOrigin(
        request.query.from_api || 'api.ashes.live',
        deps.config.deckImportSources,
      )
      // Each import calls another site and writes decks: a player gets a few per window.
      await enforceRateLimit(limiter, [`import:player:${user.id}`], deps.config.rateLimits.import)
      return importDecks(deps.db, user.id, request.params.export_token, {
        fromDate: request.query.from_date,
        deckShareUuid: request.query.deck_share_uuid,
        origin,
      })
    },
  )
}
