import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Result } from 'autocannon'
import { type BenchSuite, toLoadResult } from './lib.ts'
import { prepareFixture } from './load-driver.ts'
import { deckPayload } from './load-mix.ts'

const WRITERS = 16
const run = promisify(execFile)

/**
 * The builder's autosave: 16 players, each PUTting their own deck from one connection as fast
 * as it is answered (saves/s and p99). Twice: each save a whole new deck (every row of it
 * rewritten, the hardest case), and each save the deck before it with one card's count moved by
 * one, as a player's click in the builder sends it. On PostgreSQL, where several API processes would share
 * the database, it is held to a share of the yardstick; on PGlite, which serves one process,
 * to its p99 alone.
 */
export const autosaveSuite: BenchSuite = {
  name: 'autosave',
  scenarios: async (context) => {
    const fixture = await prepareFixture(context.database, {
      writers: WRITERS,
      secretKey: context.secretKey,
      tag: 'save',
    })
    const folder = mkdtempSync(path.join(tmpdir(), 'spellboard-autosave-'))
    const writersFile = path.join(folder, 'writers.json')
    writeFileSync(writersFile, JSON.stringify(fixture.writers))
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
    const writer = fixture.writers[0]
    if (!writer) throw new Error('no writers')
    const save = (style: 'whole' | 'edit', name: string) => ({
      name,
      path: '/v2/decks',
      targets: {
        perDatabase: {
          PGlite: { maxP99Ms: 150 },
          PostgreSQL: { minBaselineRatio: 0.06, maxP99Ms: 40 },
        },
      },
      load: async (baseUrl: string, seconds: number) => {
        const script = path.resolve(import.meta.dirname, 'autosave-load.ts')
        const { stdout } = await run(
          process.execPath,
          [script, baseUrl, writersFile, String(seconds), style],
          { maxBuffer: 16 * 1024 * 1024 },
        )
        return toLoadResult(JSON.parse(stdout) as Result)
      },
      yardstick: async () => {
        const response = await fetch(`${context.baseUrl}/v2/decks`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${writer.token}`,
          },
          body: JSON.stringify(deckPayload(writer)),
        })
        if (!response.ok) throw new Error(`a save answered ${response.status}`)
        return { method: 'PUT' as const, body: Buffer.from(await response.arrayBuffer()) }
      },
    })
    return [
      save('whole', `PUT /v2/decks, ${WRITERS} players, a new deck each save (saves/s)`),
      save('edit', `PUT /v2/decks, ${WRITERS} players, one card changed each save (saves/s)`),
    ]
  },
}
