import { z } from 'zod'
import { cardReleaseSchema, cardSchema } from './card-schemas.ts'
import { MAGIC_TYPES } from './cards.ts'
import { LIMITS } from './limits.ts'
import { userBasicSchema } from './users.ts'

/** Wire shapes of decks (API.md §5.4) and the bodies of the deck calls (§7.5). */
export const deckDieSchema = z.object({ count: z.number().int(), name: z.string() })
export type DeckDie = z.infer<typeof deckDieSchema>

export const deckPhoenixbornSchema = z.object({
  name: z.string(),
  stub: z.string(),
  battlefield: z.union([z.number(), z.string()]),
  life: z.union([z.number(), z.string()]),
  spellboard: z.union([z.number(), z.string()]),
  is_legacy: z.boolean(),
})
export type DeckPhoenixborn = z.infer<typeof deckPhoenixbornSchema>

/** A deck card's release: FULL answers (§5.4) give Reborn cards `is_phg/is_promo/is_retiring: null`. */
const deckCardReleaseSchema = cardReleaseSchema.extend({
  is_phg: z.boolean().nullable().optional(),
  is_promo: z.boolean().nullable().optional(),
  is_retiring: z.boolean().nullable().optional(),
})

export const deckCardMinimalSchema = z.object({
  count: z.number().int(),
  name: z.string(),
  stub: z.string(),
  type: z.string(),
  phoenixborn: z.string().nullable(),
  is_legacy: z.boolean(),
  release: deckCardReleaseSchema,
})
export type DeckCardMinimal = z.infer<typeof deckCardMinimalSchema>

export const deckCardFullSchema = cardSchema.extend({ count: z.number().int() })
export type DeckCardFull = z.infer<typeof deckCardFullSchema>

/** A deck card as the web app reads it: either output mode carries these keys. */
export type DeckCard = DeckCardMinimal | DeckCardFull

export const deckOutSchema = z.object({
  id: z.number().int(),
  entity_id: z.number().int(),
  source_id: z.number().int().nullable(),
  direct_share_uuid: z.string().nullable().optional(),
  title: z.string().nullable(),
  created: z.string(),
  modified: z.string(),
  user: userBasicSchema,
  dice: z.array(deckDieSchema),
  phoenixborn: deckPhoenixbornSchema,
  cards: z.array(z.union([deckCardMinimalSchema, deckCardFullSchema])),
  conjurations: z.array(z.union([deckCardMinimalSchema, deckCardFullSchema])),
  is_public: z.boolean(),
  is_snapshot: z.boolean(),
  is_red_rains: z.boolean(),
  is_legacy: z.literal(true).nullable().optional(),
  ashes_500_score: z.number().int().nullable().optional(),
  ashes_500_revision_id: z.number().int().nullable().optional(),
})
export type DeckOut = z.infer<typeof deckOutSchema>

export const deckSaveOutSchema = deckOutSchema.extend({
  description: z.string().nullable(),
  first_five: z.array(z.string()),
  effect_costs: z.array(z.string()),
  tutor_map: z.record(z.string(), z.string()),
})
export type DeckSaveOut = z.infer<typeof deckSaveOutSchema>

export const deckFullOutSchema = deckSaveOutSchema.extend({
  is_saved: z.literal(true).nullable().optional(),
  comments_entity_id: z.number().int().nullable(),
})
export type DeckFullOut = z.infer<typeof deckFullOutSchema>

export const deckReleaseSchema = z.object({
  name: z.string(),
  stub: z.string(),
  is_legacy: z.boolean(),
  preconstructed_deck_id: z.number().int().nullable(),
})
export type DeckRelease = z.infer<typeof deckReleaseSchema>

/** `GET /v2/decks/{id}`. */
export const deckDetailsSchema = z.object({
  deck: deckFullOutSchema,
  releases: z.array(deckReleaseSchema),
  has_published_snapshot: z.boolean().optional(),
  last_seen_entity_id: z.number().int().nullable().optional(),
})
export type DeckDetails = z.infer<typeof deckDetailsSchema>

/** Die names on input are case-insensitive; `nature` means `natural`; `basic` is not a die type. */
export const dieNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((name) => (name === 'nature' ? 'natural' : name))
  .pipe(z.enum(MAGIC_TYPES))

export const dieInSchema = z.object({
  name: dieNameSchema,
  count: z.number().int().min(1).max(10),
})
export type DieIn = z.infer<typeof dieInSchema>

/** Text kept as typed; the database cannot hold NUL characters, so they are refused. */
function storedText(max: number) {
  return z
    .string()
    .max(max)
    .refine((text) => !text.includes('\u0000'), {
      message: 'String should not contain NUL characters',
    })
}

export const cardInSchema = z.object({
  stub: z.string().max(LIMITS.searchText),
  count: z.number().int().min(1).max(3),
})
export type CardIn = z.infer<typeof cardInSchema>

/** `PUT /v2/decks`: the whole deck every time; permissive so incomplete decks autosave. */
export const deckSaveSchema = z.object({
  id: z.number().int().nullable().optional(),
  title: storedText(LIMITS.deckTitle).nullable().optional(),
  description: storedText(LIMITS.longText).nullable().optional(),
  phoenixborn: z.union([
    z.string().max(LIMITS.searchText),
    z.object({ stub: z.string().max(LIMITS.searchText) }),
  ]),
  dice: z.array(dieInSchema).max(100).nullable().optional(),
  cards: z.array(cardInSchema).max(500),
  first_five: z.array(z.string().max(LIMITS.searchText)).max(100).nullable().optional(),
  effect_costs: z.array(z.string().max(LIMITS.searchText)).max(100).nullable().optional(),
  tutor_map: z
    .record(z.string().max(LIMITS.searchText), z.string().max(LIMITS.searchText))
    .nullable()
    .optional(),
  is_red_rains: z.boolean().default(false),
})
export type DeckSave = z.infer<typeof deckSaveSchema>

/** `POST /v2/decks/{id}/snapshot`; every key optional. */
export const snapshotCreateSchema = z.object({
  title: storedText(LIMITS.deckTitle).nullable().optional(),
  description: storedText(LIMITS.longText).nullable().optional(),
  is_public: z.boolean().default(false),
  include_first_five: z.boolean().default(false),
  preconstructed_release: z.string().max(LIMITS.searchText).nullable().optional(),
})
export type SnapshotCreate = z.infer<typeof snapshotCreateSchema>

export const snapshotCreatedSchema = z.object({ detail: z.string(), snapshot_id: z.number().int() })

/** `PATCH /v2/decks/snapshots/{id}`: `""` clears, absent or null leaves unchanged. */
export const snapshotEditSchema = z.object({
  title: storedText(LIMITS.deckTitle).nullable().optional(),
  description: storedText(LIMITS.longText).nullable().optional(),
  moderation_notes: storedText(LIMITS.longText).nullable().optional(),
})
export type SnapshotEdit = z.infer<typeof snapshotEditSchema>

/** A deck card in the site-to-site export: the minimal entry without its release. */
export const deckExportCardSchema = z.object({
  count: z.number().int(),
  name: z.string(),
  stub: z.string(),
  type: z.string(),
  phoenixborn: z.string().nullable().optional(),
  is_legacy: z.boolean().nullable().optional(),
})
export type DeckExportCard = z.infer<typeof deckExportCardSchema>

/**
 * A deck in `GET /v2/decks/export/{token}` (API.md §7.9). Ids mean nothing on another site, so
 * `created` identifies a deck and `source_created` its working deck.
 */
export const deckExportSchema = z.object({
  title: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  created: z.string(),
  modified: z.string(),
  dice: z.array(deckDieSchema).nullable().optional(),
  phoenixborn: deckPhoenixbornSchema.partial().extend({ name: z.string(), stub: z.string() }),
  cards: z.array(deckExportCardSchema),
  conjurations: z.array(deckExportCardSchema).optional(),
  is_public: z.boolean().nullable().optional(),
  is_snapshot: z.boolean().nullable().optional(),
  is_red_rains: z.boolean().nullable().optional(),
  first_five: z.array(z.string()).nullable().optional(),
  effect_costs: z.array(z.string()).nullable().optional(),
  tutor_map: z.record(z.string(), z.string()).nullable().optional(),
  source_created: z.string().nullable().optional(),
})
export type DeckExport = z.infer<typeof deckExportSchema>

export const deckExportPageSchema = z.object({
  next_page_from_date: z.string().nullable(),
  total: z.number().int(),
  decks: z.array(deckExportSchema),
})
export type DeckExportPage = z.infer<typeof deckExportPageSchema>

/** `GET /v2/decks/import/{token}`: what was pulled from the other site. */
export const deckImportResultSchema = z.object({
  next_page_from_date: z.string().nullable(),
  total_count: z.number().int(),
  success_count: z.number().int(),
  errors: z.array(z.string()),
})
export type DeckImportResult = z.infer<typeof deckImportResultSchema>
