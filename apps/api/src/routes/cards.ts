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
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { keptAddress, MAX_KEPT_ADDRESS, queryKeys } from '../lib/kept-address.ts'
import { paginate } from '../lib/pagination.ts'
import { pagingQuery, qBool, qEnum, qEnumList, qString, qStringList } from '../lib/params.ts'
import { invalid, notFound, unprocessable } from '../lib/refusal.ts'
import { zodValidatorCompiler } from '../plugins/validation.ts'
import { cardForUpdate, createCard, updateCard } from '../services/cards/admin.ts'
import {
  type Catalogue,
  catalogueMemo,
  catalogueTag,
  editionOf,
  getCatalogue,
  heldCatalogue,
} from '../services/cards/catalogue.ts'
import { cardDetails, usageDependents } from '../services/cards/details.ts'
import { fuzzyLookup } from '../services/cards/fuzzy.ts'
import { listCards } from '../services/cards/listing.ts'
import { asJson, jsonBodyCache } from '../services/notice-cache.ts'

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
const LIST_KEYS = queryKeys(listQuery)
const DETAILS_KEYS = queryKeys(detailsQuery)
const fuzzyQuery = z.object({
  // Required: a missing `q` is a 422 like any missing field; a blank one is a 400.
  q: z.preprocess((value) => (Array.isArray(value) ? value.at(-1) : value), z.string()),
  show_legacy: qBool(false),
})

/**
 * The card browser sends the same few queries over and over (every visitor opens the same first
 * page), so the listing keeps their validated form instead of running the schema each time.
 */
const rememberingValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route)
  const remembered = new LRUCache<string, ReturnType<typeof validate>>({ max: 1000 })
  return (data: unknown) => {
    const key = JSON.stringify(data)
    // A long query is checked each time rather than remembered (`lib/kept-address.ts`).
    if (key.length > MAX_KEPT_ADDRESS) return validate(data)
    let result = remembered.get(key)
    if (!result) {
      result = validate(data)
      remembered.set(key, result)
    }
    return result
  }
}

const CARD_NOT_FOUND = 'Card not found.'
const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Listing pages change only with the catalogue: whole bodies are kept per URL (with the host
 * they were built for, as `next`/`previous` are absolute) and dropped with the catalogue.
 */
const listingBodyCache = () =>
  new LRUCache<string, Buffer>({
    max: 2000,
    maxSize: 8 * 1024 * 1024,
    // A key's characters may take two bytes each.
    sizeCalculation: (body, key) => body.length + 2 * key.length,
  })

const MB = 1024 * 1024

/** Sends JSON already serialised (card listings are assembled from per-card strings). */
function sendJson(reply: FastifyReply, body: string | Buffer) {
  return reply.type(JSON_TYPE).send(body)
}

/**
 * The card database (API.md §7.2, §7.3, §7.9). Reads are served from the in-memory catalogue;
 * authentication runs before validation, so a stale token hears 401 whatever else is wrong.
 */
export function cardsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()
  const { db } = deps
  const listingBodies = (catalogue: Catalogue) =>
    catalogueMemo(catalogue, 'listing-bodies', listingBodyCache)
  /** Bodies are kept per address; their `next`/`previous` links are built on a fixed base. */
  const listingKey = (request: FastifyRequest) => keptAddress(request.url, LIST_KEYS)
  // Usage counts and the preconstructed deck come from the decks, the marker from subscriptions.
  // A builder save that adds or removes cards (`usage`, naming them) drops just their details.
  const details = jsonBodyCache(deps.notices, ['decks', 'catalogue', 'subscriptions'], 8 * MB, {
    usage: (cardIds) => {
      // Worked out once per notice, then tested against each kept answer's address.
      const catalogue = heldCatalogue(db)
      const dependents = catalogue && usageDependents(catalogue, cardIds)
      return (key) => {
        const stub = key.split('\u0000')[2]?.split('/')[3]
        return !dependents || !stub || dependents.has(stub)
      }
    },
  })
  /** Details are kept per catalogue, reader and address. */
  const detailsKey = (catalogue: Catalogue, request: FastifyRequest) => {
    const address = keptAddress(request.url, DETAILS_KEYS)
    return address && `${catalogueTag(catalogue)}\u0000${request.user?.id ?? null}\u0000${address}`
  }

  app.get(
    '/cards',
    {
      schema: {
        tags: ['cards'],
        querystring: listQuery,
        response: { 200: pageSchema(cardSchema) },
      },
      validatorCompiler: rememberingValidator as never,
      // A page answered before, asked for again without a token, goes out before parsing,
      // validation and authentication: the answer is the same for everyone who may ask.
      onRequest: async (request, reply) => {
        const key = listingKey(request)
        if (request.headers.authorization !== undefined || key === null) return
        const cached = listingBodies(await getCatalogue(db)).get(key)
        if (cached) return sendJson(reply, cached)
      },
      preValidation: deps.auth.optional,
    },
    async (request, reply) => {
      const query = request.query
      const catalogue = await getCatalogue(db)
      // The page depends on the caller only through their collection.
      const key = query.releases === 'mine' && request.user ? null : listingKey(request)
      const bodies = listingBodies(catalogue)
      const cached = key === null ? undefined : bodies.get(key)
      if (cached) return sendJson(reply as unknown as FastifyReply, cached)

      // The search language (`type:ally cost<=2`): a known key with a bad value is a 422.
      const q = query.q ?? ''
      const releases = editionOf(catalogue, query.show_legacy).releases
      const search = parseCardQuery(q, { releases })
      if (!search.ok) throw unprocessable([cardQueryIssue(search.error, q)])
      const matching = await listCards(db, catalogue, query, search.query, request.user?.id ?? null)
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
      const body = Buffer.from(
        `{"count":${page.count},"next":${JSON.stringify(page.next)},"previous":${JSON.stringify(page.previous)},"results":[${results.join(',')}]}`,
      )
      if (key !== null) bodies.set(key, body)
      return sendJson(reply as unknown as FastifyReply, body)
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
      return sendJson(reply as unknown as FastifyReply, card.wireJson)
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
      return sendJson(reply as unknown as FastifyReply, card.wireJson)
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
      // The reader is known before anything else (a stale token hears 401 whatever else is
      // wrong), and an answer given to them before goes out at once, before validation.
      onRequest: async (request, reply) => {
        request.user = await deps.auth.evaluate(request)
        const kept = details.peek(detailsKey(await getCatalogue(db), request))
        if (kept) return sendJson(reply, kept)
      },
    },
    async (request, reply) => {
      const catalogue = await getCatalogue(db)
      const { show_legacy } = request.query
      const edition = editionOf(catalogue, show_legacy)
      const card = edition.byStub.get(request.params.stub)
      if (!card) throw notFound(CARD_NOT_FOUND)
      const userId = request.user?.id ?? null
      const body = await details.get(detailsKey(catalogue, request), () =>
        asJson(() => cardDetails(db, card, edition, userId)),
      )
      return sendJson(reply as unknown as FastifyReply, body)
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
