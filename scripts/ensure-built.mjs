// `npm start` only starts: without a built web app it stops with one line saying what to run.
// (WEB_DIST names a web app built elsewhere, or none for an API-only process: the server checks
// that folder itself.)
import { existsSync } from 'node:fs'
import path from 'node:path'

const index = path.resolve(import.meta.dirname, '../apps/web/dist/index.html')
if (!process.env.WEB_DIST && !existsSync(index)) {
  console.error('The web app is not built: run `npm run build` first, then `npm start`.')
  process.exit(1)
}
