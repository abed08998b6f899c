import { execFileSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { isHealthy, sleep } from '../bench/api-process.ts'
import { SERA_DECK } from '../test/deck-fixtures.ts'
import { CLOSED_CLEANLY, serverPid, slowSave, startSite } from '../test/started-site.ts'
import { queryRows } from './db/client.ts'
import { EMBEDDED_DATABASE_FLAGS, HEAP_FLAGS } from './lib/runtime-flags.ts'

/**
 * `npm start` as operators and supervisors run it, stopped by a signal to npm or to its whole
 * process group (what a terminal's Ctrl-C and most supervisors send).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
const nodeMajor = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1])
const SUPPORTED_MAJOR = nodeMajor(readFileSync(path.join(ROOT, '.nvmrc'), 'utf8'))

describe('npm start', () => {
  // What `npm run build` makes of the server (the unit tests run before the full build).
  beforeAll(() => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'apps/api') })
  })

  it(`runs the tests on Node ${SUPPORTED_MAJOR} (.nvmrc)`, () => {
    expect(nodeMajor(process.version)).toBe(SUPPORTED_MAJOR)
  })

  // Each case is its own server: they run side by side, as most of a case is waiting.
  it.concurrent.for([
    ['SIGTERM', 'npm'],
    ['SIGTERM', 'the process group'],
    ['SIGINT', 'the process group'],
  ] as const)(
    '%s to %s finishes the deck save in flight, closes the database and exits 0',
    async ([signal, target], { expect, onTestFinished }) => {
      const site = await startSite(onTestFinished)
      // npm's child is the built server itself, on the Node that the install brought.
      const server = serverPid(site.npm.pid ?? 0)
      // It has replaced itself (same process) with the V8 flags its database needs: the heap's
      // on either, and the embedded database's own.
      const commandLine = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0')
      expect(commandLine.some((arg) => arg.endsWith('apps/api/dist/server.js'))).toBe(true)
      const flagged = EMBEDDED_DATABASE_FLAGS.filter((flag) => commandLine.includes(flag))
      expect(flagged).toEqual(process.env.DATABASE_URL ? HEAP_FLAGS : EMBEDDED_DATABASE_FLAGS)
      const runtime = execFileSync(readlinkSync(`/proc/${server}/exe`), ['--version'])
      expect(nodeMajor(String(runtime))).toBe(SUPPORTED_MAJOR)
      const title = `Saved while stopping (${signal})`
      const save = slowSave(site, { ...SERA_DECK, title })
      await sleep(300)
      const signalled = performance.now()
      process.kill(target === 'npm' ? (site.npm.pid ?? 0) : -(site.npm.pid ?? 0), signal)
      await sleep(500)
      // Stopping: no new connections, but the save already begun is still being received.
      expect(await isHealthy(site.baseUrl)).toBe(false)
      save.finish()
      const answer = await save.answered
      expect(answer.status).toBe(200)
      expect(await site.exited).toBe(0)
      expect(performance.now() - signalled).toBeLessThan(10_000)
      expect(await site.databaseState()).toEqual(CLOSED_CLEANLY)
      // Nothing on stderr all along: no runtime warning (experimental feature, deprecation).
      expect(site.stderr()).toBe('')
      const { id } = JSON.parse(answer.body) as { id: number }
      const database = await site.open()
      try {
        const rows = await queryRows(database.db, sql`select title from deck where id = ${id}`)
        expect(rows).toEqual([{ title }])
      } finally {
        await database.close()
      }
    },
  )

  it.concurrent('cuts a request that never ends and still exits 0 within 10 s', async ({
    expect,
    onTestFinished,
  }) => {
    const site = await startSite(onTestFinished)
    const save = slowSave(site, SERA_DECK)
    const outcome = save.answered.then(
      () => 'answered',
      () => 'cut',
    )
    await sleep(300)
    const signalled = performance.now()
    process.kill(-(site.npm.pid ?? 0), 'SIGTERM')
    expect(await site.exited).toBe(0)
    expect(performance.now() - signalled).toBeLessThan(10_000)
    expect(await outcome).toBe('cut')
    expect(await site.databaseState()).toEqual(CLOSED_CLEANLY)
  })
})

describe('npm start without a build', () => {
  it('stops with one line saying what to run', ({ onTestFinished }) => {
    const root = mkdtempSync(path.join(tmpdir(), 'spellboard-unbuilt-'))
    onTestFinished(() => rmSync(root, { recursive: true, force: true }))
    cpSync(path.join(ROOT, 'scripts/ensure-built.mjs'), path.join(root, 'scripts/ensure-built.mjs'))
    const { WEB_DIST: _ignored, ...env } = process.env
    const run = () => {
      try {
        execFileSync(process.execPath, ['scripts/ensure-built.mjs'], {
          cwd: root,
          env,
          stdio: 'pipe',
        })
        return { code: 0, stdout: '', stderr: '' }
      } catch (error) {
        const failed = error as { status: number; stdout: Buffer; stderr: Buffer }
        return { code: failed.status, stdout: String(failed.stdout), stderr: String(failed.stderr) }
      }
    }
    const unbuilt = {
      code: 1,
      stdout: '',
      stderr: 'Spellboard is not built: run `npm run build` first, then `npm start`.\n',
    }
    expect(run()).toEqual(unbuilt)
    const builtFile = (file: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
      writeFileSync(path.join(root, file), '')
    }
    builtFile('apps/web/dist/index.html')
    expect(run()).toEqual(unbuilt)
    builtFile('apps/api/dist/server.js')
    expect(run().code).toBe(0)
  })
})
