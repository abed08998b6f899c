import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Result } from 'autocannon'
import { sql } from 'drizzle-orm'
import { queryRows } from '../src/db/client.ts'
import { bearer, readFixture } from './fixture.ts'
import { BENCH, type BenchSuite, type LoadResult, type Scenario, toLoadResult } from './lib.ts'

/**
 * Reads while a player saves one private deck 5 times a second (a handful of players building),
 * beside the same reads with no save: card details spread over every Reborn card, and public
 * decks spread over every published one, as a site's visitors read them. Each read keeps at
 * least 0.8 of its quiet speed (the row above it), and the spread read itself, mostly uncached
 * at first, at least 0.25 of the yardstick.
 */
const SAVES_PER_SECOND = 5
const UNDER_SAVES = { minBaselineRatio: 0.25, minShareOfRowAbove: 0.8 }
const run = promisify(execFile)
const SPREAD = path.join(import.meta.dirname, 'spread-load.ts')

async function spread(baseUrl: string, seconds: number, paths: string[]): Promise<LoadResult> {
  const args = [SPREAD, baseUrl, String(BENCH.connections), String(seconds), JSON.stringify(paths)]
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 })
  return toLoadResult(JSON.parse(stdout) as Result)
}

/** Saves `deck` every 1/SAVES_PER_SECOND s until stopped, changing one count each time. */
function saving(baseUrl: string, token: string, deck: Record<string, unknown>) {
  let stopped = false
  let saves = 0
  const cards = (deck.cards as { stub: string; count: number }[]) ?? []
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now()
      const changed = cards.map((card, at) =>
        at === 0 ? { ...card, count: 1 + (saves % 3) } : card,
      )
      await fetch(`${baseUrl}/v2/decks`, {
        method: 'PUT',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ ...deck, cards: changed, title: `Autosave ${saves}` }),
      })
      saves += 1
      const wait = 1000 / SAVES_PER_SECOND - (performance.now() - started)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    }
  })()
  return async () => {
    stopped = true
    await loop
    return saves
  }
}

export const underSavesSuite: BenchSuite = {
  name: 'under-saves',
  scenarios: async (context) => {
    const fixture = await readFixture(context)
    const cards = await queryRows<{ stub: string }>(
      context.database.db,
      sql`select c.stub from card c join release r on r.id = c.release_id
          where not c.is_legacy and r.is_public order by c.stub`,
    )
    const decks = await queryRows<{ id: number }>(
      context.database.db,
      sql`select id from deck where is_snapshot and is_public and not is_deleted order by id`,
    )
    const own = await fetch(`${context.baseUrl}/v2/decks/${fixture.ownDeckId}?show_saved=true`, {
      headers: bearer(fixture.token),
    })
    const saved = ((await own.json()) as { deck: Record<string, unknown> }).deck
    const body = {
      id: fixture.ownDeckId,
      title: saved.title,
      phoenixborn: (saved.phoenixborn as { stub: string }).stub,
      cards: (saved.cards as { stub: string; count: number }[]).map(({ stub, count }) => ({
        stub,
        count,
      })),
      dice: saved.dice,
      is_red_rains: saved.is_red_rains,
    }
    const rows = (name: string, paths: string[]): Scenario[] => [
      {
        name: `${name}, quiet`,
        path: paths[0] ?? '/',
        load: (base, seconds) => spread(base, seconds, paths),
      },
      {
        name: `  … under ${SAVES_PER_SECOND} saves/s of one private deck`,
        path: paths[0] ?? '/',
        targets: UNDER_SAVES,
        load: async (base, seconds) => {
          // Saves go to the server measured, not while its yardstick is.
          const measured = base === context.baseUrl
          const stop = measured ? saving(base, fixture.token, body) : async () => 0
          try {
            return await spread(base, seconds, paths)
          } finally {
            await stop()
          }
        },
      },
    ]
    return [
      ...rows(
        `GET /v2/cards/{stub}/details, all ${cards.length} cards`,
        cards.map((card) => `/v2/cards/${card.stub}/details`),
      ),
      ...rows(
        `GET /v2/decks/{id}, all ${decks.length} public decks`,
        decks.map((deck) => `/v2/decks/${deck.id}`),
      ),
    ]
  },
}
