import { describe, expect, it } from 'vitest'
import { combine, type Measurement } from './lib.ts'
import { misses, printTable, type Row } from './report.ts'

const measured = (requestsPerSecond: number): Measurement => ({
  name: 'read',
  requestsPerSecond,
  p50: 1,
  p99: 2,
  total: requestsPerSecond * 10,
  failures: 0,
  cpuMicrosPerRequest: 100,
  percentiles: [
    [50, 1],
    [99, 2],
  ],
})

describe('the share a row keeps of the row above', () => {
  const targets = { minShareOfRowAbove: 0.8 }
  const quiet = { m: measured(800), yardstick: measured(1000) }

  it('is taken against each row’s own yardstick', () => {
    // The machine slowed by half between the rows, and the read with it: nothing was lost.
    expect(misses({ m: measured(400), yardstick: measured(500) }, targets, quiet)).toEqual([])
    // The same req/s beside an unchanged yardstick has lost half.
    expect(misses({ m: measured(400), yardstick: measured(1000) }, targets, quiet)).toEqual([
      'kept<0.8 of the row above',
    ])
  })

  it('is missed when there is no row above to compare with', () => {
    expect(misses({ m: measured(900), yardstick: measured(1000) }, targets)).toEqual([
      'kept<0.8 of the row above',
    ])
  })

  it('fails the table on the database that lost speed only', () => {
    const row = (name: string, pglite: number, postgres: number, kept?: number): Row => ({
      scenario: { name, targets: kept ? { minShareOfRowAbove: kept } : undefined },
      yardstick: measured(1000),
      byDatabase: [
        { kind: 'PGlite', measurement: measured(pglite) },
        { kind: 'PostgreSQL', measurement: measured(postgres) },
      ],
    })
    const lines: string[] = []
    const met = printTable(
      ['PGlite', 'PostgreSQL'],
      [row('quiet', 800, 800), row('under saves', 760, 500, 0.8)],
      (line) => lines.push(line),
    )
    expect(met).toBe(false)
    expect(lines.at(-1)).toContain('PostgreSQL MISSED kept<0.8 of the row above')
    expect(lines.at(-1)).not.toContain('PGlite MISSED')
  })
})

describe('targets per database', () => {
  it('holds each database to its own, and says which in the table', () => {
    const lines: string[] = []
    const slow = { ...measured(100), p99: 200 }
    const met = printTable(
      ['PGlite', 'PostgreSQL'],
      [
        {
          scenario: {
            name: 'autosave',
            targets: {
              perDatabase: { PGlite: { maxP99Ms: 150 }, PostgreSQL: { minBaselineRatio: 0.06 } },
            },
          },
          yardstick: measured(1000),
          byDatabase: [
            { kind: 'PGlite', measurement: slow },
            { kind: 'PostgreSQL', measurement: slow },
          ],
        },
      ],
      (line) => lines.push(line),
    )
    expect(met).toBe(false)
    const row = lines.at(-1) ?? ''
    expect(row).toContain('PGlite ≥0× p99≤150; PostgreSQL ≥0.06× p99≤∞')
    expect(row).toContain('PGlite MISSED p99>150')
    expect(row).not.toContain('PostgreSQL MISSED')
  })
})

describe('slices of one server taken together', () => {
  it('counts req/s and CPU over every slice', () => {
    const busy = { ...measured(500), cpuMicrosPerRequest: 160, failures: 1 }
    const quiet = { ...measured(1500), cpuMicrosPerRequest: 80 }
    const together = combine([busy, quiet])
    expect(together.requestsPerSecond).toBe(1000)
    expect(together.total).toBe(20_000)
    expect(together.cpuMicrosPerRequest).toBe(100)
    expect(together.failures).toBe(1)
  })

  it('reads the latencies of all the requests together off each slice’s percentiles', () => {
    const slice = (ms: [number, number, number]): Measurement => ({
      ...measured(100),
      total: 1000,
      percentiles: [
        [50, ms[0]],
        [99, ms[1]],
        [99.9, ms[2]],
      ],
    })
    // Half the requests within 1 ms and 99 % within 2; the other half 10 and 30 ms.
    const together = combine([slice([1, 2, 3]), slice([10, 30, 40])])
    expect(together.p50).toBe(2)
    expect(together.p99).toBe(30)
    // Not the worst slice's p99, nor the quiet slice's.
    expect(combine([slice([1, 2, 3]), slice([1, 2, 3])]).p99).toBe(2)
  })
})
