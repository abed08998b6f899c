import { z } from 'zod'
import { LIMITS } from './limits.ts'
import { userBasicSchema } from './users.ts'

/** A comment on a card or deck thread (API.md §5.5). */
export const commentSchema = z.object({
  entity_id: z.number().int(),
  source_entity_id: z.number().int(),
  source_version: z.number().int().nullable(),
  /** Null when deleted, unless the caller is an admin. */
  text: z.string().nullable(),
  ordering_increment: z.number().int(),
  created: z.string(),
  modified: z.string(),
  is_moderated: z.boolean(),
  is_deleted: z.boolean(),
  user: userBasicSchema,
})
export type Comment = z.infer<typeof commentSchema>

/** Blank text is a business-rule refusal (400) checked by the API, not a 422. */
export const commentCreateSchema = z.object({ text: z.string().max(LIMITS.longText) })
export type CommentCreate = z.infer<typeof commentCreateSchema>

/** `moderation_notes` is required (and only honoured) when an admin edits another player's comment. */
export const commentEditSchema = z.object({
  text: z.string().max(LIMITS.longText),
  moderation_notes: z.string().max(LIMITS.longText).nullable().optional(),
})
export type CommentEdit = z.infer<typeof commentEditSchema>

/**
 * Body of `PATCH /v2/subscription/{id}` and answer of `POST`: the newest entity (comment or
 * published snapshot) the player has seen in a thread.
 */
export const subscriptionMarkerSchema = z.object({ last_seen_entity_id: z.number().int() })
export type SubscriptionMarker = z.infer<typeof subscriptionMarkerSchema>
