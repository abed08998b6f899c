// Development: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /v2).
// Both run on the Node running this script: Node strips the API's types itself, and `--watch`
// restarts it when one of its files changes.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const web = path.join(root, 'apps/web')
const viteManifest = createRequire(path.join(web, 'package.json')).resolve('vite/package.json')
const vite = path.join(path.dirname(viteManifest), 'bin/vite.js')
const children = [
  spawn(process.execPath, ['--watch', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [vite], { cwd: web, stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
