import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestUser, TEST_PASSWORD } from '../../test/helpers.ts'
import { MATRIX_CATALOGUE } from '../../test/matrix-catalogue.ts'
import {
  createSecuritySite,
  deckBody,
  freshEmail,
  json,
  ROLES,
  type Role,
  type SecuritySite,
} from '../../test/security-site.ts'
import { invites, users } from '../db/schema.ts'
import { issueToken } from '../services/tokens.ts'

/**
 * Who may call what (API.md §3.3, §9): every endpoint of §13 that changes something or shows
 * something private (and the public ones, to show they stay public), called by each kind of
 * caller. "owner" is the player the target belongs to (the author of a comment, the
 * subscriber); where nothing is owned, owner and other are simply two players. Every call gets
 * its own fresh target and a fresh token, so one caller's success never changes another's answer.
 */
type Expected = Record<Role, number>

const anonymousOnly = (ok: number): Expected => ({
  anonymous: ok,
  other: 401,
  owner: 401,
  admin: 401,
  banned: 403,
})
const anyPlayer = (ok: number): Expected => ({
  anonymous: 401,
  other: ok,
  owner: ok,
  admin: ok,
  banned: 403,
})
const adminOnly = (ok: number): Expected => ({
  anonymous: 401,
  other: 403,
  owner: 403,
  admin: ok,
  banned: 403,
})
const publicAnyone = (ok: number): Expected => ({
  anonymous: ok,
  other: ok,
  owner: ok,
  admin: ok,
  banned: 403,
})
/** Auth level "none": the header is not even read, so a banned player's token passes too. */
const headerIgnored = (ok: number): Expected => ({
  anonymous: ok,
  other: ok,
  owner: ok,
  admin: ok,
  banned: ok,
})

type Row = {
  endpoint: string
  /** The request, built afresh for each caller (targets it changes are new each time). */
  request: () => Promise<InjectOptions>
  expected: Expected
}

let site: SecuritySite

const ROWS: Row[] = [
  // Session and account (§7.1)
  {
    endpoint: 'POST /v2/token',
    request: async () => {
      const player = await createTestUser(site.t, { email: freshEmail() })
      return {
        method: 'POST',
        url: '/v2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username: player.email,
          password: TEST_PASSWORD,
        }).toString(),
      }
    },
    expected: anonymousOnly(200),
  },
  {
    endpoint: 'DELETE /v2/token',
    request: async () => json('DELETE', '/v2/token'),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'POST /v2/players/new',
    request: async () => json('POST', '/v2/players/new', { email: freshEmail() }),
    expected: anonymousOnly(201),
  },
  {
    endpoint: 'POST /v2/players/new/{token}',
    request: async () => {
      const uuid = randomUUID()
      await site.t.database.db.insert(invites).values({ uuid, email: freshEmail() })
      return json('POST', `/v2/players/new/${uuid}`, {
        username: 'Newcomer',
        password: TEST_PASSWORD,
        password_confirm: TEST_PASSWORD,
      })
    },
    expected: anonymousOnly(201),
  },
  {
    endpoint: 'GET /v2/players/me',
    request: async () => json('GET', '/v2/players/me'),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'PATCH /v2/players/me',
    request: async () => json('PATCH', '/v2/players/me', { description: 'Plays Aradel.' }),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'POST /v2/players/me/password',
    request: async () =>
      json('POST', '/v2/players/me/password', {
        current_password: TEST_PASSWORD,
        password: TEST_PASSWORD,
        password_confirm: TEST_PASSWORD,
      }),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'GET /v2/players/me/export',
    request: async () => json('GET', '/v2/players/me/export'),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'PATCH /v2/players/{badge}',
    request: async () => {
      const target = await createTestUser(site.t)
      return json('PATCH', `/v2/players/${encodeURIComponent(target.badge)}`, {
        description: 'Cleaned up',
        moderation_notes: 'Profile text',
      })
    },
    expected: adminOnly(200),
  },
  {
    endpoint: 'POST /v2/reset',
    request: async () => {
      const target = await createTestUser(site.t, { email: freshEmail() })
      return json('POST', '/v2/reset', { email: target.email })
    },
    expected: anonymousOnly(200),
  },
  {
    endpoint: 'POST /v2/reset/{token}',
    request: async () => {
      const target = await createTestUser(site.t)
      const token = randomUUID()
      await site.t.database.db
        .update(users)
        .set({ resetUuid: token, resetRequested: new Date(site.t.clock.now).toISOString() })
        .where(eq(users.id, target.id))
      return json('POST', `/v2/reset/${token}`, {
        password: 'a new password',
        password_confirm: 'a new password',
      })
    },
    expected: anonymousOnly(200),
  },

  // Catalogue administration (§7.4, §7.9)
  {
    endpoint: 'PUT /v2/releases/mine',
    request: async () => json('PUT', '/v2/releases/mine', [MATRIX_CATALOGUE.release]),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'PUT /v2/players/me/collection',
    request: async () =>
      json('PUT', '/v2/players/me/collection', { releases: { [MATRIX_CATALOGUE.release]: 2 } }),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'PATCH /v2/releases/{stub}',
    request: async () => json('PATCH', '/v2/releases/matrix-future', { is_public: false }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'POST /v2/cards',
    request: async () =>
      json('POST', '/v2/cards', {
        name: `Probe ${randomUUID().slice(0, 8)}`,
        card_type: 'Action Spell',
        placement: 'Discard',
        release: 'Matrix Future',
        text: 'Draw 1 card.',
        cost: ['[[main]]'],
      }),
    expected: adminOnly(201),
  },
  {
    endpoint: 'PATCH /v2/cards/{stub}',
    request: async () =>
      json('PATCH', `/v2/cards/${MATRIX_CATALOGUE.card}`, { text: 'Unit guard. Fixed typo.' }),
    expected: adminOnly(200),
  },
  {
    endpoint: 'GET /v2/cards/{stub}?for_update=true',
    request: async () => json('GET', `/v2/cards/${MATRIX_CATALOGUE.card}?for_update=true`),
    // The flag is ignored for anyone but an admin (API.md §7.2): the normal card comes back.
    expected: publicAnyone(200),
  },

  // Decks (§7.5, §9)
  {
    endpoint: 'GET /v2/decks/mine',
    request: async () => json('GET', '/v2/decks/mine'),
    expected: anyPlayer(200),
  },
  {
    endpoint: 'PUT /v2/decks (a new deck)',
    request: async () => json('PUT', '/v2/decks', deckBody(null)),
    expected: anyPlayer(200),
  },
  {
    endpoint: "PUT /v2/decks (the owner's deck)",
    request: async () => json('PUT', '/v2/decks', deckBody((await site.ownersDeck()).deck)),
    expected: { anonymous: 401, other: 403, owner: 200, admin: 403, banned: 403 },
  },
  {
    endpoint: "GET /v2/decks/{id}?show_saved=true (the owner's working deck)",
    request: async () => json('GET', `/v2/decks/${(await site.ownersDeck()).deck}?show_saved=true`),
    expected: { anonymous: 403, other: 403, owner: 200, admin: 403, banned: 403 },
  },
  {
    endpoint: "GET /v2/decks/{id} (the owner's private snapshot)",
    request: async () => json('GET', `/v2/decks/${(await site.ownersDeck()).snapshot}`),
    expected: { anonymous: 403, other: 403, owner: 200, admin: 403, banned: 403 },
  },
  {
    endpoint: 'POST /v2/decks/{id}/snapshot',
    request: async () => json('POST', `/v2/decks/${(await site.ownersDeck()).deck}/snapshot`, {}),
    expected: { anonymous: 401, other: 403, owner: 201, admin: 403, banned: 403 },
  },
  {
    endpoint: 'POST /v2/decks/{id}/snapshot naming a precon release (admins only)',
    request: async () =>
      json('POST', `/v2/decks/${(await site.ownersDeck()).deck}/snapshot`, {
        preconstructed_release: MATRIX_CATALOGUE.release,
      }),
    expected: { anonymous: 401, other: 403, owner: 403, admin: 403, banned: 403 },
  },
  {
    endpoint: 'PATCH /v2/decks/snapshots/{id} without moderation notes',
    request: async () =>
      json('PATCH', `/v2/decks/snapshots/${(await site.ownersDeck()).snapshot}`, {
        title: 'Renamed',
      }),
    expected: { anonymous: 401, other: 403, owner: 200, admin: 400, banned: 403 },
  },
  {
    endpoint: 'PATCH /v2/decks/snapshots/{id} with moderation notes',
    request: async () =>
      json('PATCH', `/v2/decks/snapshots/${(await site.ownersDeck()).snapshot}`, {
        description: 'Cleaned up',
        moderation_notes: 'Link spam',
      }),
    expected: { anonymous: 401, other: 403, owner: 400, admin: 200, banned: 403 },
  },
  {
    endpoint: 'DELETE /v2/decks/{id}',
    request: async () => json('DELETE', `/v2/decks/${(await site.ownersDeck()).deck}`),
    expected: { anonymous: 401, other: 403, owner: 204, admin: 403, banned: 403 },
  },
  {
    endpoint: "GET /v2/decks/{id}/clone (the owner's unpublished deck)",
    request: async () => json('GET', `/v2/decks/${(await site.ownersDeck()).deck}/clone`),
    expected: { anonymous: 401, other: 404, owner: 200, admin: 404, banned: 403 },
  },

  {
    endpoint: "DELETE /v2/decks/{id} (the owner's private snapshot)",
    request: async () => json('DELETE', `/v2/decks/${(await site.ownersDeck()).snapshot}`),
    expected: { anonymous: 401, other: 403, owner: 204, admin: 403, banned: 403 },
  },
  {
    endpoint: 'GET /v2/decks/{id}/clone (a public snapshot)',
    request: async () => {
      const { publicSnapshot } = await site.strangersThreads()
      return json('GET', `/v2/decks/${await site.deckIdOf(publicSnapshot.entityId)}/clone`)
    },
    expected: anyPlayer(200),
  },
  {
    endpoint: 'GET /v2/decks/{id}/clone (an unpublished deck, with its share uuid)',
    request: async () => {
      const { deck } = await site.ownersDeck()
      return json(
        'GET',
        `/v2/decks/${deck}/clone?direct_share_uuid=${await site.shareUuidOf(deck)}`,
      )
    },
    expected: anyPlayer(200),
  },
  {
    endpoint: "GET /v2/decks/{id} (the owner's unpublished working deck, public route)",
    request: async () => json('GET', `/v2/decks/${(await site.ownersDeck()).deck}`),
    expected: publicAnyone(404),
  },
  {
    endpoint: "GET /v2/decks/{id}/snapshots (the owner's deck)",
    request: async () => json('GET', `/v2/decks/${(await site.ownersDeck()).deck}/snapshots`),
    expected: publicAnyone(200),
  },
  {
    endpoint: "GET /v2/decks/shared/{uuid} (the owner's private snapshot)",
    request: async () => {
      const { snapshot } = await site.ownersDeck()
      return json('GET', `/v2/decks/shared/${await site.shareUuidOf(snapshot)}`)
    },
    expected: headerIgnored(200),
  },
  {
    endpoint: 'GET /v2/decks (public listing)',
    request: async () => json('GET', '/v2/decks'),
    expected: headerIgnored(200),
  },
  {
    endpoint: 'GET /v2/players/{badge}',
    request: async () => json('GET', `/v2/players/${encodeURIComponent(site.players.owner.badge)}`),
    expected: headerIgnored(200),
  },
  {
    endpoint: 'GET /v2/cards/{stub} (a card of an unpublished release)',
    request: async () => json('GET', `/v2/cards/${await site.unreleasedStub()}`),
    expected: { anonymous: 404, other: 404, owner: 404, admin: 200, banned: 403 },
  },
  {
    endpoint: 'GET /v2/cards?releases=mine',
    request: async () => json('GET', '/v2/cards?releases=mine'),
    expected: publicAnyone(200),
  },
  {
    endpoint: 'GET /v2/releases',
    request: async () => json('GET', '/v2/releases'),
    expected: publicAnyone(200),
  },
  {
    endpoint: 'GET /v2/cards/fuzzy-lookup',
    request: async () => json('GET', '/v2/cards/fuzzy-lookup?q=matrix'),
    expected: headerIgnored(200),
  },
  {
    endpoint: 'GET /health-check',
    request: async () => json('GET', '/health-check'),
    expected: headerIgnored(200),
  },
  {
    endpoint: 'GET /v2/cards/{stub}/details',
    request: async () => json('GET', `/v2/cards/${MATRIX_CATALOGUE.card}/details`),
    expected: publicAnyone(200),
  },
  {
    endpoint: 'GET /v2/comments/{entity_id}',
    request: async () =>
      json('GET', `/v2/comments/${(await site.strangersThreads()).card.entityId}`),
    expected: publicAnyone(200),
  },

  {
    endpoint: 'GET /v2/decks/export/{token} (site-to-site)',
    request: async () => json('GET', `/v2/decks/export/${await site.ownersExportToken()}`),
    expected: anonymousOnly(200),
  },
  {
    endpoint: 'POST /v2/decks/export/{token} (site-to-site)',
    request: async () =>
      json('POST', `/v2/decks/export/${await site.ownersExportToken()}`, ['2021-01-08T17:02:11Z']),
    expected: anonymousOnly(204),
  },

  {
    endpoint: "GET /v2/decks/import/{token} (from this very site's export)",
    request: async () => {
      const token = await site.ownersExportToken()
      return json('GET', `/v2/decks/import/${token}?from_api=${encodeURIComponent(site.url)}`)
    },
    expected: anyPlayer(200),
  },

  // Comments and subscriptions (§7.6, §7.7)
  {
    endpoint: 'POST /v2/comments/{entity_id}',
    request: async () =>
      json('POST', `/v2/comments/${await site.freshThread()}`, { text: 'Hello' }),
    expected: anyPlayer(201),
  },
  {
    endpoint: 'PATCH /v2/comment/{id} without moderation notes',
    request: async () => {
      const { comment } = await site.ownersComment()
      return json('PATCH', `/v2/comment/${comment}`, { text: 'Edited' })
    },
    expected: { anonymous: 401, other: 403, owner: 200, admin: 400, banned: 403 },
  },
  {
    endpoint: 'PATCH /v2/comment/{id} with moderation notes',
    request: async () => {
      const { comment } = await site.ownersComment()
      return json('PATCH', `/v2/comment/${comment}`, { text: 'Edited', moderation_notes: 'Tone' })
    },
    expected: { anonymous: 401, other: 403, owner: 200, admin: 200, banned: 403 },
  },
  {
    // An admin removing someone else's comment must say why (the issue's rule, over §15 A6).
    endpoint: 'DELETE /v2/comment/{id}',
    request: async () => json('DELETE', `/v2/comment/${(await site.ownersComment()).comment}`),
    expected: { anonymous: 401, other: 403, owner: 204, admin: 400, banned: 403 },
  },
  {
    endpoint: 'DELETE /v2/comment/{id} with moderation notes',
    request: async () =>
      json(
        'DELETE',
        `/v2/comment/${(await site.ownersComment()).comment}?moderation_notes=Off%20topic`,
      ),
    expected: { anonymous: 401, other: 403, owner: 204, admin: 204, banned: 403 },
  },
  {
    endpoint: 'POST /v2/subscription/{entity_id}',
    request: async () => json('POST', `/v2/subscription/${await site.freshThread()}`),
    expected: anyPlayer(201),
  },
  {
    endpoint: 'DELETE /v2/subscription/{entity_id}',
    request: async () => json('DELETE', `/v2/subscription/${await site.freshThread()}`),
    expected: anyPlayer(204),
  },
  {
    endpoint: "PATCH /v2/subscription/{entity_id} (the owner's subscription)",
    request: async () => {
      // Posting subscribes the owner; nobody else is subscribed to the thread.
      const { thread, comment } = await site.ownersComment()
      return json('PATCH', `/v2/subscription/${thread}`, { last_seen_entity_id: comment })
    },
    expected: { anonymous: 401, other: 404, owner: 200, admin: 404, banned: 403 },
  },
]

beforeAll(async () => {
  site = await createSecuritySite()
})
afterAll(() => site.close())

const CASES = ROWS.flatMap((row) =>
  ROLES.map((role) => ({ ...row, role, status: row.expected[role] })),
)

describe('authorization matrix', () => {
  it.each(CASES)('$endpoint as $role → $status', async ({ request, role, status }) => {
    const options = await request()
    options.headers = { ...options.headers, ...(await site.headersFor(role)) }
    const response = await site.t.app.inject(options)
    expect(response.statusCode, response.body).toBe(status)
    if (status === 401) expect(response.headers['www-authenticate']).toBe('Bearer')
  })
})

/**
 * A caller a route turns away hears its 401/403 before anything else of the request is looked
 * at, as the reference's auth dependencies run before its parameters and body are validated:
 * here with a body no route accepts, and a bad id or token in the path where there is one.
 */
type Caller = Role | 'stale'
const USER_LEVEL: Partial<Record<Caller, number>> = { anonymous: 401, stale: 401, banned: 403 }
const ADMIN_LEVEL = { ...USER_LEVEL, other: 403, owner: 403 }
const ANONYMOUS_ONLY = { stale: 401, other: 401, admin: 401, banned: 403 }

const GUARDED: [endpoint: string, refusals: Partial<Record<Caller, number>>][] = [
  ['PATCH /v2/players/me', USER_LEVEL],
  ['POST /v2/players/me/password', USER_LEVEL],
  ['PUT /v2/releases/mine', USER_LEVEL],
  ['PUT /v2/players/me/collection', USER_LEVEL],
  ['PUT /v2/decks', USER_LEVEL],
  ['POST /v2/decks/x/snapshot', USER_LEVEL],
  ['PATCH /v2/decks/snapshots/x', USER_LEVEL],
  ['POST /v2/comments/x', USER_LEVEL],
  ['PATCH /v2/comment/x', USER_LEVEL],
  ['PATCH /v2/subscription/x', USER_LEVEL],
  ['PATCH /v2/players/1demo', ADMIN_LEVEL],
  ['PATCH /v2/releases/matrix-future', ADMIN_LEVEL],
  ['POST /v2/cards', ADMIN_LEVEL],
  ['PATCH /v2/cards/x', ADMIN_LEVEL],
  ['POST /v2/token', ANONYMOUS_ONLY],
  ['POST /v2/players/new', ANONYMOUS_ONLY],
  ['POST /v2/players/new/x', ANONYMOUS_ONLY],
  ['POST /v2/reset', ANONYMOUS_ONLY],
  ['POST /v2/reset/x', ANONYMOUS_ONLY],
  ['POST /v2/decks/export/x', ANONYMOUS_ONLY],
]

const GUARDED_CASES = GUARDED.flatMap(([endpoint, refusals]) =>
  Object.entries(refusals).map(([caller, status]) => ({ endpoint, caller, status })),
)

describe('refusals before validation', () => {
  async function headersOf(caller: Caller) {
    if (caller !== 'stale') return site.headersFor(caller)
    const { t, players } = site
    const hourAgo = t.clock.now - 3600 * 1000
    const { token } = await issueToken(t.config.secretKey, players.other.badge, 60, hourAgo)
    return { authorization: `Bearer ${token}` }
  }

  it.each(GUARDED_CASES)('$endpoint as $caller → $status', async ({ endpoint, caller, status }) => {
    const [method, url] = endpoint.split(' ') as ['POST', string]
    const response = await site.t.app.inject({
      method,
      url,
      headers: { ...(await headersOf(caller as Caller)), 'content-type': 'application/json' },
      payload: '5',
    })
    expect(response.statusCode, response.body).toBe(status)
  })
})
