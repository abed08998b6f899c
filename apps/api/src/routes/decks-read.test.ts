import { deckDetailsSchema } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  deleteDeck,
  demoDeckId,
  execute,
  get,
  putDeck,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'

let t: TestApp
let owner: TestUser
let other: TestUser
/** The owner's working deck: published, then a private snapshot, then published again. */
let working: number
let firstPublic: number
let privateSnapshot: number
let latestPublic: number
let unpublished: number

type Deck = Record<string, unknown> & { id: number; entity_id: number }

beforeAll(async () => {
  t = await buildDeckTestApp()
  owner = await createTestUser(t)
  other = await createTestUser(t)
  working = await createDeck(t, owner)
  firstPublic = await snapshot(t, owner, working)
  t.clock.advance(1000)
  privateSnapshot = await snapshot(t, owner, working, { is_public: false, title: 'Private one' })
  t.clock.advance(1000)
  latestPublic = await snapshot(t, owner, working, { is_public: true, title: 'Latest' })
  unpublished = await createDeck(t, owner, { ...SERA_DECK, title: 'Draft' })
})
afterAll(() => t.close())

const details = async (id: number, user?: TestUser | null, query = '') => {
  const answer = await get(t, `/v2/decks/${id}${query}`, user)
  if (answer.status === 200) wireBody(deckDetailsSchema, answer.body)
  return answer
}

describe('GET /v2/decks/{id} resolution', () => {
  it.each<[string, () => number, () => TestUser | null, string, () => number]>([
    ['a public snapshot, anonymously', () => firstPublic, () => null, '', () => firstPublic],
    ['a public snapshot, to another player', () => firstPublic, () => other, '', () => firstPublic],
    [
      'a working deck: its latest public snapshot',
      () => working,
      () => null,
      '',
      () => latestPublic,
    ],
    ['a working deck, even to its owner', () => working, () => owner, '', () => latestPublic],
    ['an own private snapshot', () => privateSnapshot, () => owner, '', () => privateSnapshot],
    [
      'an own working deck with show_saved',
      () => working,
      () => owner,
      '?show_saved=true',
      () => working,
    ],
    [
      'an own snapshot with show_saved',
      () => firstPublic,
      () => owner,
      '?show_saved=1',
      () => firstPublic,
    ],
  ])('%s', async (_, id, user, query, expected) => {
    const response = await details(id(), user(), query)
    expect(response.status).toBe(200)
    expect((response.body.deck as Deck).id).toBe(expected())
  })

  it.each<[string, () => number, () => TestUser | null, string, number]>([
    ['a private snapshot, anonymously', () => privateSnapshot, () => null, '', 403],
    ['a private snapshot, to another player', () => privateSnapshot, () => other, '', 403],
    ["show_saved on another player's deck", () => working, () => other, '?show_saved=true', 403],
    ['show_saved anonymously', () => firstPublic, () => null, '?show_saved=true', 403],
    ['an unpublished working deck', () => unpublished, () => null, '', 404],
    ['an unpublished working deck, to its owner', () => unpublished, () => owner, '', 404],
    ['a deck that does not exist', () => 987_654_321, () => owner, '', 404],
  ])('refuses %s', async (_, id, user, query, status) => {
    expect((await details(id(), user(), query)).status).toBe(status)
  })

  it('gives admins no extra view and banned players no view at all', async () => {
    const admin = await createTestUser(t, { isAdmin: true })
    expect((await details(privateSnapshot, admin)).status).toBe(403)
    expect((await details(working, admin, '?show_saved=true')).status).toBe(403)
    const banned = await createTestUser(t, { isBanned: true })
    expect((await details(firstPublic, banned)).status).toBe(403)
  })

  it('refuses bad parameters and stale tokens', async () => {
    expect((await details(working, null, '?show_saved=maybe')).status).toBe(422)
    expect((await get(t, '/v2/decks/abc')).status).toBe(422)
    const stale = await t.app.inject({
      method: 'GET',
      url: `/v2/decks/${firstPublic}`,
      headers: { authorization: 'Bearer not-a-token' },
    })
    expect(stale.statusCode).toBe(401)
  })

  it.each(['2147483648', '9007199254740993', '99999999999999999999'])(
    'answers an id too big for any deck (%s) with 404, like any unknown id',
    async (id) => {
      expect((await get(t, `/v2/decks/${id}`)).status).toBe(404)
      expect((await get(t, `/v2/decks/${id}/snapshots`)).status).toBe(404)
    },
  )

  it('hides deleted decks and falls back to the previous public snapshot', async () => {
    const deck = await createDeck(t, owner)
    const older = await snapshot(t, owner, deck)
    t.clock.advance(1000)
    const newer = await snapshot(t, owner, deck)
    expect(((await details(deck)).body.deck as Deck).id).toBe(newer)
    await deleteDeck(t, owner, newer)
    expect((await details(newer, owner)).status).toBe(404)
    expect(((await details(deck)).body.deck as Deck).id).toBe(older)
    await deleteDeck(t, owner, deck)
    expect((await details(deck, owner, '?show_saved=true')).status).toBe(404)
    expect((await details(older)).status).toBe(404)
  })
})

describe('GET /v2/decks/{id} output', () => {
  it('marks the saved deck and says whether it was published', async () => {
    const saved = await details(working, owner, '?show_saved=true')
    expect(saved.body).toMatchObject({ has_published_snapshot: true, deck: { is_saved: true } })
    const draft = await details(unpublished, owner, '?show_saved=true')
    expect(draft.body.has_published_snapshot).toBe(false)
    const snapshotView = await details(privateSnapshot, owner, '?show_saved=true')
    expect(snapshotView.body.has_published_snapshot).toBe(true)
    expect(snapshotView.body.deck).not.toHaveProperty('is_saved')
    const plain = await details(working, owner)
    expect(plain.body).not.toHaveProperty('has_published_snapshot')
    expect(plain.body.deck).not.toHaveProperty('is_saved')
  })

  it('emits the SPARSE details shape', async () => {
    const { body } = await details(latestPublic, other)
    expect(Object.keys(body).sort()).toEqual(['deck', 'releases'])
    const deck = body.deck as Deck
    expect(Object.keys(deck).sort()).toEqual(
      [
        'id',
        'entity_id',
        'source_id',
        'direct_share_uuid',
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
        'description',
        'first_five',
        'effect_costs',
        'tutor_map',
        'comments_entity_id',
      ].sort(),
    )
    expect(deck).toMatchObject({
      source_id: working,
      title: 'Latest',
      is_public: true,
      is_snapshot: true,
      user: { username: owner.username, badge: owner.badge },
    })
    const card = (deck.cards as Record<string, unknown>[])[0]
    expect(card?.release).toEqual({ name: 'Ashen Dawn', stub: 'ashen-dawn' })
  })

  it('gives the share uuid of public decks and of own decks', async () => {
    const anonymous = await details(working)
    expect((anonymous.body.deck as Deck).direct_share_uuid).toMatch(/^[0-9a-f-]{36}$/)
    const own = await details(privateSnapshot, owner)
    expect((own.body.deck as Deck).direct_share_uuid).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("keys comments on the working deck's entity id", async () => {
    const [row] = await execute<{ entity_id: number }>(
      t,
      sql`select entity_id from deck where id = ${working}`,
    )
    for (const id of [working, firstPublic, privateSnapshot]) {
      const { body } = await details(id, owner, id === working ? '?show_saved=true' : '')
      expect((body.deck as Deck).comments_entity_id).toBe(row?.entity_id)
    }
    // A clone is a working deck of its own: its thread is its own (§14 A8).
    const clone = (
      await t.app.inject({
        method: 'GET',
        url: `/v2/decks/${latestPublic}/clone`,
        headers: bearer(other),
      })
    ).json() as Deck
    const cloneDetails = await details(clone.id, other, '?show_saved=true')
    expect((cloneDetails.body.deck as Deck).comments_entity_id).toBe(clone.entity_id)
  })

  it("includes the caller's subscription marker only when subscribed", async () => {
    const [row] = await execute<{ entity_id: number }>(
      t,
      sql`select entity_id from deck where id = ${latestPublic}`,
    )
    // Publishing subscribed the owner, marked at the newest published snapshot.
    expect((await details(working, owner)).body.last_seen_entity_id).toBe(row?.entity_id)
    expect(await details(working, other)).not.toHaveProperty('body.last_seen_entity_id')
    expect(await details(working, null)).not.toHaveProperty('body.last_seen_entity_id')
    const thread = ((await details(working)).body.deck as Deck).comments_entity_id
    await execute(
      t,
      sql`insert into subscription (user_id, source_entity_id, last_seen_entity_id)
          values (${other.id}, ${thread}, null)`,
    )
    const subscribed = await details(firstPublic, other)
    expect(subscribed.body).toHaveProperty('last_seen_entity_id', null)
  })

  it('shows anonymous readers a change as soon as it is saved', async () => {
    const id = await snapshot(t, owner, await createDeck(t, owner))
    expect(((await details(id)).body.deck as Deck).title).toBe(SERA_DECK.title)
    await t.app.inject({
      method: 'PATCH',
      url: `/v2/decks/snapshots/${id}`,
      headers: bearer(owner),
      payload: { title: 'Edited' },
    })
    expect(((await details(id)).body.deck as Deck).title).toBe('Edited')
    await deleteDeck(t, owner, id)
    expect((await details(id)).status).toBe(404)
  })

  it('gives whole cards with full_cards', async () => {
    const { body } = await details(latestPublic, null, '?full_cards=true')
    const deck = body.deck as {
      cards: Record<string, unknown>[]
      conjurations: Record<string, unknown>[]
    }
    const hound = deck.cards.find((card) => card.stub === 'summon-cinder-hound')
    expect(hound).toMatchObject({
      count: 3,
      name: 'Summon Cinder Hound',
      type: 'Ready Spell',
      release: { name: 'Ashen Dawn', stub: 'ashen-dawn' },
      text: expect.any(String),
      conjurations: [{ name: 'Cinder Hound', stub: 'cinder-hound' }],
    })
    expect(hound).not.toHaveProperty('is_legacy')
    expect(hound).not.toHaveProperty('phoenixborn')
    const conjuration = deck.conjurations.find((card) => card.stub === 'cinder-hound')
    expect(conjuration).toMatchObject({ count: 3, copies: 3, type: 'Conjuration' })
  })
})

describe('GET /v2/decks/{id} required releases', () => {
  it('lists releases holding its cards, naming their preconstructed deck', async () => {
    const emberOath = await demoDeckId(t, 900001)
    const { body } = await details(working)
    expect(body.releases).toEqual([
      {
        name: 'Ashen Dawn',
        stub: 'ashen-dawn',
        is_legacy: false,
        preconstructed_deck_id: emberOath,
      },
    ])
    // Not the deck itself when viewing the precon.
    const precon = await details(await demoDeckId(t, 900002))
    expect(precon.body.releases).toEqual([
      { name: 'Ashen Dawn', stub: 'ashen-dawn', is_legacy: false, preconstructed_deck_id: null },
    ])
  })

  it('adds the releases of dice types and keeps publication order', async () => {
    await execute(
      t,
      sql`insert into release (position, name, stub, is_public)
          values (1, 'Master Set', 'master-set', true),
                 (99, 'The Breaker of Fate', 'the-breaker-of-fate', true)`,
    )
    const id = await createDeck(t, owner, {
      ...SERA_DECK,
      dice: [
        { name: 'time', count: 1 },
        { name: 'charm', count: 1 },
        { name: 'astral', count: 1 },
      ],
      cards: [{ stub: 'gearwright', count: 1 }],
    })
    const { body } = await details(id, owner, '?show_saved=true')
    expect((body.releases as { stub: string }[]).map((release) => release.stub)).toEqual([
      'master-set',
      'ashen-dawn',
      'the-clockwork-tide',
      'the-breaker-of-fate',
    ])
  })

  it('reads Legacy decks with their Legacy shape', async () => {
    const hearthfire = await demoDeckId(t, 900006)
    const { status, body } = await details(hearthfire)
    expect(status).toBe(200)
    const deck = body.deck as Record<string, unknown> & { cards: Record<string, unknown>[] }
    expect(deck).toMatchObject({ is_legacy: true, ashes_500_score: null })
    expect(deck).toHaveProperty('ashes_500_revision_id', null)
    expect(deck.cards[0]?.is_legacy).toBe(true)
    expect(Object.keys(deck.cards[0]?.release as object).sort()).toEqual(
      ['is_phg', 'is_promo', 'is_retiring', 'name', 'stub'].sort(),
    )
    expect(body.releases).toEqual([
      {
        name: 'The Elder Hearth',
        stub: 'the-elder-hearth',
        is_legacy: true,
        preconstructed_deck_id: null,
      },
    ])
  })
})

describe('GET /v2/decks/shared/{uuid}', () => {
  async function shareUuid(id: number): Promise<string> {
    const [row] = await execute<{ direct_share_uuid: string }>(
      t,
      sql`select direct_share_uuid from deck where id = ${id}`,
    )
    return row?.direct_share_uuid ?? ''
  }

  it('shows any deck to whoever holds the link, in FULL form', async () => {
    const uuid = await shareUuid(unpublished)
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/decks/shared/${uuid.toUpperCase()}`,
      // The share endpoint ignores credentials entirely.
      headers: { authorization: 'Bearer stale' },
    })
    expect(response.statusCode).toBe(200)
    const deck = response.json()
    expect(deck).toMatchObject({
      id: unpublished,
      direct_share_uuid: uuid,
      comments_entity_id: null,
      is_saved: null,
      is_legacy: null,
      ashes_500_score: null,
      ashes_500_revision_id: null,
      title: 'Draft',
      first_five: [],
    })
    expect(deck.cards[0].release).toMatchObject({ is_phg: null, is_promo: null, is_retiring: null })
    const snapshotDeck = (await get(t, `/v2/decks/shared/${await shareUuid(privateSnapshot)}`)).body
    expect(snapshotDeck).toMatchObject({ id: privateSnapshot, is_snapshot: true, is_public: false })
  })

  it('answers 404 for unknown or deleted decks and 422 for bad uuids', async () => {
    expect((await get(t, '/v2/decks/shared/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a')).status).toBe(404)
    expect((await get(t, '/v2/decks/shared/not-a-uuid')).status).toBe(422)
    // Version 1 uuids are not share uuids.
    expect((await get(t, '/v2/decks/shared/6fa459ea-ee8a-11ca-a0fc-0002a5d5c51b')).status).toBe(422)
    const doomed = await createDeck(t, owner)
    const uuid = await shareUuid(doomed)
    await deleteDeck(t, owner, doomed)
    expect((await get(t, `/v2/decks/shared/${uuid}`)).status).toBe(404)
  })

  it('still answers for a deck saved after the link was made', async () => {
    const uuid = await shareUuid(unpublished)
    await putDeck(t, owner, { ...SERA_DECK, id: unpublished, title: 'Draft 2' })
    expect((await get(t, `/v2/decks/shared/${uuid}`)).body.title).toBe('Draft 2')
  })
})
