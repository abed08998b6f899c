import { CARD_TYPES, DICE_NAMES, MAGIC_TYPES, PLACEMENTS } from '@spellboard/core/cards'
import { z } from 'zod'

/**
 * The records of an import (API.md §12, the format of the Ashes.live example data): a folder's
 * files hold them as they are, and the other sources (another site's API, Ashteki's files) are
 * turned into them, so every import is checked by these schemas and written by one writer. Limits
 * follow the database columns, so a record that passes is stored without surprises. A source
 * that knows more about a record (e.g. how many copies of a card a box holds) adds a key here.
 */

const stub = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens')

const stat = z.union([z.number().int(), z.string().trim().min(1).max(5)])
const count = z.number().int().nonnegative()
const costToken = z.string().min(1).max(100)
const diceCost = z.record(z.string().min(1).max(60), count)
const cardMinimal = z.object({ name: z.string().min(1).max(30), stub: stub(30) })

export const releaseRecord = z.object({
  /** Publication order. */
  source_id: z.number().int(),
  stub: stub(60),
  name: z.string().trim().min(1).max(60),
  is_legacy: z.boolean(),
  is_public: z.boolean(),
  is_phg: z.boolean(),
  is_promo: z.boolean(),
  is_retiring: z.boolean(),
  designer_name: z.string().max(100).nullish(),
  designer_url: z.string().max(255).nullish(),
})
export type ReleaseRecord = z.infer<typeof releaseRecord>

export const cardRecord = z.object({
  name: z.string().trim().min(1).max(30),
  stub: stub(30),
  type: z.enum(CARD_TYPES),
  is_legacy: z.boolean(),
  /** With `is_legacy`, names the release; the embedded `release` copy is not trusted. */
  release_stub: stub(60),
  placement: z.enum(PLACEMENTS).optional(),
  cost: z.array(z.union([costToken, z.tuple([costToken, costToken])])).optional(),
  dice: z.array(z.enum(DICE_NAMES)).optional(),
  altDice: z.array(z.enum(MAGIC_TYPES)).optional(),
  magicCost: diceCost.optional(),
  effectMagicCost: diceCost.optional(),
  effectRepeats: z.boolean().optional(),
  text: z.string().optional(),
  conjurations: z.array(cardMinimal).optional(),
  phoenixborn: z.string().trim().min(1).max(25).optional(),
  attack: stat.optional(),
  life: stat.optional(),
  recover: stat.optional(),
  battlefield: stat.optional(),
  spellboard: stat.optional(),
  copies: count.optional(),
  weight: z.number().int().optional(),
  chained: z.boolean().optional(),
  artist_name: z.string().max(100).nullish(),
  artist_url: z.string().max(255).nullish(),
})
export type CardRecord = z.infer<typeof cardRecord>

export const userRecord = z.object({
  username: z.string().trim().min(1).max(42),
  badge: z.string().min(1).max(8),
  description: z.string().nullable(),
})
export type UserRecord = z.infer<typeof userRecord>

/** A refinement naming the repeated entry, which the database would refuse less clearly. */
const noRepeats =
  <T>(key: (item: T) => string, label: string) =>
  (items: T[], context: z.RefinementCtx) => {
    const seen = new Set<string>()
    items.forEach((item, index) => {
      const value = key(item)
      if (seen.has(value)) {
        context.addIssue({
          code: 'custom',
          path: [index],
          message: `${label} ${value} is repeated`,
        })
      }
      seen.add(value)
    })
  }

const timestamp = z.iso.datetime({ offset: true })
const deckDie = z.object({ name: z.enum(MAGIC_TYPES), count: z.number().int().min(1).max(10) })
const deckCard = z.object({ stub: stub(30), count: z.number().int().min(1).max(99) })

export const deckRecord = z.object({
  source_id: z.number().int().positive(),
  title: z.string().max(255).nullable(),
  description: z.string().nullable(),
  is_public: z.boolean(),
  is_snapshot: z.boolean(),
  /** For a snapshot, the deck it was published from; points at another deck's `source_id`. */
  source_deck_id: z.number().int().positive().nullable(),
  is_preconstructed: z.boolean(),
  /** Release stub in the deck's edition. */
  preconstructed_release: stub(60).nullable(),
  is_legacy: z.boolean(),
  /**
   * Absent when the source does not tell (Ashteki's files): a new deck then gets the time of the
   * import, and a deck imported before keeps its own.
   */
  created: timestamp.optional(),
  modified: timestamp.optional(),
  phoenixborn: stub(30),
  dice: z.array(deckDie).superRefine(noRepeats((die) => die.name, 'die')),
  cards: z.array(deckCard).superRefine(noRepeats((card) => card.stub, 'card')),
  /** The First Five: stubs of cards in `cards`, in the order they are played. */
  first_five: z
    .array(stub(30))
    .max(5)
    .superRefine(noRepeats((card) => card, 'card'))
    .optional(),
  /** Cards whose effect cost is paid early on (API.md §7.5); others than the deck's are dropped. */
  effect_costs: z
    .array(stub(30))
    .superRefine(noRepeats((card) => card, 'card'))
    .optional(),
  /** A tutor's stub → the stub of the card it fetches. */
  tutor_map: z.record(stub(30), stub(30)).optional(),
  /** The author's badge. */
  user: z.string().min(1).max(8).nullable(),
})
export type DeckRecord = z.infer<typeof deckRecord>

/** A deck of `decks.json`, which always gives both times. */
export const deckFileRecord = deckRecord.required({ created: true, modified: true })
