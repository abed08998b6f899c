import {
  CARD_LIST_MODES,
  CARD_SORTS,
  CARD_TYPE_FILTERS,
  CARD_TYPES,
  DICE_LOGICS,
  DICE_NAMES,
  MAGIC_TYPES,
  PLACEMENTS,
  RELEASE_FILTERS,
  SORT_ORDERS,
} from '@spellboard/core/cards'
import fc from 'fast-check'
import { TEST_PASSWORD } from '../helpers.ts'
import { hostileJsonArb, textArb } from './values.ts'
import type { Pools } from './world.ts'

/**
 * Every endpoint of API.md §13 (plus the card images), described just enough to build requests
 * that are almost right: real identifiers in the path, known query keys, bodies of the right
 * shape. The request builder then spoils them in every way it knows.
 */
export type PoolName = keyof Pools
export type QueryValues = (pools: Pools) => fc.Arbitrary<string>
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; model: (pools: Pools) => fc.Arbitrary<unknown> }
  | { kind: 'form'; model: (pools: Pools) => fc.Arbitrary<Record<string, string>> }

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** With `{name}` placeholders filled from the pool of the same name in `params`. */
  path: string
  params?: Record<string, PoolName>
  query?: Record<string, QueryValues>
  body: BodySpec
}

/** A real value from a pool, read when the request is built (pools change as the run goes). */
export const pick =
  <K extends PoolName>(name: K) =>
  (pools: Pools) =>
    fc.nat().map((i) => {
      const pool = pools[name] as unknown[]
      return pool.length === 0 ? 'missing' : pool[i % pool.length]
    }) as fc.Arbitrary<Pools[K][number]>

/** Mostly the right value, sometimes anything at all. */
function field<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: hostileJsonArb })
}

/** An object of the right shape; now and then a key goes missing or a stranger joins. */
function shaped(model: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const keys = Object.keys(model)
  return fc
    .tuple(
      fc.record(model),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant<string[]>([]) },
        { weight: 1, arbitrary: fc.subarray(keys) },
      ),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(textArb, hostileJsonArb, { maxKeys: 2 }) },
      ),
    )
    .map(([record, dropped, extra]) => {
      const out: Record<string, unknown> = { ...extra, ...record }
      for (const key of dropped) delete out[key]
      return out
    })
}

const bool = () => fc.constantFrom('true', 'false', '1', '0', 'yes', 'off', 'T', 'n', 'TRUE')
const int = () => fc.integer({ min: -3, max: 150 }).map(String)
const oneOf =
  (values: readonly string[]): QueryValues =>
  () =>
    fc.constantFrom(...values)
const fromPool =
  (name: PoolName): QueryValues =>
  (pools) =>
    pick(name)(pools).map(String)
const paging = { limit: () => int(), offset: () => int() }

const password = () => field(fc.constantFrom(TEST_PASSWORD, 'another password', 'short'))
const email = (pools: Pools) =>
  field(fc.oneof(pick('email')(pools), fc.constant('nobody@example.org'), textArb))
const text = () => field(fc.oneof(fc.string({ maxLength: 30 }), textArb))
const stub = (pools: Pools) => field(fc.oneof(pick('cardStub')(pools), textArb))
const die = () =>
  field(
    fc.record({
      name: field(fc.constantFrom(...MAGIC_TYPES, 'nature', 'NATURAL', 'basic')),
      count: field(fc.integer({ min: -1, max: 12 })),
    }),
  )
const cardEntry = (pools: Pools) =>
  field(fc.record({ stub: stub(pools), count: field(fc.integer({ min: -1, max: 4 })) }))

const deckBody = (pools: Pools) =>
  shaped({
    id: field(fc.oneof(pick('deckId')(pools), fc.constant(null), fc.constant(0))),
    title: text(),
    description: text(),
    phoenixborn: field(
      fc.oneof(
        pick('phoenixbornStub')(pools),
        pick('phoenixbornStub')(pools).map((s) => ({ stub: s })),
        pick('cardStub')(pools),
      ),
    ),
    dice: field(fc.array(die(), { maxLength: 12 })),
    cards: field(fc.array(cardEntry(pools), { maxLength: 40 })),
    first_five: field(fc.array(stub(pools), { maxLength: 6 })),
    effect_costs: field(fc.array(stub(pools), { maxLength: 3 })),
    tutor_map: field(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))),
    is_red_rains: field(fc.boolean()),
  })

const stat = () =>
  field(fc.oneof(fc.integer({ min: -2, max: 20 }), fc.constantFrom('X', '+1', '3')))
const costList = () =>
  field(
    fc.array(
      fc.oneof(
        fc.constantFrom(
          '[[main]]',
          '[[side]]',
          '1 [[charm:class]]',
          '2 [[basic]]',
          'X [[discard]]',
        ),
        fc.tuple(fc.constant('1 [[charm:class]]'), fc.constant('1 [[natural:power]]')),
        textArb,
      ),
      { maxLength: 5 },
    ),
  )

export const ENDPOINTS: Endpoint[] = [
  // §7.1 session and account
  {
    method: 'POST',
    path: '/v2/token',
    body: {
      kind: 'form',
      model: (pools) =>
        fc.record(
          {
            username: fc.oneof(pick('email')(pools), textArb),
            password: fc.oneof(fc.constant(TEST_PASSWORD), textArb),
            scope: fc.constantFrom('', 'token:longterm', 'TOKEN:LONGTERM other', 'x'),
            grant_type: fc.constantFrom('password', 'client_credentials', ''),
            client_id: textArb,
          },
          { requiredKeys: [] },
        ),
    },
  },
  { method: 'DELETE', path: '/v2/token', body: { kind: 'none' } },
  {
    method: 'POST',
    path: '/v2/players/new',
    body: { kind: 'json', model: (pools) => shaped({ email: email(pools) }) },
  },
  {
    method: 'GET',
    path: '/v2/players/new/{token}',
    params: { token: 'inviteToken' },
    body: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/v2/players/new/{token}',
    params: { token: 'inviteToken' },
    body: {
      kind: 'json',
      model: () =>
        shaped({
          username: field(fc.oneof(fc.constant(null), fc.string({ maxLength: 50 }))),
          password: password(),
          password_confirm: password(),
          description: text(),
          newsletter_opt_in: field(fc.boolean()),
        }),
    },
  },
  { method: 'GET', path: '/v2/players/me', body: { kind: 'none' } },
  {
    method: 'PATCH',
    path: '/v2/players/me',
    body: {
      kind: 'json',
      model: () =>
        shaped({
          username: text(),
          description: field(fc.oneof(fc.constant(null), fc.string())),
          newsletter_opt_in: field(fc.boolean()),
          email_subscriptions: field(fc.boolean()),
          exclude_subscriptions: field(fc.boolean()),
          colorize_icons: field(fc.boolean()),
        }),
    },
  },
  {
    method: 'POST',
    path: '/v2/players/me/password',
    body: {
      kind: 'json',
      model: () =>
        shaped({
          current_password: password(),
          password: password(),
          password_confirm: password(),
        }),
    },
  },
  { method: 'DELETE', path: '/v2/players/me/sessions', body: { kind: 'none' } },
  { method: 'GET', path: '/v2/players/me/export', body: { kind: 'none' } },
  {
    method: 'GET',
    path: '/v2/players/{badge}',
    params: { badge: 'badge' },
    body: { kind: 'none' },
  },
  {
    method: 'PATCH',
    path: '/v2/players/{badge}',
    params: { badge: 'badge' },
    body: {
      kind: 'json',
      model: () =>
        shaped({
          username: text(),
          description: text(),
          is_banned: field(fc.boolean()),
          moderation_notes: text(),
        }),
    },
  },
  {
    method: 'POST',
    path: '/v2/reset',
    body: { kind: 'json', model: (pools) => shaped({ email: email(pools) }) },
  },
  {
    method: 'GET',
    path: '/v2/reset/{token}',
    params: { token: 'resetToken' },
    body: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/v2/reset/{token}',
    params: { token: 'resetToken' },
    body: {
      kind: 'json',
      model: () => shaped({ password: password(), password_confirm: password() }),
    },
  },

  // §7.2, §7.3 cards
  {
    method: 'GET',
    path: '/v2/cards',
    query: {
      q: () => textArb,
      show_legacy: bool,
      types: oneOf(CARD_TYPE_FILTERS),
      mode: oneOf(CARD_LIST_MODES),
      show_summons: bool,
      releases: oneOf(RELEASE_FILTERS),
      r: fromPool('releaseStub'),
      dice: oneOf(DICE_NAMES),
      dice_logic: oneOf(DICE_LOGICS),
      include_uniques_for: fromPool('phoenixbornName'),
      sort: oneOf(CARD_SORTS),
      order: oneOf(SORT_ORDERS),
      ...paging,
    },
    body: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/v2/cards/{stub}',
    params: { stub: 'cardStub' },
    query: { show_legacy: bool, for_update: bool },
    body: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/v2/cards/{stub}/details',
    params: { stub: 'cardStub' },
    query: { show_legacy: bool },
    body: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/v2/cards/fuzzy-lookup',
    query: {
      q: () => fc.oneof(textArb, fc.constantFrom('summon', 'hammer knight', '')),
      show_legacy: bool,
    },
    body: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/v2/cards',
    body: {
      kind: 'json',
      model: (pools) =>
        shaped({
          name: field(fc.string({ minLength: 2, maxLength: 32 })),
          card_type: field(fc.constantFrom(...CARD_TYPES)),
          placement: field(fc.constantFrom(...PLACEMENTS)),
          release: field(fc.oneof(fc.constant('Hostile Future'), pick('releaseStub')(pools))),
          text: field(fc.oneof(fc.constant('[[Summon Ember]] conjuration'), fc.string())),
          cost: field(
            fc.oneof(costList(), fc.constant('[[main]] - 1 [[charm:class]] / 1 [[natural:class]]')),
          ),
          effect_magic_cost: costList(),
          can_effect_repeat: field(fc.boolean()),
          dice: field(fc.array(fc.constantFrom(...DICE_NAMES), { maxLength: 4 })),
          alt_dice: field(fc.array(fc.constantFrom(...DICE_NAMES), { maxLength: 4 })),
          phoenixborn: field(pick('phoenixbornName')(pools)),
          attack: stat(),
          battlefield: stat(),
          life: stat(),
          recover: stat(),
          spellboard: stat(),
          copies: field(fc.integer({ min: -1, max: 100 })),
        }),
    },
  },
  {
    method: 'PATCH',
    path: '/v2/cards/{stub}',
    params: { stub: 'cardStub' },
    body: {
      kind: 'json',
      model: () =>
        shaped({
          is_errata: field(fc.boolean()),
          name: field(fc.string({ minLength: 2, maxLength: 32 })),
          text: text(),
          search_keywords: text(),
          cost: costList(),
          dice: field(fc.array(fc.constantFrom(...DICE_NAMES), { maxLength: 4 })),
          altDice: field(fc.array(fc.constantFrom(...DICE_NAMES), { maxLength: 4 })),
          magicCost: field(
            fc.dictionary(
              fc.constantFrom('basic', 'charm:class', 'a / b'),
              fc.integer({ min: -1, max: 5 }),
            ),
          ),
          effectMagicCost: field(fc.dictionary(fc.string(), fc.integer())),
          effectRepeats: field(fc.boolean()),
          attack: stat(),
          life: stat(),
          copies: field(fc.integer({ min: -1, max: 100 })),
          chained: field(fc.boolean()),
        }),
    },
  },

  // §7.4 releases
  { method: 'GET', path: '/v2/releases', query: { show_legacy: bool }, body: { kind: 'none' } },
  {
    method: 'PUT',
    path: '/v2/releases/mine',
    body: {
      kind: 'json',
      model: (pools) => field(fc.array(field(pick('releaseStub')(pools)), { maxLength: 5 })),
    },
  },
  { method: 'GET', path: '/v2/releases/boxes', body: { kind: 'none' } },
  { method: 'GET', path: '/v2/players/me/collection', body: { kind: 'none' } },
  {
    method: 'PUT',
    path: '/v2/players/me/collection',
    body: {
      kind: 'json',
      model: (pools) =>
        shaped({
          releases: field(
            fc.dictionary(
              fc.oneof(pick('releaseStub')(pools), fc.string({ maxLength: 70 })),
              field(fc.integer({ min: -2, max: 12 })),
              { maxKeys: 4 },
            ),
          ),
        }),
    },
  },
  {
    method: 'PATCH',
    path: '/v2/releases/{stub}',
    params: { stub: 'releaseStub' },
    body: { kind: 'json', model: () => shaped({ is_public: field(fc.boolean()) }) },
  },

  // §7.5 decks
  {
    method: 'GET',
    path: '/v2/decks',
    query: {
      q: () => textArb,
      phoenixborn: fromPool('phoenixbornStub'),
      card: fromPool('cardStub'),
      player: fromPool('badge'),
      show_legacy: bool,
      show_red_rains: bool,
      show_preconstructed: bool,
      sort: oneOf(['created', 'modified']),
      order: oneOf(SORT_ORDERS),
      ...paging,
    },
    body: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/v2/decks/mine',
    query: {
      q: () => textArb,
      phoenixborn: fromPool('phoenixbornStub'),
      card: fromPool('cardStub'),
      show_legacy: bool,
      show_red_rains: bool,
      sort: oneOf(['created', 'modified']),
      order: oneOf(SORT_ORDERS),
      ...paging,
    },
    body: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/v2/decks/{deck_id}',
    params: { deck_id: 'deckId' },
    query: { show_saved: bool, full_cards: bool },
    body: { kind: 'none' },
  },
  { method: 'PUT', path: '/v2/decks', body: { kind: 'json', model: deckBody } },
  {
    method: 'POST',
    path: '/v2/decks/{deck_id}/snapshot',
    params: { deck_id: 'deckId' },
    body: {
      kind: 'json',
      model: (pools) =>
        fc.oneof(
          fc.constant(null),
          shaped({
            title: text(),
            description: text(),
            is_public: field(fc.boolean()),
            include_first_five: field(fc.boolean()),
            preconstructed_release: field(pick('releaseStub')(pools)),
          }),
        ),
    },
  },
  {
    method: 'PATCH',
    path: '/v2/decks/snapshots/{snapshot_id}',
    params: { snapshot_id: 'snapshotId' },
    body: {
      kind: 'json',
      model: () => shaped({ title: text(), description: text(), moderation_notes: text() }),
    },
  },
  {
    method: 'GET',
    path: '/v2/decks/{deck_id}/snapshots',
    params: { deck_id: 'deckId' },
    query: { show_public_only: bool, order: oneOf(SORT_ORDERS), ...paging },
    body: { kind: 'none' },
  },
  {
    method: 'DELETE',
    path: '/v2/decks/{deck_id}',
    params: { deck_id: 'deckId' },
    body: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/v2/decks/{deck_id}/clone',
    params: { deck_id: 'deckId' },
    query: { direct_share_uuid: fromPool('shareUuid'), red_rains: bool },
    body: { kind: 'none' },
  },
  {
    method: 'GET',
    path: '/v2/decks/shared/{uuid}',
    params: { uuid: 'shareUuid' },
    body: { kind: 'none' },
  },

  // §7.6 comments
  {
    method: 'GET',
    path: '/v2/comments/{entity_id}',
    params: { entity_id: 'entityId' },
    query: { order: oneOf(SORT_ORDERS), ...paging },
    body: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/v2/comments/{entity_id}',
    params: { entity_id: 'entityId' },
    body: { kind: 'json', model: () => shaped({ text: text() }) },
  },
  {
    method: 'PATCH',
    path: '/v2/comment/{entity_id}',
    params: { entity_id: 'commentId' },
    body: { kind: 'json', model: () => shaped({ text: text(), moderation_notes: text() }) },
  },
  {
    method: 'DELETE',
    path: '/v2/comment/{entity_id}',
    params: { entity_id: 'commentId' },
    query: { moderation_notes: () => textArb },
    body: { kind: 'none' },
  },

  // §7.7 subscriptions
  {
    method: 'POST',
    path: '/v2/subscription/{entity_id}',
    params: { entity_id: 'entityId' },
    body: { kind: 'none' },
  },
  {
    method: 'DELETE',
    path: '/v2/subscription/{entity_id}',
    params: { entity_id: 'entityId' },
    body: { kind: 'none' },
  },
  {
    method: 'PATCH',
    path: '/v2/subscription/{entity_id}',
    params: { entity_id: 'entityId' },
    body: {
      kind: 'json',
      model: (pools) => shaped({ last_seen_entity_id: field(pick('entityId')(pools)) }),
    },
  },

  // §7.8, §7.9 health, site-to-site and images
  { method: 'GET', path: '/health-check', body: { kind: 'none' } },
  {
    method: 'GET',
    path: '/v2/decks/export/{token}',
    params: { token: 'exportToken' },
    query: { from_date: fromPool('created'), deck_share_uuid: fromPool('shareUuid') },
    body: { kind: 'none' },
  },
  {
    method: 'POST',
    path: '/v2/decks/export/{token}',
    params: { token: 'exportToken' },
    body: {
      kind: 'json',
      model: (pools) => field(fc.array(field(pick('created')(pools)), { maxLength: 31 })),
    },
  },
  {
    method: 'GET',
    path: '/v2/decks/import/{token}',
    params: { token: 'exportToken' },
    query: {
      from_date: fromPool('created'),
      deck_share_uuid: fromPool('shareUuid'),
      from_api: (pools) =>
        fc.oneof(
          { weight: 3, arbitrary: pick('importSource')(pools) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              'hostile.example',
              'http://hostile.example/api',
              'ftp://x',
              '',
              'http://127.0.0.1:9',
              'http://[::ffff:127.0.0.1]',
              'https://api.ashes.live@127.0.0.1',
            ),
          },
        ),
    },
    body: { kind: 'none' },
  },
  // the web app and the API documentation served beside the API
  { method: 'GET', path: '/cards/{stub}', params: { stub: 'cardStub' }, body: { kind: 'none' } },
  { method: 'GET', path: '/{page}', params: { page: 'cardStub' }, body: { kind: 'none' } },
  { method: 'GET', path: '/assets/{file}', params: { file: 'cardStub' }, body: { kind: 'none' } },
  { method: 'GET', path: '/docs/{page}', params: { page: 'cardStub' }, body: { kind: 'none' } },
  {
    method: 'GET',
    path: '/card-images/{file}.svg',
    params: { file: 'cardStub' },
    body: { kind: 'none' },
  },
]
