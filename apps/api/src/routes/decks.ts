import { SORT_ORDERS } from '@spellboard/core/cards'
import {
  type DeckDetails,
  deckDetailsSchema,
  deckFullOutSchema,
  deckOutSchema,
  deckSaveOutSchema,
  deckSaveSchema,
  snapshotCreatedSchema,
  snapshotCreateSchema,
  snapshotEditSchema,
} from '@spellboard/core/decks'
import { LIMITS } from '@spellboard/core/limits'
import { pageSchema } from '@spellboard/core/pagination'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { keptAddress, queryKeys } from '../lib/kept-address.ts'
import { paginate } from '../lib/pagination.ts'
import {
  pagingQuery,
  pathInt,
  qBool,
  qEnum,
  qString,
  qStringList,
  qUuid4,
  uuid4,
} from '../lib/params.ts'
import { Refusal } from '../lib/refusal.ts'
import { requireUser } from '../plugins/auth.ts'
import type { AuthUser } from '../services/accounts/auth-user.ts'
import { catalogueTag, getCatalogue } from '../services/cards/catalogue.ts'
import type { ChangeTopic } from '../services/change-notices.ts'
import { buildableFilter } from '../services/collection/collection.ts'
import { cloneDeck } from '../services/decks/clone.ts'
import { createCountCache } from '../services/decks/count-cache.ts'
import { deleteDeck } from '../services/decks/delete.ts'
import { deckDetails } from '../services/decks/details.ts'
import { listMyDecks, listPublicDecks } from '../services/decks/listing.ts'
import { saveDeck } from '../services/decks/save.ts'
import { sharedDeck } from '../services/decks/shared.ts'
import { createSnapshot, editSnapshot, listSnapshots } from '../services/decks/snapshots.ts'
import { parseIfMatch } from '../services/decks/version.ts'
import {
  asJson,
  asTaggedJson,
  jsonBodyCache,
  type TaggedBody,
  taggedBodyCache,
} from '../services/notice-cache.ts'
import { subscriptionMarker } from '../services/subscriptions.ts'

const DECK_SORTS = ['created', 'modified'] as const

const mineQuery = z.object({
  q: qString(),
  phoenixborn: qStringList(),
  card: qStringList(),
  show_legacy: qBool(),
  show_red_rains: qBool(),
  buildable: qBool(),
  sort: qEnum(DECK_SORTS, 'created'),
  order: qEnum(SORT_ORDERS, 'desc'),
  ...pagingQuery(LIMITS.deckPageSize),
})
// "My decks" takes no player or preconstructed filter: those keys are ignored there.
const listQuery = mineQuery.extend({ player: qStringList(), show_preconstructed: qBool() })
const deckParams = z.object({ deck_id: pathInt })
const detailsQuery = z.object({ show_saved: qBool(), full_cards: qBool() })
const LIST_KEYS = queryKeys(listQuery)
const MINE_KEYS = queryKeys(mineQuery)
const DETAILS_KEYS = queryKeys(detailsQuery)
const snapshotsQuery = z.object({
  show_public_only: qBool(),
  order: qEnum(SORT_ORDERS, 'desc'),
  ...pagingQuery(LIMITS.deckPageSize),
})
const cloneQuery = z.object({ direct_share_uuid: qUuid4(), red_rains: qBool() })
const deckPage = pageSchema(deckOutSchema)
const MB = 1024 * 1024
/**
 * Deck answers are kept as ready bodies until decks, players or the catalogue change in any
 * process (notice-cache.ts): popular pages are read far more often than decks change, and
 * building one costs several queries and up to ~100 KB of JSON.
 */
const PUBLIC_TOPICS: ChangeTopic[] = ['decks', 'players', 'catalogue']
/** What a player reads also shows their subscription markers. */
const OWN_TOPICS: ChangeTopic[] = [...PUBLIC_TOPICS, 'subscriptions']
/**
 * A builder save (`saved`, naming players) drops what those players read; nobody else's
 * answers show a working deck (others see its published snapshots).
 */
const OWN_SAVES = {
  saved: (players: ReadonlySet<number>) => (key: string) =>
    players.has(Number(key.split('\u0000')[1])),
}

/** A body already serialised (kept in a cache); Fastify sends buffers as they are. */
function sendJson(reply: FastifyReply, body: Buffer) {
  // The route's typed reply expects the object; the buffer is that object's JSON.
  return reply.type('application/json; charset=utf-8').send(body as never)
}

/** A kept body with the deck version it shows (`ETag`, README "Editing on several devices"). */
const sendTagged = (reply: FastifyReply, kept: TaggedBody) =>
  sendJson(reply.header('etag', kept.etag), kept.body)

/**
 * Decks, snapshots, sharing and cloning (API.md §7.5). Authentication runs before validation, so
 * an anonymous or stale caller hears 401 whatever else is wrong with the request. Refusals are
 * thrown by the services (Refusal) and carry their status.
 */
export function decksRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const counts = createCountCache()
  const publicListings = jsonBodyCache(deps.notices, PUBLIC_TOPICS, 16 * MB)
  // A deck's details are kept with the version they show, which goes out as their `ETag`.
  const publicDetails = taggedBodyCache(deps.notices, PUBLIC_TOPICS, 4 * MB)
  // What one player reads (their decks, a deck with their marker), keyed by player and address.
  // A builder save changes only what its player reads of their own decks.
  const ownReads = jsonBodyCache(deps.notices, OWN_TOPICS, 8 * MB, OWN_SAVES)
  const ownDetails = taggedBodyCache(deps.notices, OWN_TOPICS, 4 * MB, OWN_SAVES)
  /**
   * Kept per catalogue (cards are shown as it says), then per reader and address; not kept for
   * an address the route's query keys do not account for (`lib/kept-address.ts`).
   */
  const keyOf = async (user: AuthUser | null, url: string, known: ReadonlySet<string>) => {
    const address = keptAddress(url, known)
    if (address === null) return null
    return `${catalogueTag(await getCatalogue(deps.db))}\u0000${user?.id ?? ''}\u0000${address}`
  }

  app.get(
    '/decks',
    { schema: { tags: ['decks'], querystring: listQuery, response: { 200: deckPage } } },
    async (request, reply) => {
      const { limit, offset } = request.query
      // "Decks I can build" depends on the reader's collection, so it is kept by the boxes owned
      // (players with the same collection share it); anonymous callers are answered as if they
      // had not asked.
      const reader = request.query.buildable ? await deps.auth.evaluate(request) : null
      const owns =
        reader && (await buildableFilter(deps.db, await getCatalogue(deps.db), reader.id))
      const collection = owns ? Object.values(owns).join(',') : ''
      // Keyed on the address as asked: the answer's next/previous links are built from it.
      const address = await keyOf(null, request.url, LIST_KEYS)
      const key = address && `${address}\u0000${collection}`
      const body = await publicListings.get(key, () =>
        asJson(async () => {
          const catalogue = await getCatalogue(deps.db)
          const filters = owns ? { ...request.query, owns } : request.query
          const page = await listPublicDecks(deps.db, catalogue, filters, counts)
          return paginate(request, deps.config.linkBaseUrl, { ...page, limit, offset })
        }),
      )
      return sendJson(reply, body)
    },
  )

  app.get(
    '/decks/mine',
    {
      schema: {
        tags: ['decks'],
        security: [{ bearer: [] }],
        querystring: mineQuery,
        response: { 200: deckPage },
      },
      preValidation: deps.auth.user,
    },
    async (request, reply) => {
      const user = requireUser(request)
      const { limit, offset } = request.query
      const read = async () => {
        const catalogue = await getCatalogue(deps.db)
        const owns = request.query.buildable
          ? await buildableFilter(deps.db, catalogue, user.id)
          : undefined
        const filters = { ...request.query, player: [], show_preconstructed: false, owns }
        const page = await listMyDecks(deps.db, catalogue, user.id, filters)
        return paginate(request, deps.config.linkBaseUrl, { ...page, limit, offset })
      }
      // "Decks I can build" follows the collection, which no change notice announces: not kept.
      if (request.query.buildable) return await read()
      return sendJson(
        reply,
        await ownReads.get(await keyOf(user, request.url, MINE_KEYS), () => asJson(read)),
      )
    },
  )

  app.get(
    '/decks/shared/:direct_share_uuid',
    {
      schema: {
        tags: ['decks'],
        params: z.object({ direct_share_uuid: uuid4 }),
        response: { 200: deckFullOutSchema },
      },
    },
    async (request) =>
      sharedDeck(deps.db, await getCatalogue(deps.db), request.params.direct_share_uuid),
  )

  app.get(
    '/decks/:deck_id',
    {
      schema: {
        tags: ['decks'],
        params: deckParams,
        querystring: detailsQuery,
        response: { 200: deckDetailsSchema },
      },
      preValidation: deps.auth.optional,
    },
    async (request, reply) => {
      const options = {
        showSaved: request.query.show_saved,
        fullCards: request.query.full_cards,
      }
      const read = async (caller: AuthUser | null) =>
        deckDetails(deps.db, await getCatalogue(deps.db), caller, request.params.deck_id, options)
      const readPublic = async () =>
        publicDetails.get(await keyOf(null, request.url, DETAILS_KEYS), () =>
          asTaggedJson(() => read(null)),
        )
      const user = request.user
      if (!user) return sendTagged(reply, await readPublic())
      // A player sees what everyone sees plus their subscription marker, except for their own
      // saved deck and private snapshots: those come from the database.
      const readOwn = async () => {
        if (!options.showSaved) {
          const shared = await readPublic().catch((error: unknown) => {
            if (error instanceof Refusal) return null
            throw error
          })
          if (shared) {
            const details = JSON.parse(shared.body.toString()) as DeckDetails
            const thread = details.deck.comments_entity_id
            const marker =
              thread === null ? undefined : await subscriptionMarker(deps.db, user.id, thread)
            if (marker !== undefined) details.last_seen_entity_id = marker
            return { body: details, etag: shared.etag }
          }
        }
        return read(user)
      }
      return sendTagged(
        reply,
        await ownDetails.get(await keyOf(user, request.url, DETAILS_KEYS), () =>
          asTaggedJson(readOwn),
        ),
      )
    },
  )

  app.put(
    '/decks',
    {
      schema: {
        tags: ['decks'],
        security: [{ bearer: [] }],
        body: deckSaveSchema,
        response: { 200: deckSaveOutSchema },
      },
      preValidation: deps.auth.user,
    },
    async (request, reply) => {
      const ifMatch = parseIfMatch(request.headers['if-match'])
      const saved = await saveDeck(deps.db, requireUser(request), request.body, deps.now(), ifMatch)
      return reply.header('etag', saved.etag).send(saved.body)
    },
  )

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

  app.delete(
    '/decks/:deck_id',
    {
      schema: { tags: ['decks'], security: [{ bearer: [] }], params: deckParams },
      preValidation: deps.auth.user,
    },
    async (request, reply) => {
      await deleteDeck(deps.db, requireUser(request), request.params.deck_id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/decks/:deck_id/clone',
    {
      schema: {
        tags: ['decks'],
        security: [{ bearer: [] }],
        params: deckParams,
        querystring: cloneQuery,
        response: { 200: deckSaveOutSchema },
      },
      preValidation: deps.auth.user,
    },
    (request) =>
      cloneDeck(
        deps.db,
        requireUser(request),
        request.params.deck_id,
        {
          directShareUuid: request.query.direct_share_uuid,
          redRains: request.query.red_rains,
        },
        deps.now(),
      ),
  )
}
