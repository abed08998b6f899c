import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../test/helpers.ts'
import { createSecuritySite, type SecuritySite } from '../../test/security-site.ts'
import { issueToken } from '../services/tokens.ts'

/**
 * Tokens that must not pass (API.md §3.2, §3.3), against one endpoint of each auth level: 401
 * with the usual detail wherever a token is read, and no effect where the header is ignored.
 */
let site: SecuritySite

beforeAll(async () => {
  site = await createSecuritySite()
})
afterAll(() => site.close())

const signed = async (badge: string, lifetime = 3600, at = site.t.clock.now) =>
  (await issueToken(site.t.config.secretKey, badge, lifetime, at)).token
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const adminClaims = (jti: string) => ({ sub: site.players.admin.badge, jti, exp: 4_000_000_000 })

const STALE_TOKENS: Record<string, () => Promise<string>> = {
  expired: () => signed(site.players.owner.badge, 60, site.t.clock.now - 7200_000),
  revoked: async () => {
    const token = await signed(site.players.owner.badge)
    await site.t.app.inject({ method: 'DELETE', url: '/v2/token', headers: bearer({ token }) })
    return token
  },
  'signed with another key': async () =>
    (await issueToken('some-other-secret-key-of-enough-length', site.players.admin.badge, 3600))
      .token,
  'of an unknown player': () => signed('zz9zz'),
  'with a changed payload': async () => {
    const [header, , signature] = (await signed(site.players.owner.badge)).split('.')
    return `${header}.${base64url(adminClaims('f'.repeat(32)))}.${signature}`
  },
  'with alg none': () =>
    Promise.resolve(
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(adminClaims('e'.repeat(32)))}.`,
    ),
  'that is no JWT': () => Promise.resolve('not-a-jwt'),
}

const LEVELS: [level: string, method: InjectOptions['method'], url: string, status: number][] = [
  ['none', 'GET', '/v2/decks', 200],
  ['optional', 'GET', '/v2/cards', 401],
  ['user', 'GET', '/v2/players/me', 401],
  ['admin', 'PATCH', '/v2/releases/matrix-future', 401],
  ['anonymous-only', 'POST', '/v2/reset', 401],
]

describe('tokens that must not pass', () => {
  const cases = Object.entries(STALE_TOKENS).flatMap(([kind, token]) =>
    LEVELS.map(([level, method, url, status]) => ({ kind, token, level, method, url, status })),
  )
  it.each(cases)('a token $kind on a route of level "$level" → $status', async (c) => {
    const response = await site.t.app.inject({
      method: c.method,
      url: c.url,
      headers: bearer({ token: await c.token() }),
      ...(c.method === 'GET' ? {} : { payload: { is_public: true, email: 'x@example.org' } }),
    })
    expect(response.statusCode, response.body).toBe(c.status)
    if (c.status === 401) {
      expect(response.headers['www-authenticate']).toBe('Bearer')
      expect(response.json()).toEqual({ detail: 'Invalid credentials; please log in again.' })
    }
  })
})
