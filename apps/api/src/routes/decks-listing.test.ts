import { deckOutSchema } from '@spellboard/core/decks'
import { pageSchema } from '@spellboard/core/pagination'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  deleteDeck,
  demoDeckId,
  get,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildDeckTestApp()
})
afterAll(() => t.close())

type Page = {
  count: number
  next: string | null
  previous: string | null
  results: (Record<string, unknown> & { id: number; title: string | null })[]
}

async function list(query: string, user?: TestUser | null): Promise<Page> {
  const response = await get(t, `/v2/decks${query}`, user)
  expect(response.status).toBe(200)
  return wireBody(pageSchema(deckOutSchema), response.body) as Page
}

const ids = (page: Page) => page.results.map((deck) => deck.id)

/** A player with one published deck per title, published one second apart (oldest first). */
async function playerWithDecks(
  titles: string[],
  body: Record<string, unknown> = SERA_DECK,
): Promise<{ user: TestUser; snapshots: number[]; working: number[] }> {
  const user = await createTestUser(t)
  const snapshots: number[] = []
  const working: number[] = []
  for (const title of titles) {
    const id = await createDeck(t, user, { ...body, title })
    t.clock.advance(1000)
    working.push(id)
    snapshots.push(await snapshot(t, user, id))
  }
  return { user, snapshots, working }
}

describe('GET /v2/decks row set', () => {
  it('lists the published demo decks, newest first', async () => {
    const page = await list('')
    const precons = [await demoDeckId(t, 900002), await demoDeckId(t, 900004)]
    expect(page.count).toBeGreaterThanOrEqual(4)
    expect(ids(page)).toEqual(expect.arrayContaining(precons))
    const created = page.results.map((deck) => Date.parse(String(deck.created)))
    expect(created).toEqual([...created].sort((a, b) => b - a))
    expect(page.results.every((deck) => deck.is_snapshot && deck.is_public)).toBe(true)
  })

  it('keeps only the latest public snapshot of each deck', async () => {
    const { user, working } = await playerWithDecks(['Twice published'])
    const [deck] = working as [number]
    await snapshot(t, user, deck, { is_public: false })
    t.clock.advance(1000)
    const newest = await snapshot(t, user, deck, { is_public: true, title: 'Second edition' })
    const page = await list(`?player=${user.badge}`)
    expect(page.count).toBe(1)
    expect(ids(page)).toEqual([newest])
    await deleteDeck(t, user, newest)
    const afterDelete = await list(`?player=${user.badge}`)
    expect(afterDelete.results.map((d) => d.title)).toEqual(['Twice published'])
    await deleteDeck(t, user, deck)
    expect((await list(`?player=${user.badge}`)).count).toBe(0)
  })

  it('separates Legacy, Red Rains and preconstructed decks', async () => {
    const hearthfire = await demoDeckId(t, 900006)
    const legacy = await list('?show_legacy=true')
    expect(ids(legacy)).toEqual([hearthfire])
    expect(legacy.results[0]).toMatchObject({ is_legacy: true, ashes_500_score: null })
    expect(legacy.results[0]).toHaveProperty('ashes_500_revision_id', null)

    const { user, snapshots } = await playerWithDecks(['Rainy'], {
      ...SERA_DECK,
      is_red_rains: true,
    })
    expect(ids(await list(`?show_red_rains=true&player=${user.badge}`))).toEqual(snapshots)
    expect((await list(`?player=${user.badge}`)).count).toBe(0)

    const precons = await list('?show_preconstructed=true')
    expect(ids(precons).sort()).toEqual(
      [await demoDeckId(t, 900002), await demoDeckId(t, 900004)].sort(),
    )
  })

  it('emits the SPARSE listing shape', async () => {
    const { user } = await playerWithDecks(['Shape'])
    const [deck] = (await list(`?player=${user.badge}`)).results
    expect(Object.keys(deck ?? {}).sort()).toEqual(
      [
        'id',
        'entity_id',
        'source_id',
        'title',
        'created',
        'modified',
        'user',
        'dice',
        'phoenixborn',
        'cards',
        'conjurations',
        'is_public',
        'is_snapshot',
        'is_red_rains',
      ].sort(),
    )
  })

  it('answers anonymous readers from a cache that any write clears', async () => {
    const { user } = await playerWithDecks(['Cached'])
    const before = await t.app.inject({ method: 'GET', url: `/v2/decks?player=${user.badge}` })
    expect(before.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(before.json().results[0].user.username).toBe(user.username)
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/v2/players/me',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { username: 'Renamed Player' },
    })
    expect(renamed.statusCode).toBe(200)
    const after = await list(`?player=${user.badge}`)
    expect(after.results[0]?.user).toEqual({ username: 'Renamed Player', badge: user.badge })
  })

  it('ignores credentials, even stale ones', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/decks',
      headers: { authorization: 'Bearer stale' },
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('GET /v2/decks filters', () => {
  it('filters by Phoenixborn, any of several', async () => {
    const brass = await demoDeckId(t, 900004)
    expect(ids(await list('?phoenixborn=quill-brassheart'))).toEqual([brass])
    const both = await list('?phoenixborn=quill-brassheart&phoenixborn=tavi-mossvane')
    expect(both.results.map((deck) => (deck.phoenixborn as { stub: string }).stub).sort()).toEqual([
      'quill-brassheart',
      'tavi-mossvane',
    ])
    expect((await list('?phoenixborn=nobody')).count).toBe(0)
  })

  it('filters by cards, listing a deck with several of them once', async () => {
    const { user, snapshots } = await playerWithDecks(['Both cards', 'One card'])
    const without = SERA_DECK.cards.filter((c) => !['gentle-word', 'quick-study'].includes(c.stub))
    await playerWithDecks(['Neither'], {
      ...SERA_DECK,
      cards: [
        ...without,
        { stub: 'hasty-retreat', count: 3 },
        { stub: 'stalwart-militia', count: 3 },
      ],
    })
    const page = await list(
      `?player=${user.badge}&card=gentle-word&card=quick-study&card=no-such-card`,
    )
    expect(page.count).toBe(2)
    expect(ids(page).sort()).toEqual([...snapshots].sort())
    const all = await list('?card=gentle-word&card=quick-study&limit=100')
    expect(new Set(ids(all)).size).toBe(all.results.length)
    expect(all.count).toBe(all.results.length)
    expect((await list('?card=no-such-card')).count).toBe(0)
  })

  it('filters by player badges', async () => {
    const first = await playerWithDecks(['Mine'])
    const second = await playerWithDecks(['Yours'])
    const page = await list(`?player=${first.user.badge}&player=${second.user.badge}`)
    expect(page.results.map((deck) => deck.title).sort()).toEqual(['Mine', 'Yours'])
    expect((await list('?player=zzzzzz')).count).toBe(0)
  })

  it.each<[string, string[]]>([
    ['ember', ['The Ember Oath']],
    ['emb', ['The Ember Oath']],
    ['EMBER oath', ['The Ember Oath']],
    ['oath ember', ['The Ember Oath']],
    ['"ember oath"', ['The Ember Oath']],
    ['"oath ember"', []],
    ['teo', ['The Ember Oath']],
    ['smoke-and seraph', ['Smoke and Seraphs']],
    ['123', []],
    ['brass gambit extra', []],
  ])('searches titles by word prefixes: %s', async (q, titles) => {
    const page = await list(`?q=${encodeURIComponent(q)}&limit=100`)
    expect(page.results.map((deck) => deck.title).sort()).toEqual(titles)
    expect(page.count).toBe(titles.length)
  })

  it('ignores an empty search', async () => {
    expect((await list('?q=%20%20')).count).toBe((await list('')).count)
  })

  it.each([
    '?show_legacy=perhaps',
    '?sort=title',
    '?order=up',
    '?limit=0',
    '?limit=-3',
    '?offset=-1',
    '?limit=ten',
  ])('refuses %s with 422', async (query) => {
    expect((await get(t, `/v2/decks${query}`)).status).toBe(422)
  })
})

describe('GET /v2/decks order and paging', () => {
  it('sorts by created or modified, either way, with the id breaking ties', async () => {
    const { user, snapshots } = await playerWithDecks(['A', 'B', 'C'])
    const [a, b, c] = snapshots as [number, number, number]
    expect(ids(await list(`?player=${user.badge}`))).toEqual([c, b, a])
    expect(ids(await list(`?player=${user.badge}&order=asc`))).toEqual([a, b, c])
    t.clock.advance(1000)
    await t.app.inject({
      method: 'PATCH',
      url: `/v2/decks/snapshots/${a}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: { title: 'A, renamed' },
    })
    expect(ids(await list(`?player=${user.badge}&sort=modified`))).toEqual([a, c, b])

    // Published within the same instant: the higher id counts as newer.
    const twins = await createTestUser(t)
    const first = await snapshot(t, twins, await createDeck(t, twins))
    const second = await snapshot(t, twins, await createDeck(t, twins))
    expect(ids(await list(`?player=${twins.badge}`))).toEqual([second, first])
    expect(ids(await list(`?player=${twins.badge}&order=asc`))).toEqual([first, second])
  })

  it('pages with absolute next and previous links, stable across pages', async () => {
    const { user, snapshots } = await playerWithDecks(['P1', 'P2', 'P3', 'P4', 'P5'])
    const first = await list(`?player=${user.badge}&limit=2`)
    expect(first.count).toBe(5)
    expect(first.previous).toBeNull()
    // A badge may end in `!`, which a query string carries as %21.
    const player = new URLSearchParams({ player: user.badge }).toString()
    expect(first.next).toBe(`http://spellboard.test/v2/decks?${player}&limit=2&offset=2`)
    const seen = [...ids(first)]
    let next = first.next
    while (next) {
      const page = await list(next.replace('http://spellboard.test/v2/decks', ''))
      seen.push(...ids(page))
      expect(page.previous).not.toBeNull()
      next = page.next
    }
    expect(seen).toEqual([...snapshots].reverse())
    const last = await list(`?player=${user.badge}&limit=2&offset=2`)
    expect(last.previous).toBe(`http://spellboard.test/v2/decks?${player}&limit=2`)
    expect((await list('?limit=1000')).results.length).toBeLessThanOrEqual(100)
  })
})

describe('GET /v2/decks/mine', () => {
  it("lists the caller's working decks only", async () => {
    const { user, working } = await playerWithDecks(['Published'])
    const draft = await createDeck(t, user, { ...SERA_DECK, title: 'Draft' })
    const rainy = await createDeck(t, user, { ...SERA_DECK, title: 'Rainy', is_red_rains: true })
    const gone = await createDeck(t, user, { ...SERA_DECK, title: 'Gone' })
    await deleteDeck(t, user, gone)
    const mine = await list('/mine', user)
    expect(ids(mine).sort()).toEqual([...working, draft].sort())
    expect(mine.results.every((deck) => deck.is_snapshot === false)).toBe(true)
    expect(ids(await list('/mine?show_red_rains=true', user))).toEqual([rainy])
    expect((await list('/mine?show_legacy=true', user)).count).toBe(0)
    expect(ids(await list('/mine?q=draft&player=someone-else', user))).toEqual([draft])
    expect(ids(await list('/mine?card=gentle-word&phoenixborn=sera-emberlock', user)).length).toBe(
      2,
    )
    expect((await list('/mine?phoenixborn=tavi-mossvane', user)).count).toBe(0)
    expect(mine.results[0]).not.toHaveProperty('direct_share_uuid')
  })

  it('needs a log-in', async () => {
    expect((await get(t, '/v2/decks/mine')).status).toBe(401)
  })
})
