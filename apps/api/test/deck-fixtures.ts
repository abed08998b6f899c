import type { DeckSave } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import { queryRows } from '../src/db/client.ts'
import { importFolder } from '../src/import/import-folder.ts'
import { DEMO_DATA_DIR } from '../src/paths.ts'
import { bearer, buildTestApp, type TestApp, type TestUser } from './helpers.ts'

/**
 * Deck tests run on the shipped demo set (four Reborn Phoenixborn with uniques, summons, a
 * conjuration chain, precons and a Legacy deck), imported once per test app.
 */
export async function buildDeckTestApp(
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<TestApp> {
  const t = await buildTestApp(options)
  await importFolder(t.database, DEMO_DATA_DIR)
  return t
}

/** A legal Sera Emberlock deck (30 cards, 10 dice), as the web builder sends it. */
export const SERA_DECK = {
  title: 'Embers Rising',
  description: 'Burn **bright**.',
  phoenixborn: 'sera-emberlock',
  dice: [
    { name: 'ceremonial', count: 5 },
    { name: 'charm', count: 5 },
  ],
  cards: [
    { stub: 'ashbound-acolyte', count: 3 },
    { stub: 'charmed-guardian', count: 3 },
    { stub: 'emberlock-oath', count: 2 },
    { stub: 'gentle-word', count: 3 },
    { stub: 'grave-offering', count: 3 },
    { stub: 'last-ember', count: 3 },
    { stub: 'quick-study', count: 3 },
    { stub: 'seras-firebrand', count: 1 },
    { stub: 'summon-cinder-hound', count: 3 },
    { stub: 'summon-lantern-moth', count: 3 },
    { stub: 'winsome-ward', count: 3 },
  ],
  first_five: [],
  effect_costs: [],
  tutor_map: {},
  is_red_rains: false,
} satisfies Partial<DeckSave> & Record<string, unknown>

export type DeckBody = Record<string, unknown>

export function putDeck(t: TestApp, user: TestUser | null, body: DeckBody) {
  return t.app.inject({
    method: 'PUT',
    url: '/v2/decks',
    headers: user ? bearer(user) : {},
    payload: body,
  })
}

/** Saves a deck that must be accepted; returns its id. */
export async function createDeck(
  t: TestApp,
  user: TestUser,
  body: DeckBody = SERA_DECK,
): Promise<number> {
  const response = await putDeck(t, user, body)
  if (response.statusCode !== 200) {
    throw new Error(`save refused: ${response.statusCode} ${response.body}`)
  }
  return response.json().id as number
}

export function postSnapshot(t: TestApp, user: TestUser, deckId: number, body?: DeckBody) {
  return t.app.inject({
    method: 'POST',
    url: `/v2/decks/${deckId}/snapshot`,
    headers: bearer(user),
    ...(body === undefined ? {} : { payload: body }),
  })
}

/** Publishes (or snapshots privately) a deck; returns the snapshot id. */
export async function snapshot(
  t: TestApp,
  user: TestUser,
  deckId: number,
  body: DeckBody = { is_public: true },
): Promise<number> {
  const response = await postSnapshot(t, user, deckId, body)
  if (response.statusCode !== 201) {
    throw new Error(`snapshot refused: ${response.statusCode} ${response.body}`)
  }
  return response.json().snapshot_id as number
}

/** A GET as `user` (or anonymously); answers status and parsed body. */
export async function get(t: TestApp, url: string, user?: TestUser | null) {
  const response = await t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} })
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as Record<string, unknown> & { detail?: unknown }) : {},
  }
}

/** The database id of a demo deck, by its `source_id` in demo-data/decks.json. */
export async function demoDeckId(t: TestApp, sourceId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from deck where import_id = ${sourceId}`,
  )
  if (!row) throw new Error(`demo deck ${sourceId} not imported`)
  return row.id
}

/** Runs SQL straight on the test database (setting up states the API cannot reach). */
export function execute<T>(t: TestApp, statement: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(t.database.db, statement)
}

export function deleteDeck(t: TestApp, user: TestUser, deckId: number) {
  return t.app.inject({ method: 'DELETE', url: `/v2/decks/${deckId}`, headers: bearer(user) })
}
