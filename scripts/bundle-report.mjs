// Reads a web build (index.html, the chunks and Vite's manifest) and measures what a visitor
// downloads: the initial JavaScript, and what each screen adds on top of it. Sizes are gzip level
// 9, as the 90 KB budget of docs/decisions/002-initial-js-budget.md counts them.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export const INITIAL_JS_BUDGET_KB = 90

export const ROOT = path.resolve(import.meta.dirname, '..')

/** Where the build is: WEB_DIST (as the server reads it) or apps/web/dist. */
export function distFolder() {
  return process.env.WEB_DIST
    ? path.resolve(process.env.WEB_DIST)
    : path.join(ROOT, 'apps/web/dist')
}

// Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g

const gzipCache = new Map()
function gzipKb(dist, file) {
  let size = gzipCache.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1000
    gzipCache.set(file, size)
  }
  return size
}

/**
 * The JavaScript the browser must fetch before the app can start: the entry scripts of
 * index.html, every module they import statically (followed recursively), and every module
 * index.html preloads.
 */
export function initialJavaScript(dist = distFolder()) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map(
    (match) => match[1],
  )
  const preloaded = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map(
    (match) => match[1],
  )
  if (entries.length === 0) throw new Error(`${dist}/index.html has no module script`)
  const files = []
  const queue = [...entries, ...preloaded]
  while (queue.length > 0) {
    const file = queue.shift()
    if (files.includes(file)) continue
    files.push(file)
    const code = readFileSync(path.join(dist, file), 'utf8')
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1]))
    }
  }
  const sized = files.map((file) => ({ file, kb: gzipKb(dist, file) }))
  return { files: sized, kb: sum(sized.map((entry) => entry.kb)) }
}

const sum = (values) => values.reduce((total, value) => total + value, 0)

function readManifest(dist) {
  const file = path.join(dist, '.vite/manifest.json')
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: the web build must run with build.manifest enabled`)
  }
  return JSON.parse(readFileSync(file, 'utf8'))
}

/** Chunk files a manifest entry needs: its own and those it imports statically, recursively. */
function chunkClosure(manifest, key, files = new Set()) {
  const entry = manifest[key]
  if (!entry || files.has(entry.file)) return files
  files.add(entry.file)
  for (const imported of entry.imports ?? []) chunkClosure(manifest, imported, files)
  return files
}

/**
 * Route paths of app/route-table.tsx with the screen module each one loads: inline
 * `lazyScreen(() => import('../routes/…'))`, or a named screen declared above the table
 * (`home`, `cardDetails.legacy`).
 */
export function routeScreens(routerSource) {
  const named = new Map()
  for (const match of routerSource.matchAll(
    /const (\w+) = lazyScreen\(\(\) =>\s*import\('\.\.\/([^']+)'\)/g,
  )) {
    named.set(match[1], match[2])
  }
  for (const group of routerSource.matchAll(/const (\w+) = \{([\s\S]*?)\n\}/g)) {
    for (const match of group[2].matchAll(
      /(\w+): lazyScreen\(\(\) =>\s*import\('\.\.\/([^']+)'\)/g,
    )) {
      named.set(`${group[1]}.${match[1]}`, match[2])
    }
  }
  const routes = []
  for (const match of routerSource.matchAll(
    /route\(\s*'([^']+)',\s*\{[^}]*\},\s*(?:lazyScreen\(\(\) =>\s*import\('\.\.\/([^']+)'\)|([\w.]+))/g,
  )) {
    const screen = match[2] ?? named.get(match[3])
    if (screen) routes.push({ path: match[1], screen: `src/${screen}` })
  }
  return routes
}

/**
 * What each screen costs on top of the initial JavaScript: its own chunk, and everything it
 * needs that the initial load does not bring (shared chunks included). The app-routes chunk
 * (data layer and route table), which main.tsx fetches on every first visit, is reported
 * separately. Lazily loaded features (builder pane, dialogs...) are listed after the screens.
 */
export function screenChunks(dist = distFolder()) {
  const manifest = readManifest(dist)
  const initial = new Set(initialJavaScript(dist).files.map((entry) => entry.file))
  const extraKb = (key, already) =>
    sum([...chunkClosure(manifest, key)].filter((f) => !already.has(f)).map((f) => gzipKb(dist, f)))
  const appRoutesKey = 'src/app/app-routes.tsx'
  const shell = new Set([...initial, ...chunkClosure(manifest, appRoutesKey)])
  const appRoutes = { kb: extraKb(appRoutesKey, initial) }

  const routerSource = readFileSync(path.join(ROOT, 'apps/web/src/app/route-table.tsx'), 'utf8')
  const routes = routeScreens(routerSource)
  const declared = routerSource.match(/\broute\(\s*'/g)?.length ?? 0
  if (routes.length !== declared) {
    console.warn(
      `route-table.tsx declares ${declared} routes; only ${routes.length} matched a screen`,
    )
  }
  const screens = new Map()
  for (const { path: routePath, screen } of routes) {
    const entry = manifest[screen]
    if (!entry) continue
    const row = screens.get(screen) ?? {
      module: screen.replace(/^src\//, ''),
      paths: [],
      ownKb: gzipKb(dist, entry.file),
      extraKb: extraKb(screen, shell),
    }
    row.paths.push(routePath)
    screens.set(screen, row)
  }
  const features = Object.entries(manifest)
    .filter(([key, entry]) => entry.isDynamicEntry && !screens.has(key) && key !== appRoutesKey)
    .map(([key, entry]) => ({
      module: key.replace(/^src\//, '').replace(/^.*node_modules\//, ''),
      ownKb: gzipKb(dist, entry.file),
      extraKb: extraKb(key, shell),
    }))
  return { appRoutes, screens: [...screens.values()], features }
}

export const kb = (value) => `${value.toFixed(2).padStart(7)} KB`
