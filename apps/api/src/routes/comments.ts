import { SORT_ORDERS } from '@spellboard/core/cards'
import { commentCreateSchema, commentEditSchema, commentSchema } from '@spellboard/core/comments'
import { LIMITS } from '@spellboard/core/limits'
import { pageSchema } from '@spellboard/core/pagination'
import { detailSchema } from '@spellboard/core/users'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../deps.ts'
import { BODY_LIMITS } from '../lib/body-limits.ts'
import { paginate } from '../lib/pagination.ts'
import { pagingQuery, pathInt, qEnum, qString } from '../lib/params.ts'
import { requireUser } from '../plugins/auth.ts'
import { deleteComment, editComment, listComments, postComment } from '../services/comments.ts'

const threadParams = z.object({ entity_id: pathInt })
const commentParams = z.object({ comment_entity_id: pathInt })
const listQuery = z.object({
  order: qEnum(SORT_ORDERS, 'asc'),
  ...pagingQuery(LIMITS.commentPageSize),
})
const deleteQuery = z.object({ moderation_notes: qString() })

/**
 * Comment threads on cards and decks (API.md §7.6). Authentication runs before validation, so an
 * anonymous or stale caller hears 401 whatever else is wrong with the request.
 */
export function commentsRoutes(instance: FastifyInstance, deps: AppDeps) {
  const app = instance.withTypeProvider<ZodTypeProvider>()

  app.get(
    '/comments/:entity_id',
    {
      schema: {
        tags: ['comments'],
        params: threadParams,
        querystring: listQuery,
        response: { 200: pageSchema(commentSchema) },
      },
      preValidation: deps.auth.optional,
    },
    async (request) => {
      const { order, limit, offset } = request.query
      const page = await listComments(deps.db, request.params.entity_id, {
        order,
        limit,
        offset,
        viewer: request.user,
      })
      return paginate(request, deps.config.linkBaseUrl, { ...page, limit, offset })
    },
  )

  app.post(
    '/comments/:entity_id',
    {
      schema: {
        tags: ['comments'],
        security: [{ bearer: [] }],
        params: threadParams,
        body: commentCreateSchema,
        response: { 201: detailSchema },
      },
      preValidation: deps.auth.user,
      bodyLimit: BODY_LIMITS.comment,
    },
    async (request, reply) => {
      const author = requireUser(request)
      await postComment(deps.db, author, request.params.entity_id, request.body.text, deps.now)
      return reply.code(201).send({ detail: 'Comment successfully posted!' })
    },
  )

  app.patch(
    '/comment/:comment_entity_id',
    {
      schema: {
        tags: ['comments'],
        security: [{ bearer: [] }],
        params: commentParams,
        body: commentEditSchema,
        response: { 200: commentSchema },
      },
      preValidation: deps.auth.user,
      bodyLimit: BODY_LIMITS.comment,
    },
    (request) => {
      const editor = requireUser(request)
      return editComment(
        deps.db,
        editor,
        request.params.comment_entity_id,
        request.body,
        deps.now(),
      )
    },
  )

  app.delete(
    '/comment/:comment_entity_id',
    {
      schema: {
        tags: ['comments'],
        security: [{ bearer: [] }],
        params: commentParams,
        querystring: deleteQuery,
      },
      preValidation: deps.auth.user,
    },
    async (request, reply) => {
      const actor = requireUser(request)
      await deleteComment(
        deps.db,
        actor,
        request.params.comment_entity_id,
        request.query.moderation_notes,
        deps.now(),
      )
      return reply.code(204).send()
    },
  )
}
