import { relaunchWithRuntimeFlags } from '../lib/runtime-flags.ts'

// `npm run cli` and `npm run import`: on the embedded database an import peaks at a third of
// the memory with these V8 flags; they run with the same flags as the server
// (lib/runtime-flags.ts).
relaunchWithRuntimeFlags()
await import('./run-main.ts')
