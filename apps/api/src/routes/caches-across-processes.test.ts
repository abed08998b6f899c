import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeck, execute, get, putDeck, SERA_DECK, snapshot } from '../../test/deck-fixtures.ts'
import {
  bearer,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  TEST_PASSWORD,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../test/helpers.ts'
import type { Database } from '../db/client.ts'
import { importFolder } from '../import/import-folder.ts'
import { DEMO_DATA_DIR } from '../paths.ts'
import { issueToken } from '../services/tokens.ts'

/**
 * Two API instances on one database, standing for two processes of one site: on PostgreSQL
 * (DATABASE_URL) each has its own connections, listener and caches, exactly as two processes
 * would; on PGlite they share the embedded database but not their caches. Every read below is
 * first answered (and kept) by B, then the data changes through A (or straight in the
 * database, as the import and account commands write), and B must answer the change as soon
 * as the change notice reaches it: there is no cache lifetime to wait for. A write through A
 * that ends a session is answered only once B has forgotten it, so B refuses the very next
 * request.
 */
let owned: TestDatabase
let second: Database | undefined
let a: TestApp
let b: TestApp

beforeAll(async () => {
  owned = await createTestDatabase()
  const env = { ALLOW_EXPORTS: 'true' }
  a = await buildTestApp({ database: owned, env })
  await importFolder(a.database, DEMO_DATA_DIR)
  second = await owned.connectAgain?.()
  const database = second ? { database: second, drop: async () => {} } : owned
  b = await buildTestApp({ database, clock: a.clock, env })
})
afterAll(async () => {
  await b.close()
  await second?.close()
  await a.close()
  await owned.drop()
})

/** B's answer changes well within a second (notices take milliseconds); no lifetime passes. */
const onB = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 1000, interval: 5 })

async function statusOnB(url: string, token: string) {
  const response = await b.app.inject({ method: 'GET', url, headers: bearer({ token }) })
  return response.statusCode
}

/** B answers twice (the second from its cache), then the same reader is seen to change. */
async function warm(url: string, token: string) {
  expect(await statusOnB(url, token)).toBe(200)
  expect(await statusOnB(url, token)).toBe(200)
}

describe('sessions kept in memory', () => {
  let player: TestUser
  beforeAll(async () => {
    player = await createTestUser(a)
  })

  it('refuses on B a token logged out on A', async () => {
    const { token } = await issueToken(a.config.secretKey, player.badge, 3600, a.clock.now)
    await warm('/v2/players/me', token)
    const out = await a.app.inject({
      method: 'DELETE',
      url: '/v2/token',
      headers: bearer({ token }),
    })
    expect(out.statusCode).toBe(200)
    // Settled: A answered only once B had forgotten the session; no waiting here.
    expect(await statusOnB('/v2/players/me', token)).toBe(401)
  })

  it('refuses a kept token once it expires', async () => {
    const { token } = await issueToken(a.config.secretKey, player.badge, 60, a.clock.now)
    await warm('/v2/players/me', token)
    a.clock.advance(59_000)
    expect(await statusOnB('/v2/players/me', token)).toBe(200)
    a.clock.advance(1000)
    expect(await statusOnB('/v2/players/me', token)).toBe(401)
  })

  it('ends on B the other sessions of a password changed on A, keeping the one used', async () => {
    const user = await createTestUser(a)
    const other = (await issueToken(a.config.secretKey, user.badge, 3600, a.clock.now)).token
    await warm('/v2/players/me', other)
    await warm('/v2/players/me', user.token)
    a.clock.advance(2000)
    const changed = await a.app.inject({
      method: 'POST',
      url: '/v2/players/me/password',
      headers: bearer(user),
      payload: {
        current_password: TEST_PASSWORD,
        password: 'a brand new passphrase',
        password_confirm: 'a brand new passphrase',
      },
    })
    expect(changed.statusCode).toBe(200)
    expect(await statusOnB('/v2/players/me', other)).toBe(401)
    expect(await statusOnB('/v2/players/me', user.token)).toBe(200)
  })

  it('locks out on B a player banned on A, and shows a profile edited on A', async () => {
    const admin = await createTestUser(a, { isAdmin: true })
    const edited = await createTestUser(a)
    const banned = await createTestUser(a)
    await warm('/v2/players/me', edited.token)
    await warm('/v2/players/me', banned.token)
    const patch = await a.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      headers: bearer(edited),
      payload: { username: 'Renamed Elsewhere' },
    })
    expect(patch.statusCode).toBe(200)
    await onB(async () => (await get(b, '/v2/players/me', edited)).body.username).toBe(
      'Renamed Elsewhere',
    )
    const ban = await a.app.inject({
      method: 'PATCH',
      url: `/v2/players/${banned.badge}`,
      headers: bearer(admin),
      payload: { is_banned: true, moderation_notes: 'Spam' },
    })
    expect(ban.statusCode).toBe(200)
    expect(await statusOnB('/v2/players/me', banned.token)).toBe(403)
  })

  it('keeps on B the session of a player whose export token A only reads again', async () => {
    const user = await createTestUser(a)
    const first = await get(a, '/v2/players/me/export', user)
    expect(first.status).toBe(200)
    await warm('/v2/players/me', user.token)
    // A change no notice announces: B shows it only once it forgets the player's row.
    // The table's owner turns its triggers off for one transaction: no other session sees them off.
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table "user" disable trigger user`)
      await tx.execute(sql`update "user" set username = 'Quietly Renamed' where id = ${user.id}`)
      await tx.execute(sql`alter table "user" enable trigger user`)
    })
    for (let call = 0; call < 2; call += 1) {
      const again = await get(a, '/v2/players/me/export', user)
      expect(again.body.export_token).toBe(first.body.export_token)
    }
    // A write through B: its answer leaves once B has handled every notice committed before.
    await createDeck(b, user)
    expect((await get(b, '/v2/players/me', user)).body.username).toBe(user.username)
  })

  it('sees a log-out everywhere written straight in the database', async () => {
    const user = await createTestUser(a)
    await warm('/v2/decks/mine', user.token)
    a.clock.advance(2000)
    await execute(
      a,
      sql`update "user" set tokens_valid_after = ${new Date(a.clock.now).toISOString()}
          where id = ${user.id}`,
    )
    await onB(() => statusOnB('/v2/decks/mine', user.token)).toBe(401)
  })
})

describe('answers kept in memory', () => {
  let owner: TestUser
  let deckId: number
  beforeAll(async () => {
    owner = await createTestUser(a)
    deckId = await createDeck(a, owner)
  })

  const titleOnB = async (url: string, user: TestUser | null) => {
    const { body } = await get(b, url, user)
    return (body.deck as { title?: string } | undefined)?.title
  }
  const mineOnB = async () => {
    const { body } = await get(b, '/v2/decks/mine', owner)
    return (body.results as { title: string }[]).map((deck) => deck.title)
  }

  it('shows on B an own deck and my decks as saved on A', async () => {
    const url = `/v2/decks/${deckId}?show_saved=true`
    expect(await titleOnB(url, owner)).toBe(SERA_DECK.title)
    expect(await mineOnB()).toEqual([SERA_DECK.title])
    const saved = await putDeck(a, owner, { ...SERA_DECK, id: deckId, title: 'Saved on A' })
    expect(saved.statusCode).toBe(200)
    await onB(() => titleOnB(url, owner)).toBe('Saved on A')
    expect(await mineOnB()).toEqual(['Saved on A'])
  })

  it('shows on B the public deck and listing as published and retitled on A', async () => {
    const listed = async () => {
      const { body } = await get(b, `/v2/decks?player=${owner.badge}`)
      return (body.results as { title: string }[]).map((deck) => deck.title)
    }
    expect(await listed()).toEqual([])
    const published = await snapshot(a, owner, deckId, {
      is_public: true,
      title: 'Published on A',
    })
    await onB(listed).toEqual(['Published on A'])
    expect(await titleOnB(`/v2/decks/${published}`, null)).toBe('Published on A')
    await execute(a, sql`update deck set title = 'Retitled by a command' where id = ${published}`)
    await onB(() => titleOnB(`/v2/decks/${published}`, null)).toBe('Retitled by a command')
    await onB(listed).toEqual(['Retitled by a command'])
  })

  it('counts on B, anonymous or logged in, a deck saved on A with the card', async () => {
    const url = '/v2/cards/gentle-word/details'
    const usage = async (user: TestUser | null) =>
      (await get(b, url, user)).body.usage as { decks: number; users: number }
    const before = await usage(null)
    const beforeLoggedIn = await usage(owner)
    const player = await createTestUser(a)
    await createDeck(a, player)
    await onB(() => usage(null)).toEqual({ decks: before.decks + 1, users: before.users + 1 })
    expect(await usage(owner)).toEqual({
      decks: beforeLoggedIn.decks + 1,
      users: beforeLoggedIn.users + 1,
    })
  })
})
