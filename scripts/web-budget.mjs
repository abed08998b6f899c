// `npm run bench:web`: builds the web app, reports the initial JavaScript (gzip) against the
// 90 KB budget of docs/decisions/002-initial-js-budget.md and what each screen adds, then starts
// the built site as `npm start` serves it (e2e/start-site.mjs: a fresh data folder with the demo
// data) and runs Lighthouse (mobile, simulated throttling) on the home page, the card browser
// and a deck. Exits 1 when a target is missed.
//
//   npm run bench:web -- [--runs 5] [--no-build] [--no-lighthouse]
//   (WEB_DIST, BENCH_PORT and CHROME_PATH apply)
import { execSync, spawn } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CATEGORIES, runLighthouse } from '../e2e/bench/lighthouse.mjs'
import {
  distFolder,
  INITIAL_JS_BUDGET_KB,
  initialJavaScript,
  kb,
  ROOT,
  screenChunks,
} from './bundle-report.mjs'

/** Lighthouse targets per category, on every page. */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 }

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
  },
})
const runs = Math.max(1, Number(options.runs) || 3)
const port = Number(process.env.BENCH_PORT ?? 4390)
const origin = `http://127.0.0.1:${port}`
const problems = []

if (!options['no-build']) {
  execSync('npm run build', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
}

const dist = distFolder()
const initial = initialJavaScript(dist)
console.log(`\nInitial JavaScript (gzip) in ${path.relative(ROOT, dist) || dist}`)
for (const { file, kb: size } of initial.files) console.log(`${kb(size)}  ${file}`)
console.log(`${kb(initial.kb)}  total (budget ${INITIAL_JS_BUDGET_KB} KB)`)
if (initial.kb > INITIAL_JS_BUDGET_KB) {
  problems.push(`initial JavaScript ${initial.kb.toFixed(2)} KB > ${INITIAL_JS_BUDGET_KB} KB`)
}

const { appRoutes, screens, features } = screenChunks(dist)
console.log('\nScreens: own chunk, and everything a visit adds after the initial JavaScript')
console.log(`${kb(appRoutes.kb)}  app-routes (data layer and route table, fetched on every start)`)
console.log(`${'own'.padStart(10)} ${'adds'.padStart(10)}  screen`)
for (const screen of screens) {
  console.log(
    `${kb(screen.ownKb)} ${kb(screen.extraKb)}  ${screen.paths.join(' ')}  (${screen.module})`,
  )
}
console.log('\nLazily loaded features')
for (const feature of features) {
  console.log(`${kb(feature.ownKb)} ${kb(feature.extraKb)}  ${feature.module}`)
}

async function waitForSite(timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/health-check`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the site did not answer on ${origin} within ${timeoutMs / 1000} s`)
}

async function firstDeckPath() {
  const response = await fetch(`${origin}/v2/decks?limit=1`)
  const deck = (await response.json()).results?.[0]
  if (!deck) throw new Error('the demo data has no public deck to measure')
  return `/decks/${deck.id}/`
}

if (!options['no-lighthouse']) {
  const site = spawn(process.execPath, [path.join(ROOT, 'e2e/start-site.mjs')], {
    cwd: path.join(ROOT, 'e2e'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port), WEB_DIST: dist },
  })
  const exited = new Promise((resolve) => site.once('exit', resolve))
  try {
    await waitForSite(120_000)
    const pages = [
      { name: 'home', url: `${origin}/` },
      { name: 'cards', url: `${origin}/cards/` },
      { name: 'deck', url: `${origin}${await firstDeckPath()}` },
    ]
    console.log(`\nLighthouse 12, mobile, simulated throttling: median of ${runs} run(s) per page`)
    const results = await runLighthouse(pages, { runs, log: (line) => console.log(line) })
    console.log(
      `\n${'page'.padEnd(28)}${CATEGORIES.map((c) => c.padStart(15)).join('')}` +
        '     FCP     LCP     TBT    CLS      SI',
    )
    for (const page of results) {
      const { FCP, LCP, TBT, CLS, SI } = page.metrics
      console.log(
        `${new URL(page.url).pathname.padEnd(28)}${CATEGORIES.map((c) => String(page.scores[c]).padStart(15)).join('')}` +
          `${seconds(FCP)}${seconds(LCP)}${`${Math.round(TBT)}ms`.padStart(8)}${CLS.toFixed(3).padStart(7)}${seconds(SI)}`,
      )
      for (const category of CATEGORIES) {
        if (page.scores[category] < TARGETS[category]) {
          problems.push(`${page.name}: ${category} ${page.scores[category]} < ${TARGETS[category]}`)
        }
      }
    }
    const weak = results.filter((page) => page.weak.length > 0)
    if (weak.length > 0) console.log('\nAudits below 90 in at least one run')
    for (const page of weak) console.log(`  ${page.name}: ${page.weak.join('; ')}`)
    console.log(`\nLighthouse CPU benchmark index of this machine: ${results[0]?.benchmarkIndex}`)
  } finally {
    site.kill('SIGTERM')
    await exited
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)}s`.padStart(8)
}

if (problems.length > 0) {
  console.error(`\nTargets missed:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}
console.log('\nAll targets met.')
