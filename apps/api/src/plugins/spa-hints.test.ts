import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers.ts'
import { landingHints } from './spa-hints.ts'

const INDEX = `<!doctype html><html><head><title>Spellboard</title>
<script id="spellboard-config" type="application/json">{}</script>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/framework-1.js">
</head><body><div id="root"></div></body></html>`

/** A build as Vite writes it: the deck screen needs the shell, its own chunk and one shared one. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework-1.js' },
  '_ui.js': { file: 'assets/ui-1.js', imports: ['_framework.js'], css: ['assets/ui-1.css'] },
  'src/app/app-routes.tsx': { file: 'assets/app-routes-1.js', imports: ['_ui.js'] },
  'src/routes/deck/deck-details-page.tsx': {
    file: 'assets/deck-details-page-1.js',
    imports: ['_ui.js', '_framework.js'],
    css: ['assets/deck-details-page-1.css'],
  },
  'src/routes/cards/cards-page.tsx': { file: 'assets/cards-page-1.js', imports: ['_ui.js'] },
  'src/app/route-data.ts': { file: 'assets/route-data-1.js', imports: ['_framework.js'] },
}

let webDist: string

beforeAll(() => {
  webDist = mkdtempSync(path.join(tmpdir(), 'spellboard-hints-'))
  mkdirSync(path.join(webDist, '.vite'))
  writeFileSync(path.join(webDist, 'index.html'), INDEX)
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
})
afterAll(() => rmSync(webDist, { recursive: true, force: true }))

describe('landing hints', () => {
  it("name a deck page's code and styles, and nothing the page already loads", () => {
    const hints = landingHints(webDist, INDEX)('/decks/11/')
    const hrefs = [...hints.matchAll(/<link rel="([^"]+)"[^>]* href="([^"]+)">/g)].map(
      ([, rel, href]) => `${rel} ${href}`,
    )
    expect(hrefs.sort()).toEqual(
      [
        'modulepreload /assets/app-routes-1.js',
        'modulepreload /assets/deck-details-page-1.js',
        'modulepreload /assets/route-data-1.js',
        'modulepreload /assets/ui-1.js',
        'stylesheet /assets/deck-details-page-1.css',
        'stylesheet /assets/ui-1.css',
      ].sort(),
    )
  })

  it('name no API answer, which may differ for a logged-in visitor', () => {
    const hints = landingHints(webDist, INDEX)
    expect(hints('/decks/11/')).not.toContain('/v2/')
    expect(hints('/cards/?q=ember')).toContain('/assets/cards-page-1.js')
    // Only deck and card pages fetch their data before the screen renders.
    expect(hints('/cards/?q=ember')).not.toContain('route-data')
    expect(hints('/cards/?q=ember')).not.toContain('/v2/')
  })

  it('name nothing for other pages', () => {
    const hints = landingHints(webDist, INDEX)
    expect(hints('/decks/eleven/')).toBe('')
    expect(hints('/players/me/')).toBe('')
  })

  it('are empty for a build without a manifest', () => {
    const bare = mkdtempSync(path.join(tmpdir(), 'spellboard-bare-'))
    try {
      expect(landingHints(bare, INDEX)('/decks/11/')).toBe('')
    } finally {
      rmSync(bare, { recursive: true, force: true })
    }
  })
})

describe('pages served with hints', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST: webDist }, serveWeb: true })
  })
  afterAll(() => t.close())

  it('carry them in the head, and the page is otherwise the built one', async () => {
    const response = await t.app.inject({ url: '/decks/11/' })
    expect(response.statusCode).toBe(200)
    const head = response.body.split('</head>')[0] ?? ''
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/app-routes-1.js">')
    expect(head).not.toContain('/v2/')
    expect(response.body).toContain('<div id="root"></div>')
    const other = await t.app.inject({ url: '/policies/' })
    expect(other.body).not.toContain('app-routes-1.js')
  })
})
