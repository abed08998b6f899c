import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, CURRENT_DATA_DIR, type TestApp } from '../../test/helpers.ts'
import { seedDemoIfEmpty } from '../import/demo.ts'
import { importFolder } from '../import/import-folder.ts'

let t: TestApp
let webDist: string

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'spellboard-spa-'))
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><head><title>Spellboard</title></head><body></body>',
  )
  t = await buildTestApp({ env: { WEB_DIST: webDist }, serveWeb: true })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

describe("a page's address", () => {
  it('serves the app at an address ending in a slash', async () => {
    const response = await t.app.inject({ url: '/cards/?q=summon' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
  })

  it('moves an address without its trailing slash to the one with it, query kept', async () => {
    const cards = await t.app.inject({ url: '/cards' })
    expect(cards.statusCode).toBe(301)
    expect(cards.headers.location).toBe('/cards/')
    const deck = await t.app.inject({ url: '/decks/11?x=1&y=%20' })
    expect(deck.headers.location).toBe('/decks/11/?x=1&y=%20')
  })

  it('never redirects to another site, and leaves the API and files alone', async () => {
    const other = await t.app.inject({ url: '//evil.example' })
    expect(other.headers.location).toBeUndefined()
    expect((await t.app.inject({ url: '/v2/nothing' })).statusCode).toBe(404)
    expect((await t.app.inject({ url: '/missing.js' })).statusCode).toBe(404)
  })
})

describe('the config block of every page', () => {
  let site: TestApp
  let dist: string
  const config = async () => {
    const page = (await site.app.inject({ url: '/' })).body
    const json = /<script id="spellboard-config" type="application\/json">([^<]*)<\/script>/.exec(
      page,
    )?.[1]
    return JSON.parse(json ?? 'null') as Record<string, unknown>
  }

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'spellboard-spa-'))
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><head><script id="spellboard-config" type="application/json">{}</script>' +
        '</head><body></body>',
    )
    site = await buildTestApp({ env: { WEB_DIST: dist }, serveWeb: true })
  })
  afterAll(async () => {
    await site.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('says nothing of the catalogue while it is empty', async () => {
    expect(await config()).toEqual({ apiUrl: '', cdnUrl: '' })
  })

  it('says "catalogue": "demo" while the catalogue is the demo set', async () => {
    await seedDemoIfEmpty(site.database, { info: () => {} })
    await expect.poll(config).toEqual({ apiUrl: '', cdnUrl: '', catalogue: 'demo' })
  })

  it.skipIf(!existsSync(CURRENT_DATA_DIR))(
    'says nothing of it once real cards are imported',
    async () => {
      await importFolder(site.database, CURRENT_DATA_DIR)
      await expect.poll(config).toEqual({ apiUrl: '', cdnUrl: '' })
    },
  )
})
