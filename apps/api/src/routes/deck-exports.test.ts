import { deckExportPageSchema, deckImportResultSchema } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  deleteDeck,
  execute,
  get,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { bearer, createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'
import { invalidateCatalogue } from '../services/cards/catalogue.ts'

/** The site decks move away from (exports allowed), served on a real port for the importer. */
let source: TestApp
let sourceUrl: string
/** The site decks move to (exports not allowed there). */
let target: TestApp
let exporter: TestUser
let token: string
let working: number
let published: number

async function exportToken(t: TestApp, user: TestUser): Promise<string> {
  const [row] = await execute<{ token: string }>(
    t,
    sql`update "user" set deck_export_uuid = gen_random_uuid() where id = ${user.id}
        returning deck_export_uuid as token`,
  )
  return row?.token ?? ''
}

beforeAll(async () => {
  source = await buildDeckTestApp({ env: { ALLOW_EXPORTS: 'true' } })
  await source.app.listen({ port: 0, host: '127.0.0.1' })
  const address = source.app.server.address()
  sourceUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  // The source site runs here on plain http, which the target must list explicitly.
  target = await buildDeckTestApp({ env: { DECK_IMPORT_SOURCES: sourceUrl } })

  exporter = await createTestUser(source)
  token = await exportToken(source, exporter)
  working = await createDeck(source, exporter, {
    ...SERA_DECK,
    first_five: ['gentle-word', 'quick-study'],
    effect_costs: ['gentle-word'],
  })
  source.clock.advance(1000)
  published = await snapshot(source, exporter, working, {
    is_public: true,
    include_first_five: true,
  })
  source.clock.advance(1000)
  const gone = await createDeck(source, exporter, { ...SERA_DECK, title: 'Deleted' })
  await deleteDeck(source, exporter, gone)
})
afterAll(async () => {
  await source.close()
  await target.close()
})

type ExportPage = {
  next_page_from_date: string | null
  total: number
  decks: Record<string, unknown>[]
}

const exportPage = async (query = '', t = source, exportTokenValue = token) => {
  const response = await get(t, `/v2/decks/export/${exportTokenValue}${query}`)
  const body =
    response.status === 200 ? wireBody(deckExportPageSchema, response.body) : response.body
  return { status: response.status, body: body as unknown as ExportPage }
}

describe('GET /v2/decks/export/{token}', () => {
  it("lists the token owner's live Reborn decks, oldest first", async () => {
    const { status, body } = await exportPage()
    expect(status).toBe(200)
    expect(body.total).toBe(2)
    expect(body.next_page_from_date).toBeNull()
    const [deck, copy] = body.decks as [Record<string, unknown>, Record<string, unknown>]
    expect(Object.keys(deck).sort()).toEqual(
      [
        'title',
        'description',
        'created',
        'modified',
        'dice',
        'phoenixborn',
        'cards',
        'conjurations',
        'is_public',
        'is_snapshot',
        'is_red_rains',
        'first_five',
        'effect_costs',
        'tutor_map',
        'source_created',
      ].sort(),
    )
    expect(deck).toMatchObject({
      title: SERA_DECK.title,
      is_snapshot: false,
      source_created: null,
      first_five: ['gentle-word', 'quick-study'],
      effect_costs: ['gentle-word'],
      phoenixborn: { stub: 'sera-emberlock', name: 'Sera Emberlock' },
    })
    expect((deck.cards as Record<string, unknown>[])[0]).not.toHaveProperty('release')
    expect(copy).toMatchObject({ is_snapshot: true, is_public: true, source_created: deck.created })
  })

  it('narrows to one deck and its snapshots, or to decks after a date', async () => {
    const [row] = await execute<{ uuid: string }>(
      source,
      sql`select direct_share_uuid as uuid from deck where id = ${published}`,
    )
    expect((await exportPage(`?deck_share_uuid=${row?.uuid}`)).body.total).toBe(2)
    const first = (await exportPage()).body.decks[0]?.created as string
    const later = await exportPage(`?from_date=${encodeURIComponent(first)}`)
    expect(later.body.decks.map((deck) => deck.is_snapshot)).toEqual([true])
    expect((await exportPage('?deck_share_uuid=0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a')).status).toBe(
      404,
    )
    expect((await exportPage('?from_date=yesterday')).status).toBe(422)
  })

  it('pages 30 decks at a time', async () => {
    const prolific = await createTestUser(source)
    const prolificToken = await exportToken(source, prolific)
    for (let i = 0; i < 31; i += 1) {
      source.clock.advance(1000)
      await createDeck(source, prolific, {
        phoenixborn: 'tavi-mossvane',
        cards: [],
        title: `D${i}`,
      })
    }
    const first = await exportPage('', source, prolificToken)
    expect(first.body.total).toBe(31)
    expect(first.body.decks).toHaveLength(30)
    expect(first.body.next_page_from_date).toBe(first.body.decks[29]?.created)
    const rest = await exportPage(
      `?from_date=${encodeURIComponent(first.body.next_page_from_date ?? '')}`,
      source,
      prolificToken,
    )
    expect(rest.body.decks.map((deck) => deck.title)).toEqual(['D30'])
  })

  it('answers only anonymous callers, on sites that allow exports, for known tokens', async () => {
    const withLogin = await source.app.inject({
      method: 'GET',
      url: `/v2/decks/export/${token}`,
      headers: bearer(exporter),
    })
    expect(withLogin.statusCode).toBe(401)
    expect((await exportPage('', target)).status).toBe(400)
    expect((await exportPage('', source, '0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a')).status).toBe(404)
    expect((await exportPage('', source, 'not-a-token')).status).toBe(422)
  })
})

describe('POST /v2/decks/export/{token}', () => {
  const mark = (payload: unknown, t = source) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/decks/export/${token}`,
      payload: payload as string,
      headers: { 'content-type': 'application/json' },
    })

  it('refuses empty, oversized and malformed lists', async () => {
    expect((await mark([])).statusCode).toBe(400)
    const many = Array.from(
      { length: 31 },
      (_, i) => `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`,
    )
    expect((await mark(many)).statusCode).toBe(400)
    expect((await mark({ created: '2024-01-01T00:00:00Z' })).statusCode).toBe(422)
    expect((await mark(['not a date'])).statusCode).toBe(422)
    expect((await mark(['2024-01-01T00:00:00Z'], target)).statusCode).toBe(400)
  })
})

describe('GET /v2/decks/import/{token}', () => {
  let importer: TestUser

  beforeAll(async () => {
    importer = await createTestUser(target)
  })

  const importFrom = (query: string, user: TestUser | null = importer) =>
    target.app.inject({
      method: 'GET',
      url: `/v2/decks/import/${token}${query}`,
      headers: user ? bearer(user) : {},
    })

  it('pulls the decks, links snapshots to their deck and reports back', async () => {
    const response = await importFrom(`?from_api=${encodeURIComponent(sourceUrl)}`)
    expect(response.statusCode).toBe(200)
    expect(wireBody(deckImportResultSchema, response.json())).toEqual({
      next_page_from_date: null,
      total_count: 2,
      success_count: 2,
      errors: [],
    })
    const mine = await get(target, '/v2/decks/mine', importer)
    const [deck] = mine.body.results as { id: number; title: string }[]
    expect(mine.body.count).toBe(1)
    expect(deck?.title).toBe(SERA_DECK.title)
    const details = await get(target, `/v2/decks/${deck?.id}?show_saved=true`, importer)
    expect(details.body).toMatchObject({
      has_published_snapshot: true,
      deck: { first_five: ['gentle-word', 'quick-study'], effect_costs: ['gentle-word'] },
    })
    const publicView = await get(target, `/v2/decks/${deck?.id}`)
    expect(publicView.body.deck).toMatchObject({ source_id: deck?.id, is_public: true })
    // The source site now counts them as exported.
    expect((await exportPage()).body.total).toBe(0)
  })

  it('updates decks imported before instead of duplicating them', async () => {
    await execute(
      source,
      sql`update deck set is_exported = false, title = 'Renamed there'
      where id = ${working}`,
    )
    const response = await importFrom(`?from_api=${encodeURIComponent(sourceUrl)}`)
    expect(response.json()).toMatchObject({ total_count: 1, success_count: 1 })
    const mine = await get(target, '/v2/decks/mine', importer)
    expect((mine.body.results as { title: string }[]).map((deck) => deck.title)).toEqual([
      'Renamed there',
    ])
  })

  it('reports decks holding cards this site does not have', async () => {
    const [release] = await execute<{ id: number }>(
      source,
      sql`select id from release where stub = 'ashen-dawn'`,
    )
    await execute(
      source,
      sql`insert into card (name, stub, release_id, card_type, json, search_text)
          values ('Distant Spark', 'distant-spark', ${release?.id}, 'Action Spell',
                  '{"name": "Distant Spark", "stub": "distant-spark", "type": "Action Spell"}', '')`,
    )
    // As an admin edit would: the source site's card catalogue picks the new card up.
    invalidateCatalogue(source.database.db)
    await createDeck(source, exporter, {
      ...SERA_DECK,
      title: 'Foreign',
      cards: [{ stub: 'distant-spark', count: 2 }],
    })
    const response = await importFrom(`?from_api=${encodeURIComponent(sourceUrl)}`)
    expect(response.json()).toMatchObject({
      success_count: 0,
      total_count: 1,
      errors: ["Deck 'Foreign' failed to import; missing card Distant Spark."],
    })
  })

  it('turns failures of the other site into 400s naming the source and its status', async () => {
    const unknown = await target.app.inject({
      method: 'GET',
      url: `/v2/decks/import/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a?from_api=${encodeURIComponent(sourceUrl)}`,
      headers: bearer(importer),
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({
      detail: `Source API at ${sourceUrl} answered with status 404.`,
    })
    expect((await importFrom('?from_api=http://127.0.0.1:9')).statusCode).toBe(400)
    expect((await importFrom('?from_api=ftp://example.org')).statusCode).toBe(400)
    expect((await importFrom('', null)).statusCode).toBe(401)
  })
})

describe('GET /v2/decks/import/{token} with DECK_IMPORT_SOURCES', () => {
  let guarded: TestApp
  let importer: TestUser

  beforeAll(async () => {
    guarded = await buildDeckTestApp({ env: { DECK_IMPORT_SOURCES: 'api.example.org' } })
    importer = await createTestUser(guarded)
  })
  afterAll(() => guarded.close())

  it('calls no host the operator did not name', async () => {
    const response = await guarded.app.inject({
      method: 'GET',
      url: `/v2/decks/import/${token}?from_api=${encodeURIComponent(sourceUrl)}`,
      headers: bearer(importer),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: `Importing decks from ${sourceUrl} is not allowed on this site.`,
    })
    // Nothing was asked of the source site: its decks still wait to be exported.
    expect((await exportPage()).body.total).toBeGreaterThan(0)
  })
})
