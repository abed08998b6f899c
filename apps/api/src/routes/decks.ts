import { SORT_ORDERS } from '@spellboard/core/cards'
import {
  deckDetailsSchema,
  deckFullOutSchema,
  deckOutSchema,
  deckSaveOutSchema,
  deckSaveSchema,
} from '@spellboard/core/decks'
import { LIMITS } from '@spellboard/core/limits'
import { pageSchema } from '@spellboard/core/pagination'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
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
import { getCatalogue } from '../services/cards/catalogue.ts'
import type { ChangeTopic } from '../services/change-notices.ts'
import { buildableFilter } from '../services/collection/collection.ts'
import { cloneDeck } from '../services/decks/clone.ts'
import { createCountCache } from '../services/decks/count-cache.ts'
import { deleteDeck } from '../services/decks/delete.ts'
import { deckDetails } from '../services/decks/details.ts'
import { listMyDecks, listPublicDecks } from '../services/decks/listing.ts'
import { saveDeck } from '../services/decks/save.ts'
import { sharedDeck } from '../services/decks/shared.ts'
import { parseIfMatch } from '../services/decks/version.ts'
import { keptAnswers, readerOf } from './kept-answers.ts'

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
/** A deck's id in the path, and a page of decks: shared with the snapshot routes. */
export const deckParams = z.object({ deck_id: pathInt })
export const deckPage = pageSchema(deckOutSchema)
const detailsQuery = z.object({ show_saved: qBool(), full_cards: qBool() })
const cloneQuery = z.object({ direct_share_uuid: qUuid4(), red_rains: qBool() })
const MB = 1024 * 1024
/**
 * Deck answers are kept as ready bodies until decks, players or the catalogue change in any
 * process (kept-answers.ts): popular pages are read far more often than decks change, and
 * building one costs several queries and up to ~100 KB of JSON.
 */
const DECK_TOPICS: ChangeTopic[] = ['decks', 'players', 'catalogue']
/**
 * A builder save (`saved`, naming players) drops what those players read of their own decks;
 * nobody else's answers show a working deck (others see its published snapshots), and answers
 * kept for everyone have no reader (never a player's id).
 */
const OWN_SAVES = {
  saved: (players: ReadonlySet<number>) => (key: string) => players.has(Number(readerOf(key))),
}

/**
 * Decks, snapshots, sharing and cloning (API.md §7.5). Authentication runs before validation, so
 * an anonymous or stale caller hears 401 whatever else is wrong with the request. Refusals are
 * thrown by the services (Refusal) and carry their status.
 */
export function decksRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const counts = createCountCache()
  const publicListings = keptAnswers(deps, { topics: DECK_TOPICS, maxBytes: 16 * MB })
  // What one player reads of their own decks, kept per player; a builder save changes only it.
  const ownReads = keptAnswers(deps, {
    topics: DECK_TOPICS,
    naming: OWN_SAVES,
    maxBytes: 8 * MB,
  })
  // A deck's details are kept with the version they show, which goes out as their `ETag`: once
  // for everyone, and per player for what their own saved deck shows them.
  const details = keptAnswers(deps, {
    topics: DECK_TOPICS,
    naming: OWN_SAVES,
    maxBytes: 8 * MB,
    marker: 'when-subscribed',
  })

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
      const variant = owns ? Object.values(owns).join(',') : ''
      // Keyed on the address as asked: the answer's next/previous links are built from it.
      return publicListings.send(request, reply, { variant }, async () => {
        const catalogue = await getCatalogue(deps.db)
        const filters = owns ? { ...request.query, owns } : request.query
        const page = await listPublicDecks(deps.db, catalogue, filters, counts)
        return { body: paginate(request, deps.config.linkBaseUrl, { ...page, limit, offset }) }
      })
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
      // "Decks I can build" follows the collection, which no change notice announces: not kept.
      const reading = { reader: user.id, keep: !request.query.buildable }
      return await ownReads.send(request, reply, reading, async () => {
        const catalogue = await getCatalogue(deps.db)
        const owns = request.query.buildable
          ? await buildableFilter(deps.db, catalogue, user.id)
          : undefined
        const filters = { ...request.query, player: [], show_preconstructed: false, owns }
        const page = await listMyDecks(deps.db, catalogue, user.id, filters)
        return { body: paginate(request, deps.config.linkBaseUrl, { ...page, limit, offset }) }
      })
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
      const { show_saved: showSaved, full_cards: fullCards } = request.query
      const read = async (caller: AuthUser | null) =>
        deckDetails(deps.db, await getCatalogue(deps.db), caller, request.params.deck_id, {
          showSaved,
          fullCards,
        })
      const user = request.user
      const seenBy = user?.id ?? null
      // What everyone sees is kept once. A player's own saved deck and private snapshots are
      // theirs alone: kept per player.
      if (!user || !showSaved) {
        try {
          return await details.send(request, reply, { seenBy }, () => read(null))
        } catch (error) {
          if (!user || !(error instanceof Refusal)) throw error
        }
      }
      return details.send(request, reply, { reader: user.id, seenBy }, () => read(user))
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
