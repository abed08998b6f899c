import module from 'node:module'
import { relaunchWithRuntimeFlags } from './lib/runtime-flags.ts'

// Before anything else loads: the process first takes the V8 flags it needs on its database
// (lib/runtime-flags.ts), then starts the server.
relaunchWithRuntimeFlags()
module.enableCompileCache()
await import('./main.ts')
