import { parseArgs } from 'node:util'
import { runFuzz, summarise } from './fuzz.ts'

/**
 * `npm run test:hostile [-- --runs 10000 --seed 42]`: hostile requests across every endpoint on
 * a fresh database with the demo data; every failure is listed, and the exit code is 1 when
 * any request got a 5xx, broke the error contract or crashed the process.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '10000' },
      seed: { type: 'string' },
    },
  })
  const runs = Number(values.runs)
  const log = (line: string) => console.log(line)
  log(`hostile requests: ${runs} through app.inject on in-memory PGlite with the demo data`)
  const report = await runFuzz({
    runs,
    keepGoing: true,
    log,
    ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
  })
  for (const line of summarise(report)) log(line)
  if (report.failures.length > 0 || report.crashes.length > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
