import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runFuzz, summarise } from './fuzz.ts'
import { createWorld, type World } from './world.ts'

/**
 * The hostile-input fuzzer at CI size: 1,000 requests across every endpoint (`npm run
 * test:hostile` sends 10,000). A failure is shrunk to the smallest request that still fails.
 * FUZZ_SEED replays a run.
 */
let world: World

beforeAll(async () => {
  world = await createWorld()
})
afterAll(() => world.close())

describe('hostile requests', () => {
  it('never get a 5xx, never crash, and always get the error contract of API.md §2', async () => {
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined
    const report = await runFuzz(
      { runs: Number(process.env.FUZZ_RUNS ?? 1000), keepGoing: false, ...(seed ? { seed } : {}) },
      world,
    )
    const summary = summarise(report).join('\n')
    expect(report.failures, summary).toEqual([])
    expect(report.crashes, summary).toEqual([])
    expect(report.counterexample, summary).toBeUndefined()
    // Every endpoint was reached, and real identifiers got past validation to the services.
    expect(Object.keys(report.byEndpoint).length, summary).toBeGreaterThanOrEqual(45)
    expect((report.byStatus[200] ?? 0) + (report.byStatus[201] ?? 0), summary).toBeGreaterThan(100)
  }, 300_000)
})
