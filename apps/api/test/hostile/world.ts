import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { SignJWT } from 'jose'
import { buildApp } from '../../src/app.ts'
import { queryRows } from '../../src/db/client.ts'
import { importFolder } from '../../src/import/import-folder.ts'
import { DEMO_DATA_DIR } from '../../src/paths.ts'
import { hashPassword } from '../../src/services/passwords.ts'
import { issueToken } from '../../src/services/tokens.ts'
import {
  bearer,
  createTestDatabase,
  createTestUser,
  memoryMailer,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
  testConfig,
} from '../helpers.ts'
import { startHostileRemote } from './remote.ts'

/**
 * A small but complete site for hostile requests to hit: the demo catalogue and decks, players
 * of every kind, their decks, snapshots, comments, subscriptions, invitations and reset links.
 * The pools hold real identifiers, so requests reach deep code paths and not only validation.
 */
export type Pools = {
  deckId: number[]
  snapshotId: number[]
  entityId: number[]
  commentId: number[]
  cardStub: string[]
  phoenixbornStub: string[]
  releaseStub: string[]
  phoenixbornName: string[]
  badge: string[]
  inviteToken: string[]
  resetToken: string[]
  shareUuid: string[]
  exportToken: string[]
  email: string[]
  created: string[]
  /** The hostile remote site deck imports may call (listed in DECK_IMPORT_SOURCES). */
  importSource: string[]
}

export type Role = 'owner' | 'other' | 'admin' | 'banned'

export type World = {
  t: TestApp
  players: Record<Role, TestUser>
  pools: Pools
  /** An Authorization header value of the kind asked for (a fresh token for live players). */
  authorization: (kind: AuthKind) => Promise<string | undefined>
  /** Undoes what hostile requests wear down: bans, changed passwords, deleted decks, limits. */
  replenish: () => Promise<void>
  close: () => Promise<void>
}

export const AUTH_KINDS = [
  'none',
  'owner',
  'other',
  'admin',
  'banned',
  'expired',
  'revoked',
  'tampered-signature',
  'tampered-payload',
  'alg-none',
  'other-secret',
  'unknown-badge',
  'no-jti',
  'garbage',
  'empty-bearer',
  'basic-scheme',
  'lower-case-scheme',
  'huge',
] as const
export type AuthKind = (typeof AUTH_KINDS)[number]

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

async function signed(secret: string, claims: Record<string, unknown>): Promise<string> {
  return await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret))
}

async function inject(t: TestApp, options: InjectOptions) {
  const response = await t.app.inject(options)
  if (response.statusCode >= 300) {
    throw new Error(
      `seeding failed: ${JSON.stringify(options)} → ${response.statusCode} ${response.body}`,
    )
  }
  return response.json() as Record<string, unknown>
}

/**
 * The test app as production runs it: the built web app (a stand-in here) and the API docs are
 * served beside the API, so their routes face the same requests.
 */
async function buildSite(env: Record<string, string>): Promise<TestApp> {
  const webDist = mkdtempSync(path.join(tmpdir(), 'spellboard-hostile-web-'))
  mkdirSync(path.join(webDist, 'assets'))
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><script id="spellboard-config" type="application/json">{}</script>',
  )
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)')
  const owned = await createTestDatabase()
  const config = testConfig({ ALLOW_EXPORTS: 'true', WEB_DIST: webDist, ...env })
  const mailer = memoryMailer()
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms
    },
  }
  const app = await buildApp({
    config,
    database: owned.database,
    mailer,
    now: () => clock.now,
    logger: false,
  })
  await app.ready()
  return {
    app,
    database: owned.database,
    config,
    mailer,
    clock,
    close: async () => {
      await app.close()
      await owned.drop()
      rmSync(config.dataDir, { recursive: true, force: true })
      rmSync(webDist, { recursive: true, force: true })
    },
  }
}

export async function createWorld(env: Record<string, string> = {}): Promise<World> {
  const remote = await startHostileRemote()
  const t = await buildSite({
    DECK_IMPORT_SOURCES: remote.origin,
    RATE_LIMIT_IMPORT: '100000',
    ...env,
  })
  await importFolder(t.database, DEMO_DATA_DIR)
  const players: Record<Role, TestUser> = {
    owner: await createTestUser(t),
    other: await createTestUser(t),
    admin: await createTestUser(t, { isAdmin: true }),
    banned: await createTestUser(t, { isBanned: true }),
  }
  const passwordHash = await hashPassword(TEST_PASSWORD)
  const secret = t.config.secretKey
  const db = t.database.db

  const pools: Pools = {
    deckId: [],
    snapshotId: [],
    entityId: [],
    commentId: [],
    cardStub: [],
    phoenixbornStub: [],
    releaseStub: [],
    phoenixbornName: [],
    badge: Object.values(players).map((p) => p.badge),
    inviteToken: [],
    resetToken: [],
    shareUuid: [],
    exportToken: [],
    email: Object.values(players).map((p) => p.email),
    created: [],
    importSource: [remote.origin],
  }

  const cards = await queryRows<{
    stub: string
    name: string
    card_type: string
    entity_id: number
    is_legacy: boolean
  }>(db, sql`select stub, name, card_type, entity_id, is_legacy from card`)
  const rebornCards = cards.filter((c) => !c.is_legacy)
  pools.cardStub.push(...new Set(cards.map((c) => c.stub)))
  pools.entityId.push(...cards.map((c) => c.entity_id))
  const phoenixborns = cards.filter((c) => c.card_type === 'Phoenixborn')
  pools.phoenixbornStub.push(...new Set(phoenixborns.map((c) => c.stub)))
  pools.phoenixbornName.push(...new Set(phoenixborns.map((c) => c.name)))
  const releases = await queryRows<{ stub: string }>(db, sql`select stub from release`)
  pools.releaseStub.push(...new Set(releases.map((r) => r.stub)))

  const revoked = await issueToken(secret, players.other.badge, 3600, t.clock.now)
  await inject(t, { method: 'DELETE', url: '/v2/token', headers: bearer(revoked) })
  const exportToken = (
    await inject(t, {
      method: 'GET',
      url: '/v2/players/me/export',
      headers: bearer(players.owner),
    })
  ).export_token as string
  pools.exportToken.push(exportToken)

  /** Decks, snapshots and threads of the owner, made through the API like a player would. */
  async function seedDecks() {
    const [published] = await queryRows<{ id: number }>(
      db,
      sql`select id from deck where is_public and is_snapshot and not is_legacy and not is_deleted
          order by id limit 1`,
    )
    if (!published) throw new Error('the demo data has no public deck')
    const clone = await inject(t, {
      method: 'GET',
      url: `/v2/decks/${published.id}/clone`,
      headers: bearer(players.owner),
    })
    const deckId = clone.id as number
    const publicSnapshot = await inject(t, {
      method: 'POST',
      url: `/v2/decks/${deckId}/snapshot`,
      headers: bearer(players.owner),
      payload: { is_public: true, title: 'Hostile public' },
    })
    const privateSnapshot = await inject(t, {
      method: 'POST',
      url: `/v2/decks/${deckId}/snapshot`,
      headers: bearer(players.owner),
      payload: { title: 'Hostile private' },
    })
    const working = await inject(t, {
      method: 'GET',
      url: `/v2/decks/${deckId}?show_saved=true`,
      headers: bearer(players.owner),
    })
    const deck = working.deck as { entity_id: number; direct_share_uuid: string; created: string }
    await inject(t, {
      method: 'POST',
      url: `/v2/comments/${deck.entity_id}`,
      headers: bearer(players.other),
      payload: { text: 'A comment on the deck' },
    })
    const card = rebornCards[Math.floor(Math.random() * rebornCards.length)]
    if (card) {
      await inject(t, {
        method: 'POST',
        url: `/v2/comments/${card.entity_id}`,
        headers: bearer(players.owner),
        payload: { text: 'A comment on the card' },
      })
    }
    pools.deckId.push(deckId, published.id)
    pools.snapshotId.push(
      publicSnapshot.snapshot_id as number,
      privateSnapshot.snapshot_id as number,
    )
    pools.entityId.push(deck.entity_id)
    pools.shareUuid.push(deck.direct_share_uuid)
    pools.created.push(deck.created)
  }

  async function refreshPools() {
    const decks = await queryRows<{
      id: number
      entity_id: number
      direct_share_uuid: string
      is_snapshot: boolean
    }>(
      db,
      sql`select id, entity_id, direct_share_uuid, is_snapshot from deck order by id desc limit 60`,
    )
    const comments = await queryRows<{ entity_id: number }>(
      db,
      sql`select entity_id from comment order by id desc limit 40`,
    )
    const unique = <T>(list: T[]) => [...new Set(list)]
    pools.deckId.splice(0, pools.deckId.length, ...unique(decks.map((d) => d.id)))
    pools.snapshotId.splice(
      0,
      pools.snapshotId.length,
      ...unique(decks.filter((d) => d.is_snapshot).map((d) => d.id)),
    )
    pools.shareUuid.splice(
      0,
      pools.shareUuid.length,
      ...unique(decks.map((d) => d.direct_share_uuid)),
    )
    pools.commentId.splice(0, pools.commentId.length, ...comments.map((c) => c.entity_id))
    pools.entityId.splice(
      0,
      pools.entityId.length,
      ...unique([
        ...cards.map((c) => c.entity_id),
        ...decks.map((d) => d.entity_id),
        ...comments.map((c) => c.entity_id),
      ]),
    )
  }

  async function seedAccounts() {
    const invite = randomUUID()
    await db.execute(
      sql`insert into invite (uuid, email) values (${invite}, ${`${invite}@example.org`})`,
    )
    const reset = randomUUID()
    const target = await createTestUser(t)
    await db.execute(
      sql`update "user" set reset_uuid = ${reset}, reset_requested = ${new Date(t.clock.now).toISOString()}
          where id = ${target.id}`,
    )
    pools.inviteToken.splice(0, pools.inviteToken.length, invite)
    pools.resetToken.splice(0, pools.resetToken.length, reset)
    pools.badge.push(target.badge)
    pools.email.push(target.email)
  }

  async function replenish() {
    const ids = [players.owner.id, players.other.id, players.admin.id]
    await db.execute(
      sql`update "user" set is_banned = false, password = ${passwordHash}, is_admin = false,
            tokens_valid_after = null, kept_token_id = null
          where id in (${sql.join(ids, sql`, `)})`,
    )
    await db.execute(sql`update "user" set is_admin = true where id = ${players.admin.id}`)
    await db.execute(sql`update "user" set is_banned = true where id = ${players.banned.id}`)
    await db.execute(sql`delete from rate_limit`)
    await db.execute(sql`update release set is_public = true`)
    await seedDecks()
    await seedAccounts()
    await refreshPools()
  }

  await replenish()

  /** The second up to which a player's sessions were ended (a password change, "log out everywhere"). */
  async function validAfter(badge: string): Promise<number | null> {
    const [row] = await queryRows<{ after: number | null }>(
      db,
      sql`select floor(extract(epoch from tokens_valid_after))::int as after
          from "user" where badge = ${badge}`,
    )
    return row?.after ?? null
  }

  async function authorization(kind: AuthKind): Promise<string | undefined> {
    const fresh = async (badge: string, lifetime = 3600, at = t.clock.now) =>
      (await issueToken(secret, badge, lifetime, at, await validAfter(badge))).token
    switch (kind) {
      case 'none':
        return undefined
      case 'owner':
      case 'other':
      case 'admin':
      case 'banned':
        return `Bearer ${await fresh(players[kind].badge)}`
      case 'expired':
        return `Bearer ${await fresh(players.owner.badge, 60, t.clock.now - 3600_000)}`
      case 'revoked':
        return `Bearer ${revoked.token}`
      case 'tampered-signature': {
        const token = await fresh(players.owner.badge)
        const last = token.at(-2) === 'A' ? 'B' : 'A'
        return `Bearer ${token.slice(0, -2)}${last}${token.at(-1)}`
      }
      case 'tampered-payload': {
        const [header, , signature] = (await fresh(players.owner.badge)).split('.')
        const payload = b64({ sub: players.admin.badge, jti: 'a'.repeat(32), exp: 4e9 })
        return `Bearer ${header}.${payload}.${signature}`
      }
      case 'alg-none':
        return `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: players.admin.badge, jti: 'b'.repeat(32), exp: 4e9 })}.`
      case 'other-secret':
        return `Bearer ${(await issueToken('another-secret-that-is-long-enough-too', players.admin.badge, 3600, t.clock.now)).token}`
      case 'unknown-badge':
        return `Bearer ${await fresh('zz9zz')}`
      case 'no-jti':
        return `Bearer ${await signed(secret, { sub: players.owner.badge, exp: Math.floor(t.clock.now / 1000) + 3600 })}`
      case 'garbage':
        return 'Bearer not.a.token'
      case 'empty-bearer':
        return 'Bearer '
      case 'basic-scheme':
        return `Basic ${Buffer.from(`${players.owner.email}:${TEST_PASSWORD}`).toString('base64')}`
      case 'lower-case-scheme':
        return `bearer ${await fresh(players.owner.badge)}`
      case 'huge':
        return `Bearer ${'a'.repeat(20_000)}.${'b'.repeat(20_000)}.${'c'.repeat(100)}`
    }
  }

  const close = async () => {
    await t.close()
    await remote.close()
  }
  return { t, players, pools, authorization, replenish, close }
}
