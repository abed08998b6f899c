// Starts the built site for the browser tests exactly as an operator would (plain `node` on the
// server's build), on a fresh data folder, and on a throw-away PostgreSQL database when
// DATABASE_URL is set. E2E_IMPORT names data folders (separated by ':', relative to the
// repository) that `npm run import` loads first, in order; without it the demo set is seeded.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'spellboard-e2e-'))
const port = process.env.E2E_PORT ?? '4310'
// Tests find the outbox (invitation and reset mails) through this file.
writeFileSync(path.join(tmpdir(), `spellboard-e2e-${port}.json`), JSON.stringify({ dataDir }))

let databaseUrl
let dropDatabase = async () => {}
if (process.env.DATABASE_URL) {
  const name = `spellboard_e2e_${Date.now()}`
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${name}`
  databaseUrl = url.toString()
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await cleanup.connect()
    await cleanup.query(`drop database if exists ${name} with (force)`)
    await cleanup.end()
  }
}

const siteEnv = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_MAIL: '1000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
}

for (const folder of (process.env.E2E_IMPORT ?? '').split(':').filter(Boolean)) {
  const absolute = path.resolve(root, folder)
  if (!existsSync(absolute)) {
    console.error(`start-site: no data folder ${absolute}`)
    process.exit(1)
  }
  const imported = spawnSync(process.execPath, ['apps/api/src/cli/main.ts', 'import', absolute], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: siteEnv,
  })
  if (imported.status !== 0) process.exit(imported.status ?? 1)
}

// The Node running this script (npm scripts put the project's Node 24 first on PATH), with no
// wrapper between, so stopping this script stops the server too.
const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: siteEnv,
})

let stopping = false
async function stop() {
  if (stopping) return
  stopping = true
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  await dropDatabase()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => {
  if (!stopping) process.exit(code ?? 1)
})
