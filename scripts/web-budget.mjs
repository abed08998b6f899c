// `npm run bench:web`: builds the web app, reports the initial JavaScript (gzip) against the
// 90 KB budget of docs/decisions/002-initial-js-budget.md and what each screen adds, then starts
// the built site as `npm start` serves it (e2e/start-site.mjs: a fresh data folder with the demo
// data) and runs Lighthouse (mobile, simulated throttling) on the home page, the card browser,
// a deck, and a player's My decks with a deck open in the builder. Exits 1 when a target is
// missed.
//
//   npm run bench:web -- [--runs 5] [--no-build] [--no-lighthouse]
//   (WEB_DIST, BENCH_PORT and CHROME_PATH apply)
import { execSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { CATEGORIES, runLighthouse } from '../e2e/bench/lighthouse.mjs'
import {
  distFolder,
  INITIAL_JS_BUDGET_KB,
  initialJavaScript,
  kb,
  ROOT,
  screenChunks,
} from './bundle-report.mjs'
import { call, openInBuilder, signUp, storedSession, waitForSite } from './site-client.mjs'

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

async function publicDecks() {
  const decks = (await call(origin, 'GET', '/v2/decks?limit=5')).results
  if (!decks?.length) throw new Error('the demo data has no public deck to measure')
  return decks
}

/**
 * A player with a few decks of their own (clones of public ones), and a `prepare` for
 * Lighthouse that logs the browser in and opens the first of them in the builder.
 */
async function builderPage(decks) {
  // start-site.mjs names its data folder (and so the mail outbox) in this file.
  const { dataDir } = JSON.parse(
    readFileSync(path.join(tmpdir(), `spellboard-e2e-${port}.json`), 'utf8'),
  )
  const auth = await signUp(origin, dataDir, {
    email: 'bench@example.org',
    username: 'Bench',
    password: 'a long enough password',
  })
  const token = auth.access_token
  const mine = []
  for (const deck of decks)
    mine.push(await call(origin, 'GET', `/v2/decks/${deck.id}/clone`, { token }))
  return {
    name: 'my decks, building',
    url: `${origin}/decks/mine/`,
    prepare: async (chromePort) => {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`)
      try {
        const page = await browser.contexts()[0].newPage()
        await openInBuilder(page, origin, storedSession(auth), mine[0].id)
        await page.close()
      } finally {
        await browser.close()
      }
    },
  }
}

if (!options['no-lighthouse']) {
  const site = spawn(process.execPath, [path.join(ROOT, 'e2e/start-site.mjs')], {
    cwd: path.join(ROOT, 'e2e'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port), WEB_DIST: dist },
  })
  const exited = new Promise((resolve) => site.once('exit', resolve))
  try {
    await waitForSite(origin, 120_000)
    const decks = await publicDecks()
    const pages = [
      { name: 'home', url: `${origin}/` },
      { name: 'cards', url: `${origin}/cards/` },
      { name: 'deck', url: `${origin}/decks/${decks[0].id}/` },
      // Logged in from here on: the browser keeps the session in localStorage.
      await builderPage(decks),
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
