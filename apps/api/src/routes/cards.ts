import { cardQueryIssue, parseCardQuery } from '@spellboard/core/card-query'
import {
  cardCreateSchema,
  cardDetailsSchema,
  cardSchema,
  cardUpdateSchema,
} from '@spellboard/core/card-schemas'
import {
  CARD_LIST_MODES,
  CARD_SORTS,
  CARD_TYPE_FILTERS,
  DICE_LOGICS,
  DICE_NAMES,
  RELEASE_FILTERS,
  SORT_ORDERS,
} from '@spellboard/core/cards'
import { LIMITS } from '@spellboard/core/limits'
import { pageSchema } from '@spellboard/core/pagination'
import { detailSchema } from '@spellboard/core/users'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { paginate } from '../lib/pagination.ts'
import { pagingQuery, qBool, qEnum, qEnumList, qString, qStringList } from '../lib/params.ts'
import { invalid, notFound, unprocessable } from '../lib/refusal.ts'
import { cardForUpdate, createCard, updateCard } from '../services/cards/admin.ts'
import { editionOf, getCatalogue, heldCatalogue } from '../services/cards/catalogue.ts'
import { cardDetails, usageDependents } from '../services/cards/details.ts'
import { fuzzyLookup } from '../services/cards/fuzzy.ts'
import { listCards } from '../services/cards/listing.ts'
import { addressOf, keptAnswers, sendJson } from './kept-answers.ts'

const MB = 1024 * 1024

/** Stands for a request without `limit`: a sent zero is refused, so zero can only mean absent. */
const LIMIT_NOT_GIVEN = 0

const listQuery = z.object({
  q: qString(),
  show_legacy: qBool(false),
  types: qEnumList(CARD_TYPE_FILTERS),
  mode: qEnum(CARD_LIST_MODES, 'listing'),
  show_summons: qBool(false),
  releases: qEnum(RELEASE_FILTERS, 'all'),
  r: qStringList(),
  dice: qEnumList(DICE_NAMES),
  dice_logic: qEnum(DICE_LOGICS, 'only'),
  include_uniques_for: qString(),
  sort: qEnum(CARD_SORTS, 'name'),
  order: qEnum(SORT_ORDERS, 'asc'),
  ...pagingQuery(LIMIT_NOT_GIVEN),
})
const stubParams = z.object({ stub: z.string() })
const cardQuery = z.object({ show_legacy: qBool(false), for_update: qBool(false) })
const detailsQuery = z.object({ show_legacy: qBool(false) })
const fuzzyQuery = z.object({
  // Required: a missing `q` is a 422 like any missing field; a blank one is a 400.
  q: z.preprocess((value) => (Array.isArray(value) ? value.at(-1) : value), z.string()),
  show_legacy: qBool(false),
})

const CARD_NOT_FOUND = 'Card not found.'

/**
 * The card database (API.md §7.2, §7.3, §7.9). Reads are served from the in-memory catalogue;
 * authentication runs before validation, so a stale token hears 401 whatever else is wrong.
 */
export function cardsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const { db } = deps
  // Listing pages change only with the catalogue (their `next`/`previous` links are built on a
  // fixed base, so the address is the whole key).
  const listings = keptAnswers(deps, { topics: ['catalogue'], maxBytes: 8 * MB })
  // Usage counts and the preconstructed deck come from the decks. A builder save that adds or
  // removes cards (`usage`, naming them) drops just their details.
  const details = keptAnswers(deps, {
    topics: ['decks', 'catalogue'],
    maxBytes: 8 * MB,
    marker: 'always',
    naming: {
      usage: (cardIds) => {
        // Worked out once per notice, then tested against each kept answer's address.
        const catalogue = heldCatalogue(db)
        const dependents = catalogue && usageDependents(catalogue, cardIds)
        return (key) => {
          const stub = addressOf(key).split('/')[3]
          return !dependents || !stub || dependents.has(stub)
        }
      },
    },
  })

  app.get(
    '/cards',
    {
      schema: {
        tags: ['cards'],
        querystring: listQuery,
        response: { 200: pageSchema(cardSchema) },
      },
      preValidation: deps.auth.optional,
    },
    async (request, reply) => {
      const { query } = request
      const userId = request.user?.id ?? null
      // The page depends on the caller only through their collection: that one is not kept.
      const keep = !(query.releases === 'mine' && userId !== null)
      return await listings.send(request, reply, { keep }, async () => {
        const catalogue = await getCatalogue(db)
        // The search language (`type:ally cost<=2`): a known key with a bad value is a 422.
        const q = query.q ?? ''
        const releases = editionOf(catalogue, query.show_legacy).releases
        const search = parseCardQuery(q, { releases })
        if (!search.ok) throw unprocessable([cardQueryIssue(search.error, q)])
        const matching = await listCards(db, catalogue, query, search.query, userId)
        // Phoenixborn pickers ask without a limit and must see every Phoenixborn (§15 A10).
        const everyPhoenixborn =
          query.limit === LIMIT_NOT_GIVEN &&
          query.types.length > 0 &&
          query.types.every((type) => type === 'phoenixborn')
        const limit =
          query.limit !== LIMIT_NOT_GIVEN
            ? query.limit
            : everyPhoenixborn
              ? Math.max(matching.length, LIMITS.defaultPageSize)
              : LIMITS.defaultPageSize
        const { offset } = query
        const page = paginate(request, deps.config.linkBaseUrl, {
          count: matching.length,
          limit,
          offset,
          results: [],
        })
        const results = matching.slice(offset, offset + limit).map((card) => card.wireJson)
        return {
          json: `{"count":${page.count},"next":${JSON.stringify(page.next)},"previous":${JSON.stringify(page.previous)},"results":[${results.join(',')}]}`,
        }
      })
    },
  )

  app.get(
    '/cards/fuzzy-lookup',
    { schema: { tags: ['cards'], querystring: fuzzyQuery, response: { 200: cardSchema } } },
    async (request, reply) => {
      const { q, show_legacy } = request.query
      if (q.trim() === '') throw invalid('Query string is required.')
      const card = await fuzzyLookup(db, await getCatalogue(db), q, show_legacy)
      if (!card) throw notFound(CARD_NOT_FOUND)
      return sendJson(reply, card.wireJson)
    },
  )

  app.get(
    '/cards/:stub',
    {
      schema: {
        tags: ['cards'],
        params: stubParams,
        querystring: cardQuery,
        response: { 200: cardSchema },
      },
      preValidation: deps.auth.optional,
    },
    async (request, reply) => {
      const { show_legacy } = request.query
      const user = request.user
      // The update shape is for admins (API.md §7.2); anyone else gets the card as usual.
      const forUpdate = request.query.for_update && user?.is_admin === true
      const catalogue = await getCatalogue(db)
      // Admins also see cards of releases that are not published yet.
      const card = user?.is_admin
        ? catalogue.allByStub[show_legacy ? 'legacy' : 'reborn'].get(request.params.stub)
        : editionOf(catalogue, show_legacy).byStub.get(request.params.stub)
      if (!card) throw notFound(CARD_NOT_FOUND)
      if (forUpdate) return cardForUpdate(card)
      return sendJson(reply, card.wireJson)
    },
  )

  app.get(
    '/cards/:stub/details',
    {
      schema: {
        tags: ['cards'],
        params: stubParams,
        querystring: detailsQuery,
        response: { 200: cardDetailsSchema },
      },
      preValidation: deps.auth.optional,
    },
    async (request, reply) => {
      const edition = editionOf(await getCatalogue(db), request.query.show_legacy)
      const card = edition.byStub.get(request.params.stub)
      if (!card) throw notFound(CARD_NOT_FOUND)
      const seenBy = request.user?.id ?? null
      return details.send(request, reply, { seenBy }, async () => ({
        body: await cardDetails(db, card, edition),
        thread: card.entityId,
      }))
    },
  )

  app.post(
    '/cards',
    {
      schema: {
        tags: ['cards'],
        security: [{ bearer: [] }],
        body: cardCreateSchema,
        response: { 201: detailSchema },
      },
      preValidation: deps.auth.admin,
    },
    async (request, reply) => {
      await createCard(db, request.body)
      return reply.code(201).send({ detail: 'Card successfully created!' })
    },
  )

  app.patch(
    '/cards/:stub',
    {
      schema: {
        tags: ['cards'],
        security: [{ bearer: [] }],
        params: stubParams,
        body: cardUpdateSchema,
        response: { 200: cardSchema },
      },
      preValidation: deps.auth.admin,
    },
    async (request) => {
      const card = await updateCard(db, request.params.stub, request.body)
      if (!card) throw notFound(CARD_NOT_FOUND)
      return card
    },
  )
}
