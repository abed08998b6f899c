// `npm run bench -w packages/core` (and the first part of the root `npm run bench`): runs the
// core benchmarks (src/*.bench.ts) with Vitest's bench, then holds each result to its target.
// The First Five odds of one deck must take under 5 ms, its Draw odds table under 1 ms: judged
// on the median, since the machines these run on are shared and a few slow samples say more
// about the scheduler than about the code (the mean and p99 are printed beside it). Exits 1
// when a target is missed.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** Target per bench file, in ms per call. */
const TARGETS_MS = { 'first-five.bench.ts': 5, 'draw-odds.bench.ts': 1 }
const root = path.resolve(import.meta.dirname, '../../..')
const folder = mkdtempSync(path.join(tmpdir(), 'core-bench-'))
const output = path.join(folder, 'bench.json')

try {
  const run = spawnSync(
    'npx',
    ['vitest', 'bench', '--run', '--project', 'core', '--outputJson', output],
    { cwd: root, stdio: 'inherit' },
  )
  if (run.status !== 0) process.exit(run.status ?? 1)
  const report = JSON.parse(readFileSync(output, 'utf8'))
  let missed = 0
  const ms = (value) => `${value.toFixed(3)} ms`
  for (const file of report.files) {
    const name = path.basename(file.filepath)
    const target = TARGETS_MS[name]
    if (target === undefined) throw new Error(`${name} has no target in scripts/bench.mjs`)
    console.log(`\n${name}: target median under ${target} ms per call`)
    for (const group of file.groups) {
      for (const result of group.benchmarks) {
        const ok = result.median < target
        if (!ok) missed += 1
        console.log(
          `${ok ? 'ok  ' : 'MISS'} ${result.name}: median ${ms(result.median)}, mean ${ms(result.mean)}, p99 ${ms(result.p99)} (${result.sampleCount} samples)`,
        )
      }
    }
  }
  if (missed > 0) {
    console.error(`${missed} benchmark(s) over their target`)
    process.exit(1)
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
