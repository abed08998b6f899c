import { relaunchForEmbeddedDatabase } from '../lib/runtime-flags.ts'

// `npm run cli` and `npm run import`: on the embedded database an import peaks at a third of
// the memory with these V8 flags, as the server does (lib/runtime-flags.ts).
relaunchForEmbeddedDatabase()
await import('./run-main.ts')
