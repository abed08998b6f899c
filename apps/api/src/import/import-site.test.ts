import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../bench/api-process.ts'
import { type FakeSource, sendJson, startFakeSource } from '../../test/fake-source.ts'
import { buildTestApp, CURRENT_DATA_DIR, REAL_DATA_DIR, type TestApp } from '../../test/helpers.ts'
import { fingerprint } from '../../test/import-checks.ts'
import { startSourceSite } from '../../test/source-site.ts'
import { queryRows } from '../db/client.ts'
import { invalidateCatalogue } from '../services/cards/catalogue.ts'
import { ImportError } from './import-data.ts'
import { importFromSite } from './import-site.ts'
import { SourceError } from './source-client.ts'
import { catalogueStatus } from './status.ts'
import type { ImportSummary } from './write-import.ts'

const hasBothSets = existsSync(REAL_DATA_DIR) && existsSync(CURRENT_DATA_DIR)

type Page = { count: number; next: string | null; results: Record<string, unknown>[] }
type PreconDetails = {
  deck: Record<string, unknown>
  releases: { stub: string; preconstructed_deck_id: number | null }[]
}

const get = async (t: TestApp, url: string) => {
  const response = await t.app.inject({ url })
  expect(response.statusCode, url).toBe(200)
  return response
}

/** Every result of a listing of one of the apps, page by page as a client reads it. */
async function everything(t: TestApp, path: string): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = []
  for (let offset = 0; ; offset += 100) {
    const page = (await get(t, `${path}&limit=100&offset=${offset}`)).json() as Page
    results.push(...page.results)
    if (page.next === null) return results
  }
}

describe.skipIf(!hasBothSets)('an import from another Spellboard', () => {
  let source: Awaited<ReturnType<typeof startSourceSite>>
  let target: TestApp
  let summary: ImportSummary
  const lines: string[] = []

  beforeAll(async () => {
    source = await startSourceSite()
    target = await buildTestApp()
    summary = await importFromSite(target.database, source.origin, {
      onProgress: (line) => lines.push(line),
    })
  })
  afterAll(async () => {
    await target?.close()
    await source?.close()
  })

  it('holds as many releases, cards and precons of each edition as the source', async () => {
    const [mine, theirs] = await Promise.all([
      catalogueStatus(target.database.db),
      catalogueStatus(source.site.database.db),
    ])
    expect(theirs).toMatchObject({
      releases: { reborn: 31, legacy: 24 },
      cards: { reborn: 526, legacy: 361 },
      precons: { reborn: 30, legacy: 26 },
    })
    expect({ ...mine, lastImport: null }).toEqual({ ...theirs, lastImport: null })
    expect(mine.lastImport?.source).toBe(source.origin)
    for (const query of ['', '?show_legacy=true']) {
      const url = `/v2/releases${query}`
      expect((await get(target, url)).body).toBe((await get(source.site, url)).body)
    }
  })

  it('answers GET /v2/cards/{stub} with the same bytes as the source, for every card', async () => {
    for (const [query, legacy] of [
      ['', false],
      ['show_legacy=true', true],
    ] as const) {
      const cards = await everything(source.site, `/v2/cards?${query}`)
      expect(cards).toHaveLength(legacy ? 361 : 526)
      expect(await everything(target, `/v2/cards?${query}`)).toEqual(cards)
      for (const card of cards) {
        const url = `/v2/cards/${card.stub}${legacy ? '?show_legacy=true' : ''}`
        expect((await get(target, url)).body, url).toBe((await get(source.site, url)).body)
      }
    }
  })

  it('gives every precon the source lists its cards, dice, First Five and release', async () => {
    for (const query of ['', '&show_legacy=true']) {
      const path = `/v2/decks?show_preconstructed=true${query}`
      const theirs = await everything(source.site, path)
      const mine = await everything(target, path)
      expect(mine.map((deck) => deck.title).sort()).toEqual(theirs.map((deck) => deck.title).sort())
      /** Details without ids, which differ between sites; a precon named by its title. */
      const shown = (details: PreconDetails, listed: Record<string, unknown>[]) => {
        const {
          id: _,
          entity_id: __,
          source_id: ___,
          direct_share_uuid: ____,
          ...deck
        } = details.deck
        const titleOf = (id: number | null) =>
          id === null ? null : listed.find((other) => other.source_id === id)?.title
        return {
          deck: { ...deck, comments_entity_id: undefined },
          releases: details.releases.map((release) => ({
            ...release,
            preconstructed_deck_id: titleOf(release.preconstructed_deck_id),
          })),
        }
      }
      for (const deck of theirs) {
        const copy = mine.find((other) => other.title === deck.title)
        const [a, b] = await Promise.all([
          get(source.site, `/v2/decks/${deck.id}`),
          get(target, `/v2/decks/${copy?.id}`),
        ])
        expect(shown(b.json(), mine), String(deck.title)).toEqual(shown(a.json(), theirs))
      }
    }
    const spark = (await everything(target, '/v2/decks?show_preconstructed=true')).find(
      (deck) => deck.title === 'The Spark of Invention',
    )
    const details = (await get(target, `/v2/decks/${spark?.id}`)).json() as PreconDetails
    expect(details.deck.first_five).toEqual([
      'reconfigure',
      'summon-spark-drone',
      'summon-thunder-hulk',
      'supercharge',
      'systems-drafter',
    ])
  })

  it('reports what it read and what it changed', () => {
    expect(lines.join('\n')).toMatch(/Reborn cards: 526/)
    expect(lines.join('\n')).toMatch(/Legacy cards: 361/)
    expect(lines.join('\n')).toMatch(/Precons: 56 with their details/)
    expect(summary.changes).toEqual({
      releases: { added: 55, updated: 0 },
      cards: { added: 887, updated: 0, reborn: 526, legacy: 361 },
      errata: [],
      decks: { added: 112, updated: 0 },
    })
  })

  it('changes nothing when run again', async () => {
    const before = await fingerprint(target.database.db)
    const again = await importFromSite(target.database, source.origin)
    expect(await fingerprint(target.database.db)).toEqual(before)
    expect(again.changes).toEqual({
      releases: { added: 0, updated: 0 },
      cards: { added: 0, updated: 0, reborn: 0, legacy: 0 },
      errata: [],
      decks: { added: 0, updated: 0 },
    })
  })

  it('takes errata made on the source: the version rises and the summary names the card', async () => {
    const db = source.site.database.db
    await db.execute(
      sql`update card set json = jsonb_set(json, '{text}', '"Errata: a new text."')
          where stub = 'ice-trap' and not is_legacy`,
    )
    invalidateCatalogue(db)
    const changed = await importFromSite(target.database, source.origin)
    expect(changed.changes).toMatchObject({
      cards: { added: 0, updated: 1 },
      errata: ['Ice Trap (Reborn)'],
      decks: { added: 0, updated: 0 },
    })
    const [row] = await queryRows<{ version: number }>(
      target.database.db,
      sql`select version from card where stub = 'ice-trap' and not is_legacy`,
    )
    expect(row?.version).toBe(2)
    await expect
      .poll(async () => (await get(target, '/v2/cards/ice-trap')).body)
      .toBe((await get(source.site, '/v2/cards/ice-trap')).body)
  })

  it('changes nothing when the source cannot be reached', async () => {
    const before = await fingerprint(target.database.db)
    const closed = `http://127.0.0.1:${await freePort()}`
    await expect(importFromSite(target.database, closed)).rejects.toThrow(
      new SourceError(`Unable to connect to source API at ${closed} (GET /v2/releases).`),
    )
    expect(await fingerprint(target.database.db)).toEqual(before)
    expect((await catalogueStatus(target.database.db)).lastImport?.source).toBe(source.origin)
  })

  it.each<[string, (fake: FakeSource) => void, RegExp]>([
    [
      'text that is not JSON',
      (fake) =>
        fake.answer((_request, response) => {
          response.writeHead(200, { 'content-type': 'text/html' })
          response.end('<html>Maintenance</html>')
        }),
      /sent an unreadable answer \(GET \/v2\/releases/,
    ],
    [
      'JSON of another shape',
      (fake) => fake.answer((_request, response) => sendJson(response, 200, { releases: 'none' })),
      /sent an unreadable answer \(GET \/v2\/releases/,
    ],
    [
      'errors',
      (fake) => fake.answer((_request, response) => sendJson(response, 500, { detail: 'x' })),
      /answered with status 500 \(GET \/v2\/releases/,
    ],
  ])('changes nothing when the source answers %s', async (_, answer, message) => {
    const fake = await startFakeSource()
    try {
      answer(fake)
      const before = await fingerprint(target.database.db)
      const attempt = importFromSite(target.database, fake.origin)
      await expect(attempt).rejects.toBeInstanceOf(SourceError)
      await expect(attempt).rejects.toThrow(message)
      expect(await fingerprint(target.database.db)).toEqual(before)
    } finally {
      await fake.close()
    }
  })

  it('changes nothing when a card of the source breaks the rules, and names it', async () => {
    const fake = await startFakeSource()
    try {
      fake.answer((request, response) => {
        const url = request.url ?? ''
        if (url.startsWith('/v2/releases')) {
          return sendJson(response, 200, url.includes('legacy') ? [] : [masterSet])
        }
        if (url.startsWith('/v2/cards') && !url.includes('legacy')) {
          return sendJson(response, 200, {
            count: 1,
            next: null,
            previous: null,
            results: [{ ...phoenixborn, name: '' }],
          })
        }
        return sendJson(response, 200, { count: 0, next: null, previous: null, results: [] })
      })
      const before = await fingerprint(target.database.db)
      const attempt = importFromSite(target.database, fake.origin)
      await expect(attempt).rejects.toBeInstanceOf(ImportError)
      await expect(attempt).rejects.toThrow('Reborn cards [0] aradel-summergaard.name:')
      expect(await fingerprint(target.database.db)).toEqual(before)
    } finally {
      await fake.close()
    }
  })
})

const masterSet = { name: 'Master Set', stub: 'master-set', is_legacy: false }
const phoenixborn = {
  name: 'Aradel Summergaard',
  stub: 'aradel-summergaard',
  type: 'Phoenixborn',
  release: { name: 'Master Set', stub: 'master-set' },
  battlefield: 6,
  life: 16,
  spellboard: 5,
  text: 'Water Blast: [[side]] - [[exhaust]]: Deal 2 damage to a target unit.',
}
