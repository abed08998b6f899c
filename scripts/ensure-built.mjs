// `npm start` serves the whole site: build the web app first when a fresh clone has none.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
if (!process.env.WEB_DIST && !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start)...')
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
}
