import module from 'node:module'
import { relaunchForEmbeddedDatabase } from './lib/runtime-flags.ts'

// Before anything else loads: on the embedded database the process first takes the V8 flags
// it needs (lib/runtime-flags.ts), then starts the server.
relaunchForEmbeddedDatabase()
module.enableCompileCache()
await import('./main.ts')
