import { collectionSchema, releaseSchema, releaseUpdateSchema } from '@spellboard/core/card-schemas'
import { collectionBoxesSchema, releaseBoxSchema } from '@spellboard/core/collection-schemas'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { qBool } from '../lib/params.ts'
import { notFound } from '../lib/refusal.ts'
import { requireUser } from '../plugins/auth.ts'
import { getCatalogue } from '../services/cards/catalogue.ts'
import { listReleases, setReleasePublic } from '../services/cards/releases.ts'
import {
  readCollection,
  releaseBoxes,
  replaceCollection,
  replaceCollectionBoxes,
} from '../services/collection/collection.ts'

const listQuery = z.object({ show_legacy: qBool(false) })
const stubParams = z.object({ stub: z.string() })
const adminRelease = z.object({
  name: z.string(),
  stub: z.string(),
  is_legacy: z.boolean(),
  is_public: z.boolean(),
})

/**
 * Releases and each player's collection (API.md §7.4), what one box of each release holds and
 * the boxes a player owns (additions), and publishing a release (§7.9).
 */
export function releasesRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const { db } = deps

  app.get(
    '/releases',
    {
      schema: {
        tags: ['releases'],
        querystring: listQuery,
        response: { 200: z.array(releaseSchema) },
      },
      preValidation: deps.auth.optional,
    },
    async (request) =>
      await listReleases(
        db,
        await getCatalogue(db),
        request.query.show_legacy,
        request.user?.id ?? null,
      ),
  )

  app.put(
    '/releases/mine',
    {
      schema: {
        tags: ['releases'],
        security: [{ bearer: [] }],
        body: collectionSchema,
        response: { 200: z.array(releaseSchema) },
      },
      preValidation: deps.auth.user,
    },
    async (request) => {
      const user = requireUser(request)
      await replaceCollection(db, await getCatalogue(db), user.id, request.body)
      return await listReleases(db, await getCatalogue(db), false, user.id)
    },
  )

  app.get(
    '/releases/boxes',
    {
      schema: { tags: ['releases'], response: { 200: z.array(releaseBoxSchema) } },
    },
    async () => releaseBoxes(await getCatalogue(db)),
  )

  app.get(
    '/players/me/collection',
    {
      schema: {
        tags: ['players'],
        security: [{ bearer: [] }],
        response: { 200: collectionBoxesSchema },
      },
      preValidation: deps.auth.user,
    },
    async (request) => ({ releases: await readCollection(db, requireUser(request).id) }),
  )

  app.put(
    '/players/me/collection',
    {
      schema: {
        tags: ['players'],
        security: [{ bearer: [] }],
        body: collectionBoxesSchema,
        response: { 200: collectionBoxesSchema },
      },
      preValidation: deps.auth.user,
    },
    async (request) => {
      const user = requireUser(request)
      await replaceCollectionBoxes(db, await getCatalogue(db), user.id, request.body.releases)
      return { releases: await readCollection(db, user.id) }
    },
  )

  app.patch(
    '/releases/:stub',
    {
      schema: {
        tags: ['releases'],
        security: [{ bearer: [] }],
        params: stubParams,
        body: releaseUpdateSchema,
        response: { 200: adminRelease },
      },
      preValidation: deps.auth.admin,
    },
    async (request) => {
      const release = await setReleasePublic(db, request.params.stub, request.body.is_public)
      if (!release) throw notFound('Release not found.')
      return release
    },
  )
}
