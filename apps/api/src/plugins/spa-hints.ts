import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Resource hints for the first visit of a page. The SPA finds a screen's code only after its
 * entry script has run: two round trips before anything useful shows. For the screens visitors
 * land on most, the server names that code in the page itself, so the browser fetches it
 * alongside the entry script.
 *
 * API answers are not hinted: the server cannot tell a logged-in visitor (the token lives in
 * the browser), and Chromium hands a preloaded answer to a later fetch of the same address even
 * when that fetch carries an Authorization header, so a player would be shown the anonymous
 * answer (no subscription marker). The web app starts the first API call itself, early.
 */

type ManifestEntry = { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestEntry>

type Landing = {
  pattern: RegExp
  /** The screen's module, as Vite's manifest names it. */
  screen: string
  /** The screen's data is fetched by ROUTE_DATA before the screen renders (deck and card pages). */
  prefetchesData?: boolean
}

const LANDINGS: Landing[] = [
  { pattern: /^\/$/, screen: 'src/routes/home/home-page.tsx' },
  { pattern: /^\/cards\/$/, screen: 'src/routes/cards/cards-page.tsx' },
  { pattern: /^\/cards\/legacy\/$/, screen: 'src/routes/cards/legacy-cards-page.tsx' },
  {
    pattern: /^\/cards\/(?!legacy\/)[^/]+\/$/,
    screen: 'src/routes/card/card-details-page.tsx',
    prefetchesData: true,
  },
  { pattern: /^\/decks\/$/, screen: 'src/routes/decks/browse-decks-page.tsx' },
  {
    pattern: /^\/decks\/[1-9]\d{0,15}\/$/,
    screen: 'src/routes/deck/deck-details-page.tsx',
    prefetchesData: true,
  },
]

/**
 * The module that starts a deck's or card's first API call (loaded by the entry script). Named
 * in the page, it is ready when the entry script runs, instead of one more round trip later:
 * the deck page's largest picture waits for that answer.
 */
const ROUTE_DATA = 'src/app/route-data.ts'

/** The shell every screen is rendered in, loaded lazily by the entry script. */
const SHELL = 'src/app/app-routes.tsx'

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

/**
 * Reads Vite's manifest beside the build and returns a function giving the `<link>` tags for a
 * page address (empty when the build has no manifest or the page is not a landing page).
 * `index` is the page as built: what it already loads is not named twice.
 */
export function landingHints(webDist: string, index: string): (url: string) => string {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json')
  if (!existsSync(manifestFile)) return () => ''
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const inPage = new Set([...index.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]))

  const assetTags = new Map<string, string>()
  for (const landing of LANDINGS) {
    const keys = new Set([
      ...closure(manifest, SHELL),
      ...closure(manifest, landing.screen),
      ...(landing.prefetchesData ? closure(manifest, ROUTE_DATA) : []),
    ])
    const scripts = new Set<string>()
    const styles = new Set<string>()
    for (const key of keys) {
      const entry = manifest[key]
      if (!entry) continue
      if (!inPage.has(entry.file)) scripts.add(entry.file)
      for (const css of entry.css ?? []) if (!inPage.has(css)) styles.add(css)
    }
    const tags = [
      ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ]
    assetTags.set(landing.screen, tags.join(''))
  }

  return (url) => {
    const pathname = url.split('?', 1)[0] ?? '/'
    const landing = LANDINGS.find((candidate) => candidate.pattern.test(pathname))
    return landing ? (assetTags.get(landing.screen) ?? '') : ''
  }
}
