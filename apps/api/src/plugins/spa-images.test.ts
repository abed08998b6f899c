import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildDeckTestApp,
  createDeck,
  deleteDeck,
  execute,
  putDeck,
  SERA_DECK,
  snapshot,
} from '../../test/deck-fixtures.ts'
import { createTestUser, type TestApp, type TestUser } from '../../test/helpers.ts'

const INDEX = `<!doctype html><html><head><title>Spellboard</title>
<script id="spellboard-config" type="application/json">{}</script>
</head><body><div id="root"></div></body></html>`

/** The picture a page's head names for preloading, or null. */
async function preloadedImage(t: TestApp, url: string): Promise<string | null> {
  const response = await t.app.inject({ url })
  expect(response.statusCode).toBe(200)
  const head = response.body.split('</head>')[0] ?? ''
  const tags = [
    ...head.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/g),
  ]
  expect(tags.length).toBeLessThanOrEqual(1)
  return tags[0]?.[1] ?? null
}

let webDist: string

beforeAll(() => {
  webDist = mkdtempSync(path.join(tmpdir(), 'spellboard-images-'))
  writeFileSync(path.join(webDist, 'index.html'), INDEX)
})
afterAll(() => rmSync(webDist, { recursive: true, force: true }))

describe('the picture named in a landing page', () => {
  let t: TestApp
  let player: TestUser

  beforeAll(async () => {
    t = await buildDeckTestApp({ env: { WEB_DIST: webDist }, serveWeb: true })
    player = await createTestUser(t)
  })
  afterAll(() => t.close())

  it("is a published deck's Phoenixborn, on the working deck's page and the snapshot's", async () => {
    const deckId = await createDeck(t, player)
    expect(await preloadedImage(t, `/decks/${deckId}/`)).toBeNull()
    const snapshotId = await snapshot(t, player, deckId)
    expect(await preloadedImage(t, `/decks/${deckId}/`)).toBe('/card-images/sera-emberlock.svg')
    expect(await preloadedImage(t, `/decks/${snapshotId}/`)).toBe('/card-images/sera-emberlock.svg')
  })

  it('is what visitors see: the published Phoenixborn, not an unpublished change', async () => {
    const deckId = await createDeck(t, player)
    await snapshot(t, player, deckId)
    const changed = await putDeck(t, player, {
      id: deckId,
      title: 'Changed my mind',
      phoenixborn: 'tavi-mossvane',
      dice: [],
      cards: [],
    })
    expect(changed.statusCode).toBe(200)
    expect(await preloadedImage(t, `/decks/${deckId}/`)).toBe('/card-images/sera-emberlock.svg')
  })

  it('is nothing for private snapshots, deleted and unknown decks', async () => {
    const deckId = await createDeck(t, player)
    const privateSnapshot = await snapshot(t, player, deckId, { is_public: false })
    expect(await preloadedImage(t, `/decks/${privateSnapshot}/`)).toBeNull()
    const published = await createDeck(t, player, { ...SERA_DECK, title: 'Soon gone' })
    await snapshot(t, player, published)
    expect((await deleteDeck(t, player, published)).statusCode).toBe(204)
    expect(await preloadedImage(t, `/decks/${published}/`)).toBeNull()
    expect(await preloadedImage(t, '/decks/999999999/')).toBeNull()
    expect(await preloadedImage(t, '/decks/99999999999999999999/')).toBeNull()
  })

  it("names a Legacy deck's picture from the Legacy family", async () => {
    const [legacy] = await execute<{ id: number }>(
      t,
      sql`select id from deck where is_legacy and is_public and not is_deleted limit 1`,
    )
    expect(legacy).toBeDefined()
    expect(await preloadedImage(t, `/decks/${legacy?.id}/`)).toMatch(
      /^\/card-images\/legacy\/[a-z0-9-]+\.svg$/,
    )
  })

  it("is a public card's own picture on its page, in its edition", async () => {
    expect(await preloadedImage(t, '/cards/sera-emberlock/')).toBe(
      '/card-images/sera-emberlock.svg',
    )
    expect(await preloadedImage(t, '/cards/legacy/sera-emberlock/')).toBe(
      '/card-images/legacy/sera-emberlock.svg',
    )
    expect(await preloadedImage(t, '/cards/no-such-card/')).toBeNull()
    expect(await preloadedImage(t, '/cards/legacy/quill-brassheart/')).toBeNull()
    expect(await preloadedImage(t, '/cards/')).toBeNull()
    expect(await preloadedImage(t, '/cards/legacy/')).toBeNull()
    expect(await preloadedImage(t, '/policies/')).toBeNull()
  })
})

describe('with a content host', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildDeckTestApp({
      env: { WEB_DIST: webDist, CDN_URL: 'https://cdn.example.org' },
      serveWeb: true,
    })
  })
  afterAll(() => t.close())

  it("names the host's photograph, as the web app will show it", async () => {
    expect(await preloadedImage(t, '/cards/sera-emberlock/')).toBe(
      'https://cdn.example.org/images/cards/sera-emberlock.jpg',
    )
  })
})
