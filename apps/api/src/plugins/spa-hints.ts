import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Resource hints for the first visit of a page. The SPA finds a screen's code only after its
 * entry script has run, and the screen's data only after that code has run: three round trips
 * before anything useful shows. For the screens visitors land on most, the server names both in
 * the page itself, so the browser fetches them alongside the entry script.
 */

type ManifestEntry = { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestEntry>

type Landing = {
  pattern: RegExp
  /** The screen's module, as Vite's manifest names it. */
  screen: string
  /** The API call the screen makes first for an anonymous visitor, if it is always the same. */
  data?: (match: RegExpMatchArray, search: string) => string | undefined
}

const LANDINGS: Landing[] = [
  { pattern: /^\/$/, screen: 'src/routes/home/home-page.tsx' },
  {
    pattern: /^\/cards\/$/,
    screen: 'src/routes/cards/cards-page.tsx',
    // Filters and preferences change the listing; only the plain first visit is predictable.
    data: (_match, search) => (search ? undefined : '/v2/cards?limit=50&sort=name&order=asc'),
  },
  { pattern: /^\/cards\/legacy\/$/, screen: 'src/routes/cards/legacy-cards-page.tsx' },
  { pattern: /^\/cards\/(?!legacy\/)[^/]+\/$/, screen: 'src/routes/card/card-details-page.tsx' },
  { pattern: /^\/decks\/$/, screen: 'src/routes/decks/browse-decks-page.tsx' },
  {
    pattern: /^\/decks\/([1-9]\d{0,15})\/$/,
    screen: 'src/routes/deck/deck-details-page.tsx',
    data: (match) => `/v2/decks/${match[1]}?full_cards=true`,
  },
]

/** The shell every screen is rendered in, loaded lazily by the entry script. */
const SHELL = 'src/app/app-routes.tsx'

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen)
  return seen
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/**
 * Reads Vite's manifest beside the build and returns a function giving the `<link>` tags for a
 * page address (empty when the build has no manifest or the page is not a landing page).
 * `index` is the page as built: what it already loads is not named twice. Data hints are only
 * given when the API is on the same origin.
 */
export function landingHints(
  webDist: string,
  index: string,
  options: { sameOriginApi: boolean },
): (url: string) => string {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json')
  if (!existsSync(manifestFile)) return () => ''
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const inPage = new Set([...index.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]))

  const assetTags = new Map<string, string>()
  for (const landing of LANDINGS) {
    const keys = new Set([...closure(manifest, SHELL), ...closure(manifest, landing.screen)])
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
    const [pathname = '/', search = ''] = url.split('?', 2)
    for (const landing of LANDINGS) {
      const match = pathname.match(landing.pattern)
      if (!match) continue
      const data = options.sameOriginApi ? landing.data?.(match, search) : undefined
      const dataTag = data
        ? `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(data)}">`
        : ''
      return `${assetTags.get(landing.screen) ?? ''}${dataTag}`
    }
    return ''
  }
}
