import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { freePort, isHealthy, sleep } from './api-process.ts'

/**
 * `npm run bench:start [-- --runs 5] [-- --road 'name=shell command' …]`: how long a server
 * takes from its start command to a healthy `/health-check`, the CPU it used on the way, the
 * resident memory of everything the command runs (npm, shells, loaders and the server: its
 * whole process group) at start and after a warm-up, and how long SIGTERM to the group takes to
 * stop it. Each road starts once on a fresh data folder (creation, migrations and the demo set,
 * not measured), then restarts on it `--runs` times, taking turns with the other roads; medians
 * are reported. Without `--road`: production (`npm start`, and the built server it runs on its
 * own), and for comparison the same sources run by Node's type stripping, as `npm run dev` does
 * (docs/decisions/004-node-24-server-bundle.md). `npm run bench:start` builds first.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
const DEFAULT_ROADS = [
  'npm start=exec npm start',
  'node apps/api/dist/server.js=exec node apps/api/dist/server.js',
  'node apps/api/src/server.ts (type stripping)=exec node apps/api/src/server.ts',
]

type Run = {
  startMs: number
  /** CPU the group used until healthy: steadier than wall time on a shared machine. */
  cpuMs: number
  rssMb: number
  warmRssMb: number
  peakMb: number
  stopMs: number
  /** Exit code, or the signal that ended the command. */
  exit: string
}

/** CPU time, resident and peak memory summed over the processes of one group, from /proc (Linux). */
function groupUsage(pgid: number): {
  rssMb: number
  peakMb: number
  cpuMs: number
  processes: number
} {
  let processes = 0
  let cpuTicks = 0
  let rss = 0
  let peak = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name (which may hold spaces): the 5th is the process group.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) !== pgid) continue
      // utime and stime (12th and 13th), in clock ticks of 10 ms.
      cpuTicks += Number(fields[11]) + Number(fields[12])
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1])
      processes += 1
      rss += kb('VmRSS') || 0
      peak += kb('VmHWM') || 0
    } catch {
      // The process ended while being read.
    }
  }
  return { rssMb: rss / 1024, peakMb: peak / 1024, cpuMs: cpuTicks * 10, processes }
}

/** Requests a visitor's first minute makes: the site, card and deck listings, a card image. */
async function warmUp(baseUrl: string) {
  const cards = (await (await fetch(`${baseUrl}/v2/cards`)).json()) as {
    results: { stub: string }[]
  }
  const paths = ['/', '/v2/cards', '/v2/decks', '/v2/releases', '/cards/']
  for (const card of cards.results.slice(0, 10)) paths.push(`/v2/cards/${card.stub}`)
  for (let round = 0; round < 10; round += 1) {
    await Promise.all(paths.map(async (p) => (await fetch(`${baseUrl}${p}`)).arrayBuffer()))
  }
}

async function startOnce(command: string, dataDir: string, measure: boolean): Promise<Run> {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const started = performance.now()
  const child = spawn('/bin/sh', ['-c', command], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  })
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(String(code ?? signal))),
  )
  const pgid = child.pid ?? 0
  try {
    while (!(await isHealthy(baseUrl))) {
      if (child.exitCode !== null) throw new Error(`${command} exited while starting`)
      if (performance.now() - started > 120_000) throw new Error(`${command}: no health`)
      await sleep(10)
    }
    const startMs = performance.now() - started
    const atStart = groupUsage(pgid)
    if (measure) await warmUp(baseUrl)
    const warm = groupUsage(pgid)
    const stopping = performance.now()
    process.kill(-pgid, 'SIGTERM')
    const exit = await exited
    // npm may exit before the server it started: stop the clock when the last one has gone.
    while (groupUsage(pgid).processes > 0 && performance.now() - stopping < 30_000) await sleep(10)
    return {
      startMs,
      cpuMs: atStart.cpuMs,
      rssMb: atStart.rssMb,
      warmRssMb: warm.rssMb,
      peakMb: warm.peakMb,
      stopMs: performance.now() - stopping,
      exit,
    }
  } finally {
    try {
      process.kill(-pgid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      road: { type: 'string', multiple: true },
    },
  })
  const runs = Number(values.runs)
  const roads = (values.road ?? DEFAULT_ROADS).map((road) => {
    const [name = road, command = road] = road.includes('=') ? road.split(/=(.*)/s) : [road]
    return { name, command }
  })
  console.log(
    `start-up to a healthy /health-check, median of ${runs} restarts (Node ${process.version})`,
  )
  const rows: string[] = [
    '| road | start ms | CPU ms | RSS at start MB | RSS after warm-up MB | peak MB | SIGTERM to exit ms | exit |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ]
  // Runs take turns across roads, so a neighbour's burst of work spreads over all of them.
  const measured = new Map(roads.map((road) => [road, [] as Run[]]))
  const dataDirs = roads.map(() => mkdtempSync(path.join(tmpdir(), 'spellboard-start-')))
  try {
    for (const [index, road] of roads.entries()) {
      await startOnce(road.command, dataDirs[index] ?? '', false)
    }
    for (let run = 0; run < runs; run += 1) {
      for (const [index, road] of roads.entries()) {
        measured.get(road)?.push(await startOnce(road.command, dataDirs[index] ?? '', true))
      }
    }
  } finally {
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true })
  }
  for (const [road, results] of measured) {
    const cell = (key: Exclude<keyof Run, 'exit'>) =>
      median(results.map((result) => result[key])).toFixed(0)
    const exits = [...new Set(results.map((result) => result.exit))].join(', ')
    rows.push(
      `| ${road.name} | ${cell('startMs')} | ${cell('cpuMs')} | ${cell('rssMb')} | ${cell('warmRssMb')} | ${cell('peakMb')} | ${cell('stopMs')} | ${exits} |`,
    )
  }
  console.log(rows.join('\n'))
}

await main()
