import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { queryRows } from '../src/db/client.ts'
import { invalidateCatalogue } from '../src/services/cards/catalogue.ts'
import { issueToken } from '../src/services/tokens.ts'
import { bearer, buildTestApp, createTestUser, type TestApp, type TestUser } from './helpers.ts'
import { importMatrixCatalogue, MATRIX_CATALOGUE } from './matrix-catalogue.ts'
import { seedThreads } from './thread-fixtures.ts'

/**
 * The site the permission tests run against: the matrix catalogue, one player of each kind,
 * and makers of fresh targets (every call makes new rows, so one case never changes the
 * answer of another).
 */
export const ROLES = ['anonymous', 'other', 'owner', 'admin', 'banned'] as const
export type Role = (typeof ROLES)[number]

export type SecuritySite = Awaited<ReturnType<typeof createSecuritySite>>

export const json = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  ({ method, url, ...(payload === undefined ? {} : { payload }) }) as InjectOptions

/** Test e-mails built from badges may hold characters e-mail validation refuses (`*`). */
export const freshEmail = () => `${randomUUID()}@example.org`

export const deckBody = (id: number | null) => ({
  id,
  title: 'Matrix deck',
  phoenixborn: MATRIX_CATALOGUE.phoenixborn,
  dice: [{ name: 'natural', count: 10 }],
  cards: [{ stub: MATRIX_CATALOGUE.card, count: 3 }],
})

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export async function createSecuritySite() {
  // Deck imports pull from the site's own export endpoint, on plain http: listed explicitly.
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const t: TestApp = await buildTestApp({
    env: { ALLOW_EXPORTS: 'true', DECK_IMPORT_SOURCES: url, RATE_LIMIT_IMPORT: '1000' },
  })
  await importMatrixCatalogue(t.database)
  await t.app.listen({ port, host: '127.0.0.1' })
  const players: Record<Exclude<Role, 'anonymous'>, TestUser> & { stranger: TestUser } = {
    other: await createTestUser(t),
    owner: await createTestUser(t),
    admin: await createTestUser(t, { isAdmin: true }),
    banned: await createTestUser(t, { isBanned: true }),
    stranger: await createTestUser(t),
  }
  const db = t.database.db

  /** A token for a role, fresh for each call (log-outs must not leak into the next case). */
  async function headersFor(role: Role): Promise<Record<string, string>> {
    if (role === 'anonymous') return {}
    // A password change in an earlier case ended the sessions issued up to that second.
    const [row] = await queryRows<{ after: number | null }>(
      db,
      sql`select floor(extract(epoch from tokens_valid_after))::int as after
          from "user" where badge = ${players[role].badge}`,
    )
    const { token } = await issueToken(
      t.config.secretKey,
      players[role].badge,
      3600,
      t.clock.now,
      row?.after ?? null,
    )
    return bearer({ token })
  }

  /** A comment by the owner on a fresh card thread. */
  async function ownersComment(): Promise<{ thread: number; comment: number }> {
    const { card } = await seedThreads(db, players.owner.id)
    const posted = await t.app.inject({
      method: 'POST',
      url: `/v2/comments/${card.entityId}`,
      headers: await headersFor('owner'),
      payload: { text: 'Mine' },
    })
    if (posted.statusCode !== 201) throw new Error(`comment not posted: ${posted.body}`)
    const page = await t.app.inject({ method: 'GET', url: `/v2/comments/${card.entityId}` })
    return { thread: card.entityId, comment: page.json().results[0].entity_id }
  }

  async function freshThread(): Promise<number> {
    return (await seedThreads(db, players.owner.id)).card.entityId
  }

  /** A working deck of the owner, saved and snapshotted privately through the API. */
  async function ownersDeck(): Promise<{ deck: number; snapshot: number }> {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v2/decks',
      headers: await headersFor('owner'),
      payload: deckBody(null),
    })
    if (saved.statusCode !== 200) throw new Error(`deck not saved: ${saved.body}`)
    const deck: number = saved.json().id
    const snapshot = await t.app.inject({
      method: 'POST',
      url: `/v2/decks/${deck}/snapshot`,
      headers: await headersFor('owner'),
      payload: { title: 'Private snapshot' },
    })
    if (snapshot.statusCode !== 201) throw new Error(`snapshot not saved: ${snapshot.body}`)
    return { deck, snapshot: snapshot.json().snapshot_id }
  }

  /** The share uuid of a deck row. */
  async function shareUuidOf(deckId: number): Promise<string> {
    const [row] = await queryRows<{ uuid: string }>(
      db,
      sql`select direct_share_uuid as uuid from deck where id = ${deckId}`,
    )
    if (!row) throw new Error(`no deck ${deckId}`)
    return row.uuid
  }

  /** The owner's export token, as another site would be given it. */
  async function ownersExportToken(): Promise<string> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/players/me/export',
      headers: await headersFor('owner'),
    })
    if (response.statusCode !== 200) throw new Error(`no export token: ${response.body}`)
    return response.json().export_token
  }

  /** The database id of a deck row seeded by entity id. */
  async function deckIdOf(entityId: number): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select id from deck where entity_id = ${entityId}`,
    )
    if (!row) throw new Error(`no deck with entity id ${entityId}`)
    return row.id
  }

  /**
   * Cards and decks of a player outside the matrix, so the owner's own decks stay the ones made
   * through the API (their export must stay importable by the deck import rows).
   */
  async function strangersThreads() {
    const threads = await seedThreads(db, players.stranger.id)
    // Seeded straight into the database: make this process's card cache read them.
    invalidateCatalogue(db)
    return threads
  }

  /** The stub of a card of a release that is not published yet. */
  async function unreleasedStub(): Promise<string> {
    const { unreleasedCard } = await strangersThreads()
    const [row] = await queryRows<{ stub: string }>(
      db,
      sql`select stub from card where entity_id = ${unreleasedCard.entityId}`,
    )
    if (!row) throw new Error('unreleased card not seeded')
    return row.stub
  }

  return {
    t,
    url,
    players,
    headersFor,
    ownersComment,
    freshThread,
    ownersDeck,
    shareUuidOf,
    ownersExportToken,
    deckIdOf,
    strangersThreads,
    unreleasedStub,
    close: () => t.close(),
  }
}
