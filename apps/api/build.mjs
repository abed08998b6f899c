// `npm run build` (server part): the API as one JavaScript file, `dist/server.js`, that plain
// `node` runs in production. esbuild bundles our own code (`src/` and `@spellboard/core`) and
// leaves every npm package and Node built-in to be loaded from node_modules as usual.
// `dist/` sits beside `src/`, so `src/paths.ts` finds the migrations and demo data from both.
import { build } from 'esbuild'

const started = performance.now()
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(build) {
        // Bare imports are npm packages (external), except our own workspace package.
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@spellboard/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
  logLevel: 'warning',
})
console.log(`apps/api/dist/server.js built in ${Math.round(performance.now() - started)} ms`)
