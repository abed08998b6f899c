import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs, promisify } from 'node:util'
import { freePort, isHealthy, sleep, throwAwayDatabase } from './api-process.ts'
import { startupWarmUp, type WarmUpPlayer } from './start-up-warm-up.ts'

/**
 * `npm run bench:start [-- --runs 5] [-- --data <folder>]… [-- --road 'name=shell command' …]`:
 * how long a server takes from its start command to a healthy `/health-check`, the CPU it used
 * on the way, the resident memory of everything the command runs (npm, shells, loaders and the
 * server: its whole process group) when healthy and after a warm-up, the peak of each (the sum
 * of every process's high-water mark, VmHWM), and how long SIGTERM to the group takes to stop
 * it. Each road first starts on a new data folder (creation, migrations and the demo set: the
 * "first start" row, no warm-up); then `--data` folders are imported into it in order with
 * `npm run import`, and a player is created for the autosaves; then it restarts `--runs` times,
 * taking turns with the other roads, each restart followed by a warm-up: the card list, 100
 * cards' details, the precons' deck pages and 16 autosaves of a deck. Medians are reported.
 * With BENCH_PG_URL set, each road runs on a throw-away PostgreSQL database created on that
 * server instead of the embedded one. Without `--road`: production (`npm start`, and the
 * built server it runs on its own), and for comparison the same sources run by Node's type
 * stripping, as `npm run dev` does (docs/decisions/004-node-24-server-bundle.md).
 * `npm run bench:start` builds first.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..')
const DEFAULT_ROADS = [
  'npm start=exec npm start',
  'node apps/api/dist/server.js=exec node apps/api/dist/server.js',
  'node apps/api/src/server.ts (type stripping)=exec node apps/api/src/server.ts',
]
const run = promisify(execFile)

type Run = {
  startMs: number
  /** CPU the group used until healthy: steadier than wall time on a shared machine. */
  cpuMs: number
  rssMb: number
  /** Peak until healthy: what starting needs. */
  startPeakMb: number
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

type Place = { dataDir: string; env: Record<string, string> }

async function startOnce(command: string, place: Place, player?: WarmUpPlayer): Promise<Run> {
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
      DATA_DIR: place.dataDir,
      LOG_LEVEL: 'warn',
      ...place.env,
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
    if (player) await startupWarmUp(baseUrl, player)
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
      startPeakMb: atStart.peakMb,
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

/** `npm run cli -- …` on a road's database (its server stopped). */
async function cli(place: Place, args: string[]) {
  await run('npm', ['run', '--silent', 'cli', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: place.dataDir, ...place.env },
    maxBuffer: 16 * 1024 * 1024,
  })
}

/** The road's data: the `--data` folders imported in order, and a player for the autosaves. */
async function prepare(place: Place, folders: string[]): Promise<WarmUpPlayer> {
  for (const folder of folders) await cli(place, ['import', folder])
  const player = {
    email: `start-${randomBytes(4).toString('hex')}@example.org`,
    password: 'start-up bench password',
  }
  await cli(place, [
    'create-user',
    '--email',
    player.email,
    '--username',
    'startup',
    '--password',
    player.password,
  ])
  return player
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
      data: { type: 'string', multiple: true },
    },
  })
  const runs = Number(values.runs)
  const invokedFrom = process.env.INIT_CWD ?? process.cwd()
  const folders = (values.data ?? []).map((folder) => path.resolve(invokedFrom, folder))
  const roads = (values.road ?? DEFAULT_ROADS).map((road) => {
    const [name = road, command = road] = road.includes('=') ? road.split(/=(.*)/s) : [road]
    return { name, command }
  })
  const pgServer = process.env.BENCH_PG_URL || null
  console.log(
    `start-up to a healthy /health-check, median of ${runs} restarts (Node ${process.version}), ` +
      `${pgServer ? 'PostgreSQL' : 'PGlite'}, data: demo set${folders.map((folder) => ` + ${path.basename(folder)}`).join('')}`,
  )
  const rows: string[] = [
    '| road | start ms | CPU ms | RSS at start MB | peak at start MB | RSS after warm-up MB | peak MB | SIGTERM to exit ms | exit |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ]
  // Runs take turns across roads, so a neighbour's burst of work spreads over all of them.
  const measured = new Map(roads.map((road) => [road, [] as Run[]]))
  const firstStarts = new Map<(typeof roads)[number], Run>()
  const places: Place[] = []
  const drops: (() => Promise<void>)[] = []
  try {
    for (const _road of roads) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'spellboard-start-'))
      const env: Record<string, string> = { DATABASE_URL: '' }
      if (pgServer) {
        const database = await throwAwayDatabase(pgServer)
        drops.push(database.drop)
        env.DATABASE_URL = database.url
      }
      places.push({ dataDir, env })
    }
    const players: WarmUpPlayer[] = []
    for (const [index, road] of roads.entries()) {
      const place = places[index] as Place
      firstStarts.set(road, await startOnce(road.command, place))
      players.push(await prepare(place, folders))
    }
    for (let round = 0; round < runs; round += 1) {
      for (const [index, road] of roads.entries()) {
        const place = places[index] as Place
        measured.get(road)?.push(await startOnce(road.command, place, players[index]))
      }
    }
  } finally {
    for (const place of places) rmSync(place.dataDir, { recursive: true, force: true })
    for (const drop of drops) await drop()
  }
  const fixed = (value: number) => value.toFixed(0)
  for (const [road, first] of firstStarts) {
    rows.push(
      `| ${road.name}, first start on a new data folder | ${fixed(first.startMs)} | ${fixed(first.cpuMs)} | ${fixed(first.rssMb)} | ${fixed(first.startPeakMb)} | – | – | ${fixed(first.stopMs)} | ${first.exit} |`,
    )
  }
  for (const [road, results] of measured) {
    const cell = (key: Exclude<keyof Run, 'exit'>) =>
      fixed(median(results.map((result) => result[key])))
    const exits = [...new Set(results.map((result) => result.exit))].join(', ')
    rows.push(
      `| ${road.name} | ${cell('startMs')} | ${cell('cpuMs')} | ${cell('rssMb')} | ${cell('startPeakMb')} | ${cell('warmRssMb')} | ${cell('peakMb')} | ${cell('stopMs')} | ${exits} |`,
    )
  }
  console.log(rows.join('\n'))
}

await main()
