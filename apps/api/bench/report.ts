import {
  type DatabaseKind,
  type Measurement,
  type Scenario,
  type Targets,
  targetsOn,
} from './lib.ts'

/** One row of the table: a scenario's yardstick and its measurement on each database. */
export type Row = {
  scenario: Pick<Scenario, 'name' | 'targets'>
  yardstick: Measurement
  byDatabase: { kind: DatabaseKind; measurement: Measurement }[]
}

const pad = (text: string, width: number) => text.padEnd(width)

const num = (value: number, width: number) => value.toFixed(value >= 100 ? 0 : 1).padStart(width)

/** What `targets` ask, in the table's last column. */
function describe(targets: Targets): string {
  const kept = targets.minShareOfRowAbove
  return `≥${targets.minBaselineRatio ?? 0}× p99≤${targets.maxP99Ms ?? '∞'}${kept ? ` kept≥${kept}` : ''}`
}

/** A measurement beside its yardstick's. */
type Measured = { m: Measurement; yardstick: Measurement }
const yardRatio = ({ m, yardstick }: Measured) => m.requestsPerSecond / yardstick.requestsPerSecond

/**
 * The target misses of one measurement against its yardstick and, for `minShareOfRowAbove`,
 * against the row above on the same database (empty when all are met).
 */
export function misses(measured: Measured, targets?: Targets, above?: Measured): string[] {
  const { m } = measured
  const missed: string[] = []
  const ratio = yardRatio(measured)
  if (targets?.minBaselineRatio !== undefined && ratio < targets.minBaselineRatio) {
    missed.push(`×yard<${targets.minBaselineRatio}`)
  }
  const share = targets?.minShareOfRowAbove
  if (share !== undefined && (!above || ratio / yardRatio(above) < share)) {
    missed.push(`kept<${share} of the row above`)
  }
  if (targets?.maxP99Ms !== undefined && m.p99 > targets.maxP99Ms) {
    missed.push(`p99>${targets.maxP99Ms}`)
  }
  if (m.failures > 0) missed.push(`${m.failures} failed`)
  return missed
}

/**
 * ONE table: per scenario, the yardstick's req/s, then per database req/s, p99, the ratio to
 * the yardstick and the CPU ratio (yardstick CPU per request ÷ the endpoint's: the req/s ratio
 * a dedicated core would see), and the verdict. Returns false when any target was missed.
 */
export function printTable(
  kinds: DatabaseKind[],
  rows: Row[],
  log: (line: string) => void,
): boolean {
  const perDb = (text: string[]) => text.map((t, i) => t.padStart([9, 8, 7, 6][i] ?? 8)).join('')
  log(
    `${pad('', 40)}${'yardstick'.padStart(10)}${kinds.map((kind) => `  ${pad(kind, 30)}`).join('')}`,
  )
  log(
    `${pad('scenario', 40)}${'req/s'.padStart(10)}${kinds
      .map(() => `  ${perDb(['req/s', 'p99 ms', '×yard', 'cpu×'])}`)
      .join('')}  targets`,
  )
  let allMet = true
  let above: Row | undefined
  for (const row of rows) {
    const cells = row.byDatabase.map(({ measurement: m }) => {
      const ratio = m.requestsPerSecond / row.yardstick.requestsPerSecond
      const cpuRatio = row.yardstick.cpuMicrosPerRequest / m.cpuMicrosPerRequest
      return `  ${num(m.requestsPerSecond, 9)}${num(m.p99, 8)}${ratio.toFixed(3).padStart(7)}${cpuRatio.toFixed(2).padStart(6)}`
    })
    const verdicts = row.byDatabase.map(({ kind, measurement }) => {
      const before = above?.byDatabase.find((entry) => entry.kind === kind)
      const missed = misses(
        { m: measurement, yardstick: row.yardstick },
        targetsOn(row.scenario, kind),
        before && above ? { m: before.measurement, yardstick: above.yardstick } : undefined,
      )
      if (missed.length > 0) allMet = false
      return missed.length > 0 ? `${kind} MISSED ${missed.join(' ')}` : null
    })
    const { targets } = row.scenario
    const wanted = !targets
      ? ''
      : 'perDatabase' in targets
        ? Object.entries(targets.perDatabase)
            .map(([kind, each]) => `${kind} ${describe(each)}`)
            .join('; ')
        : describe(targets)
    const verdict = verdicts.filter(Boolean).join('; ') || (targets ? 'ok' : '')
    log(
      `${pad(row.scenario.name, 40)}${num(row.yardstick.requestsPerSecond, 10)}${cells.join('')}  ${wanted} ${verdict}`,
    )
    above = row
  }
  return allMet
}
