import { writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

const apiTarget = process.env.API_PROXY ?? 'http://127.0.0.1:3000'
// WEB_DIST (the same variable the server reads) lets several builds live side by side.
const outDir = process.env.WEB_DIST
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.WEB_DIST)
  : 'dist'

/**
 * V8's explicit compile hint: every function of these chunks runs on the first load, so V8
 * compiles them all while the file streams in, on a background thread, instead of one by one on
 * the main thread at their first call (React's first render spent about half its time there).
 * Added after minification, which would drop a comment.
 */
function compileHints(chunkNames: string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && chunkNames.includes(file.name)) {
          file.code = `//# allFunctionsCalledOnLoad\n${file.code}`
        }
      }
    },
  }
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Writes `x.js.br` and `x.js.gz` beside every script, style sheet and SVG the build emits, at the
 * strongest settings: done once here, the server sends them as they are (@fastify/static's
 * preCompressed) instead of compressing the same files on every request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir
      const jobs = Object.values(bundle)
        .filter((file) => /\.(js|css|svg)$/.test(file.fileName))
        .map(async (file) => {
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source)
          if (source.length < 1024) return
          const target = path.join(dir, file.fileName)
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(source, { level: 9 }),
          ])
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)])
        })
      await Promise.all(jobs)
    },
  }
}

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null }

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|zustand)[\\/]/
const APP_SOURCE =
  /[\\/](apps[\\/]web|packages[\\/]core)[\\/]src[\\/]|node_modules[\\/]@tanstack[\\/]/
// Primitives with no game or data code: the static pages (home, policies) need only these.
const UI_SOURCE = /[\\/](apps[\\/]web[\\/]src[\\/](components|lib)|packages[\\/]core[\\/]src)[\\/]/
/**
 * Features that several screens share but the deck and card pages (where most visits start)
 * never need: their own chunks, so a deck's first visit does not download the card browser.
 */
const FEATURE_CHUNKS: [name: string, test: RegExp][] = [
  [
    'card-browser',
    /[\\/]src[\\/](features[\\/]card-filters|features[\\/]card-list|routes[\\/]cards)[\\/]/,
  ],
  // The deck listings' filters and tabs; deck-list.tsx itself also lists a card's recent decks.
  ['deck-browser', /[\\/]src[\\/]features[\\/]deck-list[\\/](?!deck-list\.)/],
  ['deck-export', /[\\/]src[\\/]features[\\/]deck-export[\\/]/],
]

/**
 * React Router's package sends every bundler to its development build, which differs from its
 * production build (`dist/production`, same API) only by its development warnings: about 0.5 KB
 * gzip of the first load.
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

const ENTRY = path.resolve(import.meta.dirname, 'src/main.tsx')
const APP_ROUTES = path.resolve(import.meta.dirname, 'src/app/app-routes.tsx')

/** Modules `from` imports statically, itself included, recursively. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const found = new Set<string>()
  const queue = [from]
  for (let next = queue.pop(); next; next = queue.pop()) {
    if (found.has(next)) continue
    found.add(next)
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []))
  }
  return found
}

/**
 * Left alone, the bundler gives every module that two screens share its own chunk: a visit to
 * /cards/ fetched 40 files of 1-2 KB, and on a phone each round trip costs more than the bytes.
 * Our code and TanStack Query shared by two or more screens go into three chunks instead:
 * `startup`, what app-routes needs (every first visit fetches it with the screen), `ui`, the
 * primitives, and `app`, the features. Not what the first load already has (it stays in the
 * entry, under the 90 KB budget), nor anything that brings a heavy library (markdown, forms,
 * popups), which loads only where it is used.
 */
function sharedChunk() {
  let initial: Set<string> | undefined
  let startup: Set<string> | undefined
  const light = new Map<string, boolean>()
  const isLight = (graph: ModuleGraph, id: string): boolean => {
    const known = light.get(id)
    if (known !== undefined) return known
    if (id.includes('node_modules') && !APP_SOURCE.test(id) && !FRAMEWORK.test(id)) return false
    light.set(id, true) // optimistic while an import cycle leads back here
    const result = (graph.getModuleInfo(id)?.importedIds ?? []).every((dep) => isLight(graph, dep))
    light.set(id, result)
    return result
  }
  return (id: string, graph: ModuleGraph): string | null => {
    initial ??= staticClosure(graph, ENTRY)
    startup ??= staticClosure(graph, APP_ROUTES)
    if (initial.has(id) || !isLight(graph, id)) return null
    if (startup.has(id)) return 'startup'
    const feature = FEATURE_CHUNKS.find(([, test]) => test.test(id))
    if (feature) return feature[0]
    return UI_SOURCE.test(id) ? 'ui' : 'app'
  }
}

export default defineConfig({
  plugins: [react(), compileHints(['framework']), precompress()],
  resolve: {
    alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }],
  },
  server: {
    port: 5173,
    proxy: { '/v2': apiTarget, '/card-images': apiTarget, '/docs': apiTarget },
  },
  build: {
    // Every browser we support preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Rolldown warns when plugins take most of a build; here that is precompress's brotli at
      // its highest quality, chosen on purpose, so the warning would only say the machine is busy.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // React and the router change only with upgrades: one long-cached file for them.
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            {
              name: sharedChunk(),
              debugName: 'app chunks',
              test: APP_SOURCE,
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    outDir,
    emptyOutDir: true,
    // `npm run bench:web` and `scripts/check-bundle.mjs` read the chunk graph from it.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    // As the browser journeys do: on CI one retry, so a test that fails twice still fails.
    retry: process.env.CI ? 1 : 0,
  },
})
