// `npm start` only starts: without a build it stops with one line saying what to run. (WEB_DIST
// names a web app built elsewhere, or none for an API-only process: the server checks it.)
import { existsSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = [
  'apps/api/dist/server.js',
  ...(process.env.WEB_DIST ? [] : ['apps/web/dist/index.html']),
].every((file) => existsSync(path.join(root, file)))
if (!built) {
  console.error('Spellboard is not built: run `npm run build` first, then `npm start`.')
  process.exit(1)
}
