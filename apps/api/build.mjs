// `npm run build` (server part): the API as JavaScript that plain `node` runs in production,
// `dist/server.js` and the chunks it loads. esbuild bundles our own code, `@spellboard/core` and
// the npm packages (all but the few listed as external below). The entry is split from the
// rest, so a process that relaunches itself with the embedded database's V8 flags
// (src/lib/runtime-flags.ts) has loaded nothing else before it does. Then the migrated database
// that new embedded data folders start from is made (src/db/template.ts).
// `dist/` sits beside `src/`, so `src/paths.ts` finds the migrations and demo data from both.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { build } from 'esbuild'

const started = performance.now()
rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // npm packages are bundled too: one file of what is used loads in a fraction of the time
  // that Node takes to find and read hundreds of package files. Left out: PGlite (its
  // WebAssembly and data files sit beside its module, and only the embedded database loads it)
  // and Swagger UI (serves the files of its package folder).
  external: ['@electric-sql/pglite', '@fastify/swagger-ui', 'pg-native'],
  // CommonJS packages inside the ESM bundle still call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
})
console.log(`apps/api/dist/server.js built in ${Math.round(performance.now() - started)} ms`)

// The migrated database new embedded data folders start from (src/db/template.ts).
const templateStarted = performance.now()
execFileSync(
  process.execPath,
  [
    '--input-type=module',
    '--eval',
    "import { buildEmbeddedTemplate } from './src/db/template.ts'; await buildEmbeddedTemplate()",
  ],
  { stdio: 'inherit' },
)
console.log(
  `apps/api/dist/pglite-template built in ${Math.round(performance.now() - templateStarted)} ms`,
)
