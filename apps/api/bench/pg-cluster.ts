import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { userInfo } from 'node:os'
import path from 'node:path'
import { freePort } from './api-process.ts'

/**
 * A private PostgreSQL cluster in a temporary folder, on its own port, for fault scripts that
 * stop and start the database server: a shared server must never be restarted under the
 * people using it. Needs the PostgreSQL server binaries (`PG_BIN`, else the newest
 * /usr/lib/postgresql/<version>/bin). PostgreSQL refuses to run as root, so as root the
 * cluster belongs to the `postgres` system user (`runuser`).
 */
export type Cluster = {
  url: string
  port: number
  stop: (mode?: 'fast' | 'immediate') => void
  start: () => void
  destroy: () => void
}

function binaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0]) throw new Error('PostgreSQL server binaries not found: set PG_BIN')
  return path.join(root, versions[0], 'bin')
}

export async function startPrivateCluster(): Promise<Cluster> {
  const bin = binaries()
  const asRoot = userInfo().uid === 0
  const folder = mkdtempSync('/tmp/spellboard-pg-')
  const data = path.join(folder, 'data')
  const logFile = path.join(folder, 'server.log')
  if (asRoot) {
    const id = (what: '-u' | '-g') => Number(execFileSync('id', [what, 'postgres']).toString())
    chownSync(folder, id('-u'), id('-g'))
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], {
          stdio: 'pipe',
        })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe' })
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-instructions'])
  const port = await freePort()
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=60`
  const start = () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'])
  }
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop'])
  }
  start()
  let destroyed = false
  const destroy = () => {
    if (destroyed) return
    destroyed = true
    try {
      stop('immediate')
    } catch {
      // Already stopped.
    }
    rmSync(folder, { recursive: true, force: true })
  }
  process.once('exit', destroy)
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, start, destroy }
}
