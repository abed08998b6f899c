import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'

/**
 * One global, strictly increasing id for cards, deck rows and comments (API.md §8):
 * "newer than X" is `entity_id > X`, which the last-seen markers rely on.
 */
export const entityIdSeq = pgSequence('entity_id_seq')
const entityId = () =>
  bigint('entity_id', { mode: 'number' }).notNull().unique().default(sql`nextval('entity_id_seq')`)

const id = () => bigserial('id', { mode: 'number' }).primaryKey()
const ref = <N extends string>(name: N) => bigint(name, { mode: 'number' })
const stamp = <N extends string>(name: N) =>
  timestamp(name, { withTimezone: true, precision: 6, mode: 'string' }).notNull().defaultNow()

export const users = pgTable('user', {
  id: id(),
  /** Null for imported owners: such accounts cannot log in until an operator sets a log-in. */
  email: varchar('email', { length: 254 }).unique(),
  badge: varchar('badge', { length: 8 }).notNull().unique(),
  username: varchar('username', { length: 42 }).notNull(),
  description: text('description'),
  password: text('password'),
  isAdmin: boolean('is_admin').notNull().default(false),
  isBanned: boolean('is_banned').notNull().default(false),
  moderationNotes: text('moderation_notes'),
  resetUuid: uuid('reset_uuid').unique(),
  /** When the pending reset link was asked for; it expires RESET_TOKEN_HOURS later. */
  resetRequested: timestamp('reset_requested', { withTimezone: true, mode: 'string' }),
  /**
   * Log-in tokens issued at or before this second are refused (password changed or reset, "log
   * out everywhere"), except the one whose id is `kept_token_id`: the session that changed the
   * password stays logged in. Every process reads it with the player, so a cache of players
   * needs only to drop a player's row when it changes.
   */
  tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, mode: 'string' }),
  keptTokenId: varchar('kept_token_id', { length: 32 }),
  deckExportUuid: uuid('deck_export_uuid').unique(),
  newsletterOptIn: boolean('newsletter_opt_in').notNull().default(false),
  emailSubscriptions: boolean('email_subscriptions').notNull().default(true),
  excludeSubscriptions: boolean('exclude_subscriptions').notNull().default(false),
  colorizeIcons: boolean('colorize_icons').notNull().default(false),
  created: stamp('created'),
  modified: stamp('modified'),
})

export const revokedTokens = pgTable(
  'user_revoked_token',
  {
    revokedUuid: varchar('revoked_uuid', { length: 32 }).primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('user_revoked_token_expires_idx').on(t.expires)],
)

export const invites = pgTable('invite', {
  uuid: uuid('uuid').primaryKey(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  requests: integer('requests').notNull().default(1),
  requested: stamp('requested'),
})

export const releases = pgTable(
  'release',
  {
    id: id(),
    /** Publication order; imported from the data's `source_id`. */
    position: integer('position').notNull().default(0),
    name: varchar('name', { length: 60 }).notNull(),
    stub: varchar('stub', { length: 60 }).notNull(),
    isLegacy: boolean('is_legacy').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    isPhg: boolean('is_phg').notNull().default(false),
    isPromo: boolean('is_promo').notNull().default(false),
    isRetiring: boolean('is_retiring').notNull().default(false),
    designerName: varchar('designer_name', { length: 100 }),
    designerUrl: varchar('designer_url', { length: 255 }),
  },
  (t) => [uniqueIndex('release_stub_legacy_idx').on(t.stub, t.isLegacy)],
)

/**
 * Every combination of need masks a deck row has held (`services/collection/box-needs.ts`): a
 * few thousand rows, which a collection reads to name the masks it builds.
 */
export const boxNeedProfiles = pgTable(
  'box_need_profile',
  {
    need1: bigint('need1', { mode: 'bigint' }).notNull(),
    need2: bigint('need2', { mode: 'bigint' }).notNull(),
    need3: bigint('need3', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.need1, t.need2, t.need3] })],
)

export const userReleases = pgTable(
  'user_release',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    /** Boxes of the release the player owns (1 to 9; a release owned 0 times has no row). */
    boxes: integer('boxes').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.releaseId] }),
    check('user_release_boxes_check', sql`${t.boxes} between 1 and 9`),
  ],
)

export const cards = pgTable(
  'card',
  {
    id: id(),
    entityId: entityId(),
    name: varchar('name', { length: 30 }).notNull(),
    stub: varchar('stub', { length: 30 }).notNull(),
    /** Owning Phoenixborn's name for unique cards. */
    phoenixborn: varchar('phoenixborn', { length: 25 }),
    releaseId: ref('release_id')
      .notNull()
      .references(() => releases.id),
    /** Errata counter: older comments show as applying to a previous version. */
    version: integer('version').notNull().default(1),
    cardType: varchar('card_type', { length: 25 }).notNull(),
    isSummonSpell: boolean('is_summon_spell').notNull().default(false),
    isLegacy: boolean('is_legacy').notNull().default(false),
    costWeight: integer('cost_weight').notNull().default(0),
    diceFlags: integer('dice_flags').notNull().default(0),
    altDiceFlags: integer('alt_dice_flags').notNull().default(0),
    copies: integer('copies'),
    /**
     * Copies of the card one box of its release holds, and the precon holding them (null for a
     * card in no precon): derived from the release's precons on import (core `copiesPerBox`).
     */
    boxCopies: integer('box_copies'),
    boxDeck: varchar('box_deck', { length: 255 }),
    /** The wire card of API.md §5.2, as stored (SPARSE). */
    json: jsonb('json').notNull(),
    searchText: text('search_text').notNull(),
    /** First letters of the name's words (`teo` for Three-Eyed Owl), for initials search. */
    initials: varchar('initials', { length: 30 }).notNull().default(''),
    artistName: varchar('artist_name', { length: 100 }),
    artistUrl: varchar('artist_url', { length: 255 }),
  },
  (t) => [
    uniqueIndex('card_name_legacy_idx').on(t.name, t.isLegacy),
    uniqueIndex('card_stub_legacy_idx').on(t.stub, t.isLegacy),
    index('card_phoenixborn_idx').on(t.phoenixborn),
    index('card_type_idx').on(t.cardType),
    index('card_search_idx').using('gin', sql`to_tsvector('english', ${t.searchText})`),
  ],
)

/** Direct "conjures" links; chains are followed in code. */
export const cardConjurations = pgTable(
  'card_conjuration',
  {
    cardId: ref('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    conjurationId: ref('conjuration_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.conjurationId] })],
)

const publishedSnapshot = sql`is_snapshot and is_public and not is_deleted`

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * First letter or digit of each word of a deck title (`Fire & Ice` → `fi`), the deck side of
 * initials search (`teo` finds "The Ember Oath").
 */
function deckTitleInitials(title: SQL) {
  return sql`regexp_replace(regexp_replace(lower(coalesce(${title}, '')), '[^a-z0-9\\s-]+', '', 'g'), '[\\s-]*([^\\s-])[^\\s-]*|[\\s-]+', '\\1', 'g')`
}

export const decks = pgTable(
  'deck',
  {
    id: id(),
    entityId: entityId(),
    directShareUuid: uuid('direct_share_uuid').notNull().unique().default(sql`gen_random_uuid()`),
    title: varchar('title', { length: 255 }),
    description: text('description'),
    isPublic: boolean('is_public').notNull().default(false),
    isSnapshot: boolean('is_snapshot').notNull().default(false),
    isPreconstructed: boolean('is_preconstructed').notNull().default(false),
    isRedRains: boolean('is_red_rains').notNull().default(false),
    isLegacy: boolean('is_legacy').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isExported: boolean('is_exported').notNull().default(false),
    preconstructedRelease: ref('preconstructed_release').references(() => releases.id),
    created: stamp('created'),
    modified: stamp('modified'),
    /** Snapshot → its working deck; clone → the deck it was cloned from. */
    sourceId: ref('source_id').references((): AnyPgColumn => decks.id),
    userId: ref('user_id').references(() => users.id),
    phoenixbornId: ref('phoenixborn_id')
      .notNull()
      .references(() => cards.id),
    isModerated: boolean('is_moderated').notNull().default(false),
    originalDescription: text('original_description'),
    moderationNotes: text('moderation_notes'),
    ashes500Score: integer('ashes_500_score'),
    ashes500RevisionId: integer('ashes_500_revision_id'),
    /** `source_id` of an imported deck, so a repeated import updates instead of duplicating. */
    importId: integer('import_id').unique(),
    /**
     * Raised by every write that changes what the deck's answer shows (a save, a published
     * snapshot of it, an edit, a delete): the `ETag` of the deck and the check of `If-Match`.
     */
    version: integer('version').notNull().default(1),
    /** Title search (API.md §6.10): kept by the database, so a row check costs no parsing. */
    titleSearch: tsvector('title_search').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, ''))`,
    ),
    titleInitials: text('title_initials').generatedAlwaysAs(deckTitleInitials(sql`title`)),
    /**
     * What the deck needs of each Reborn release, one bit per release: at least one box
     * (`box_need1`), two, three (API `services/collection/box-needs.ts`). Null for Legacy decks.
     */
    boxNeed1: bigint('box_need1', { mode: 'bigint' }),
    boxNeed2: bigint('box_need2', { mode: 'bigint' }),
    boxNeed3: bigint('box_need3', { mode: 'bigint' }),
  },
  (t) => [
    index('deck_title_search_idx').using('gin', t.titleSearch),
    index('deck_source_idx').on(t.sourceId),
    index('deck_user_idx').on(t.userId, t.isSnapshot, t.isDeleted),
    index('deck_created_idx').on(t.created),
    index('deck_modified_idx').on(t.modified),
    index('deck_precon_release_idx')
      .on(t.preconstructedRelease)
      .where(sql`preconstructed_release is not null`),
    // Published snapshots only. The listings walk one of these in order and stop after a page;
    // `source_id` rides along so the "no newer publication" check needs no table read.
    // Migrations 0002 and 0006 add INCLUDE (title_search, title_initials, box_need1..3), which
    // the schema cannot declare: a title search or a collection's masks then filter from this
    // index without reading skipped rows (the modified one carries the masks).
    index('deck_public_created_idx')
      .on(t.isLegacy, t.isRedRains, t.created, t.id, t.sourceId)
      .where(publishedSnapshot),
    index('deck_public_modified_idx')
      .on(t.isLegacy, t.isRedRains, t.modified, t.id, t.sourceId)
      .where(publishedSnapshot),
    index('deck_public_phoenixborn_idx')
      .on(t.phoenixbornId, t.isLegacy, t.isRedRains, t.created, t.id, t.sourceId)
      .where(publishedSnapshot),
    index('deck_public_user_idx')
      .on(t.userId, t.isLegacy, t.isRedRains, t.created, t.id, t.sourceId)
      .where(publishedSnapshot),
    // The newest publication of a working deck; also answers "is there a newer one?".
    index('deck_public_source_idx').on(t.sourceId, t.created, t.id).where(publishedSnapshot),
    index('deck_public_initials_idx').on(t.titleInitials).where(publishedSnapshot),
    // "Decks I can build" for a collection that builds few: the decks of the masks it builds.
    // Migration 0006 adds INCLUDE (box_need2, box_need3, created, id, source_id), so the page
    // and its count read this index alone; it also adds the masks to the listing indexes'.
    index('deck_public_needs_idx')
      .on(t.isRedRains, t.boxNeed1)
      .where(sql`is_snapshot and is_public and not is_deleted and not is_legacy`),
  ],
)

/** The Phoenixborn and conjurations are never rows here. */
export const deckCards = pgTable(
  'deck_card',
  {
    deckId: ref('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    cardId: ref('card_id')
      .notNull()
      .references(() => cards.id),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deckId, t.cardId] }),
    // Decks holding a card, read from the index alone (listing filters and their counts).
    index('deck_card_card_deck_idx').on(t.cardId, t.deckId),
  ],
)

export const deckDice = pgTable(
  'deck_die',
  {
    deckId: ref('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    dieFlag: integer('die_flag').notNull(),
    count: integer('count').notNull(),
    /** Dice come back in the order they were saved. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deckId, t.dieFlag] })],
)

export const deckSelectedCards = pgTable(
  'deck_selected_card',
  {
    deckId: ref('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    cardId: ref('card_id')
      .notNull()
      .references(() => cards.id),
    /** 0 when the row is not a tutor link. */
    tutorCardId: ref('tutor_card_id').notNull().default(0),
    isFirstFive: boolean('is_first_five').notNull().default(false),
    isPaidEffect: boolean('is_paid_effect').notNull().default(false),
    /** First Five cards come back in the order they were chosen. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deckId, t.cardId, t.tutorCardId] })],
)

export const comments = pgTable(
  'comment',
  {
    id: id(),
    entityId: entityId(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    sourceEntityId: ref('source_entity_id').notNull(),
    sourceType: varchar('source_type', { length: 16 }).notNull(),
    sourceVersion: integer('source_version'),
    text: text('text').notNull(),
    orderingIncrement: integer('ordering_increment').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isModerated: boolean('is_moderated').notNull().default(false),
    originalText: text('original_text'),
    moderationNotes: text('moderation_notes'),
    created: stamp('created'),
    modified: stamp('modified'),
  },
  (t) => [
    index('comment_source_idx').on(t.sourceEntityId, t.created),
    index('comment_created_idx').on(t.created),
  ],
)

export const subscriptions = pgTable(
  'subscription',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceEntityId: ref('source_entity_id').notNull(),
    lastSeenEntityId: ref('last_seen_entity_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sourceEntityId] })],
)

/** Internal activity feed: one row per comment and per published working deck. */
export const stream = pgTable(
  'stream',
  {
    id: id(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull().unique(),
    entityType: varchar('entity_type', { length: 16 }).notNull(),
    sourceEntityId: ref('source_entity_id').notNull(),
    posted: stamp('posted'),
    isLegacy: boolean('is_legacy').notNull().default(false),
  },
  (t) => [index('stream_source_idx').on(t.sourceEntityId)],
)

/** Fixed-window counters shared by every API process (log-in, invitation and reset limits). */
export const rateLimits = pgTable('rate_limit', {
  key: varchar('key', { length: 300 }).primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'string' }).notNull(),
  count: integer('count').notNull(),
})

/** Small shared settings, e.g. the source of the last import. */
export const settings = pgTable('setting', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  modified: stamp('modified'),
})
