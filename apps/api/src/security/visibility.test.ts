import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer } from '../../test/helpers.ts'
import { createSecuritySite, type Role, type SecuritySite } from '../../test/security-site.ts'

/**
 * Where the status is the same for every caller but the answer is not (API.md §9): private
 * snapshots and share links in a deck's history, the text of deleted comments, private account
 * fields on public profiles.
 */
let site: SecuritySite

beforeAll(async () => {
  site = await createSecuritySite()
})
afterAll(() => site.close())

type Sight = {
  what: string
  /** Reads what the caller was shown, as one comparable value. */
  look: (role: Role) => Promise<unknown>
  expected: Record<Exclude<Role, 'banned'>, unknown>
}

const SIGHTS: Sight[] = [
  {
    what: 'snapshot history of an unpublished deck: private rows and share links',
    look: async (role) => {
      const { deck } = await site.ownersDeck()
      const response = await site.t.app.inject({
        method: 'GET',
        url: `/v2/decks/${deck}/snapshots`,
        headers: await site.headersFor(role),
      })
      const results: { direct_share_uuid?: string }[] = response.json().results
      return { rows: results.length, shareLinks: results.filter((r) => r.direct_share_uuid).length }
    },
    expected: {
      anonymous: { rows: 0, shareLinks: 0 },
      other: { rows: 0, shareLinks: 0 },
      owner: { rows: 1, shareLinks: 1 },
      admin: { rows: 0, shareLinks: 0 },
    },
  },
  {
    what: 'text of a deleted comment',
    look: async (role) => {
      const { thread, comment } = await site.ownersComment()
      await site.t.app.inject({
        method: 'DELETE',
        url: `/v2/comment/${comment}`,
        headers: bearer(site.players.owner),
      })
      const response = await site.t.app.inject({
        method: 'GET',
        url: `/v2/comments/${thread}`,
        headers: await site.headersFor(role),
      })
      return response.json().results[0].text
    },
    expected: { anonymous: null, other: null, owner: null, admin: 'Mine' },
  },
  {
    what: "the owner's e-mail and reset link on a public profile",
    look: async (role) => {
      const response = await site.t.app.inject({
        method: 'GET',
        url: `/v2/players/${encodeURIComponent(site.players.owner.badge)}`,
        headers: await site.headersFor(role),
      })
      return Object.keys(response.json()).sort()
    },
    expected: {
      anonymous: ['badge', 'description', 'username'],
      other: ['badge', 'description', 'username'],
      owner: ['badge', 'description', 'username'],
      admin: ['badge', 'description', 'username'],
    },
  },
]

describe('what each caller is shown', () => {
  const cases = SIGHTS.flatMap((sight) =>
    (['anonymous', 'other', 'owner', 'admin'] as const).map((role) => ({
      ...sight,
      role,
      value: sight.expected[role],
    })),
  )
  it.each(cases)('$what, as $role', async ({ look, role, value }) => {
    expect(await look(role)).toEqual(value)
  })
})
