import { z } from 'zod'
import { CARD_TYPES, DICE_NAMES, PLACEMENTS } from './cards.ts'

/** Zod schemas of the card wire shapes (kept apart so importing constants costs no zod bytes). */
const costEntry = z.union([z.string(), z.tuple([z.string(), z.string()])])
const stat = z.union([z.number().int(), z.string()])

export const cardReleaseSchema = z.object({
  name: z.string(),
  stub: z.string(),
  is_phg: z.boolean().optional(),
  is_promo: z.boolean().optional(),
  is_retiring: z.boolean().optional(),
})

export const cardMinimalSchema = z.object({ name: z.string(), stub: z.string() })
export type CardMinimal = z.infer<typeof cardMinimalSchema>

/** The wire card (API.md §5.2). SPARSE: a key is absent when it does not apply. */
export const cardSchema = z.object({
  name: z.string(),
  stub: z.string(),
  type: z.string(),
  release: cardReleaseSchema,
  placement: z.string().optional(),
  cost: z.array(costEntry).optional(),
  dice: z.array(z.string()).optional(),
  altDice: z.array(z.string()).optional(),
  magicCost: z.record(z.string(), z.number()).optional(),
  effectMagicCost: z.record(z.string(), z.number()).optional(),
  effectRepeats: z.literal(true).optional(),
  text: z.string().optional(),
  conjurations: z.array(cardMinimalSchema).optional(),
  phoenixborn: z.string().optional(),
  attack: stat.optional(),
  life: stat.optional(),
  recover: stat.optional(),
  battlefield: stat.optional(),
  spellboard: stat.optional(),
  copies: z.number().int().optional(),
  is_legacy: z.literal(true).optional(),
  chained: z.boolean().optional(),
})
export type Card = z.infer<typeof cardSchema>
export type CostEntry = z.infer<typeof costEntry>

export const releaseSchema = z.object({
  name: z.string(),
  stub: z.string(),
  is_legacy: z.boolean(),
  is_mine: z.boolean().optional(),
})
export type Release = z.infer<typeof releaseSchema>

export const cardMinimalListSchema = z.array(cardMinimalSchema)

/** `related_cards` of the card details: either the Phoenixborn keys or the summon keys. */
export const relatedCardsSchema = z.object({
  phoenixborn: cardMinimalSchema.optional(),
  phoenixborn_conjurations: cardMinimalListSchema.optional(),
  phoenixborn_unique: cardMinimalSchema.optional(),
  phoenixborn_unique_conjurations: cardMinimalListSchema.optional(),
  phoenixborn_unique_2: cardMinimalSchema.optional(),
  phoenixborn_unique_2_conjurations: cardMinimalListSchema.optional(),
  summoning_cards: cardMinimalListSchema.optional(),
  conjurations: cardMinimalListSchema.optional(),
})
export type RelatedCards = z.infer<typeof relatedCardsSchema>

/** `GET /v2/cards/{stub}/details`. */
export const cardDetailsSchema = z.object({
  card: cardSchema,
  usage: z.object({ decks: z.number().int(), users: z.number().int() }),
  preconstructed_deck: z.object({ id: z.number().int(), title: z.string().nullable() }).nullable(),
  related_cards: relatedCardsSchema,
  entity_id: z.number().int(),
  last_seen_entity_id: z.number().int().nullable(),
})
export type CardDetails = z.infer<typeof cardDetailsSchema>

/** `PUT /v2/releases/mine`: a bare array of release stubs. */
export const collectionSchema = z.array(z.string().max(60))

/** `PATCH /v2/releases/{stub}` (admin). */
export const releaseUpdateSchema = z.object({ is_public: z.boolean() })

const optional = <T extends z.ZodType>(schema: T) => schema.nullable().optional()
/** Stats arrive as text ("3", "+1", "X") or numbers; digit-only text is stored as a number. */
const statInput = optional(z.union([z.string().trim().max(10), z.number().int()]))
/** A cost as a list, or one string of entries separated by " - " (either/or by " / " or " or "). */
const costInput = optional(z.union([z.string().max(500), z.array(costEntry).max(20)]))
const diceList = optional(z.array(z.enum(DICE_NAMES)).max(DICE_NAMES.length * 2))
const magicCostInput = optional(z.record(z.string().max(60), z.number().int().min(0)))

/** `POST /v2/cards` (admin): a new Reborn card; everything else about it is derived. */
export const cardCreateSchema = z
  .object({
    name: z.string().trim().min(3).max(30),
    card_type: z.enum(CARD_TYPES),
    placement: optional(z.enum(PLACEMENTS)),
    /** The release's full name; a release that does not exist yet is created unpublished. */
    release: z.string().trim().min(1).max(60),
    text: optional(z.string().max(5000)),
    cost: costInput,
    effect_magic_cost: costInput,
    can_effect_repeat: optional(z.boolean()),
    /** Derived from the costs when left out. */
    dice: diceList,
    alt_dice: diceList,
    // The column holds 25 characters: longer names could never match a Phoenixborn anyway.
    phoenixborn: optional(z.string().trim().min(3).max(25)),
    attack: statInput,
    battlefield: statInput,
    life: statInput,
    recover: statInput,
    spellboard: statInput,
    copies: optional(z.number().int().min(1).max(99)),
  })
  .superRefine((card, ctx) => {
    if (!card.placement && card.card_type !== 'Phoenixborn') {
      ctx.addIssue({
        code: 'custom',
        path: ['placement'],
        message: 'required for non-Phoenixborn cards',
      })
    }
    if (
      !card.copies &&
      (card.card_type === 'Conjuration' || card.card_type === 'Conjured Alteration Spell')
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['copies'],
        message: 'required for conjurations and conjured alteration spells',
      })
    }
  })
export type CardCreate = z.infer<typeof cardCreateSchema>

/**
 * `PATCH /v2/cards/{stub}` (admin): a typo fix or an erratum. An empty value (`""`, `[]`, `{}`)
 * removes the key; null or absent leaves it as it is.
 */
export const cardUpdateSchema = z.object({
  /** Errata bump the card's version, so older comments show as applying to an earlier text. */
  is_errata: optional(z.boolean()),
  name: optional(z.string().trim().min(3).max(30)),
  text: optional(z.string().max(5000)),
  search_keywords: optional(z.string().max(200)),
  cost: optional(z.array(costEntry).max(20)),
  dice: diceList,
  altDice: diceList,
  magicCost: magicCostInput,
  effectMagicCost: magicCostInput,
  effectRepeats: optional(z.boolean()),
  attack: statInput,
  battlefield: statInput,
  life: statInput,
  recover: statInput,
  spellboard: statInput,
  copies: optional(z.number().int().min(0).max(99)),
  chained: optional(z.boolean()),
})
export type CardUpdate = z.infer<typeof cardUpdateSchema>
