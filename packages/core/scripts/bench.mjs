// `npm run bench -w packages/core` (and the first part of the root `npm run bench`): runs the
// core benchmarks (src/*.bench.ts) with Vitest's bench, then holds each result to its target.
// The First Five odds of one deck must take under 5 ms: judged on the median, since the
// machines these run on are shared and a few slow samples say more about the scheduler than
// about the code (the mean and p99 are printed beside it). Exits 1 when a target is missed.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const TARGET_MS = 5
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
  console.log(`\nTarget: median under ${TARGET_MS} ms per call`)
  for (const file of report.files) {
    for (const group of file.groups) {
      for (const result of group.benchmarks) {
        const ok = result.median < TARGET_MS
        if (!ok) missed += 1
        const ms = (value) => `${value.toFixed(3)} ms`
        console.log(
          `${ok ? 'ok  ' : 'MISS'} ${result.name}: median ${ms(result.median)}, mean ${ms(result.mean)}, p99 ${ms(result.p99)} (${result.sampleCount} samples)`,
        )
      }
    }
  }
  if (missed > 0) {
    console.error(`${missed} benchmark(s) over ${TARGET_MS} ms`)
    process.exit(1)
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
