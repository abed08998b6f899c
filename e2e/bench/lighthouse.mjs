// Lighthouse 12 on Debian's Chromium: the default (mobile, simulated throttling) configuration,
// a few runs per page, and the median of each score and metric, since one run on a busy machine
// can be far off.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

/** The flags of playwright.config.ts: the same browser the browser tests drive. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const CATEGORIES = ['performance', 'accessibility', 'best-practices']

export const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
]

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Audits that cost points in a run: id, score and the value Lighthouse shows. */
function weakAudits(lhr) {
  const weak = new Map()
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
        weak.set(audit.id, `${category.id}: ${audit.id} ${audit.displayValue ?? ''}`.trim())
      }
    }
  }
  return [...weak.values()]
}

/**
 * Errors of one run that say nothing about the page (a trace Chromium failed to record on a busy
 * machine): the run is tried again, up to twice.
 */
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT'])

async function audit(page, port, log) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(page.url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    })
    if (!lhr.runtimeError) return lhr
    if (attempt > 2 || !TRANSIENT.has(lhr.runtimeError.code)) {
      throw new Error(`${page.url}: ${lhr.runtimeError.message}`)
    }
    log(`  ${page.name}: ${lhr.runtimeError.code}, run again`)
  }
}

/**
 * Runs Lighthouse `runs` times on each page and returns, per page, the median score of each
 * category (0-100), the median of each metric, and the audits that failed in any run. Pages
 * run in order in one browser; a page's `prepare(port)` runs before its first run (given the
 * browser's debugging port), and what it leaves in localStorage stays: Lighthouse clears the
 * origin's caches and service workers before each run, not its localStorage.
 */
export async function runLighthouse(pages, { runs = 3, log = () => {} } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const results = []
    for (const page of pages) {
      // Logs in, opens the builder...: whatever the page needs first, in the same browser.
      if (page.prepare) await page.prepare(chrome.port)
      const lhrs = []
      for (let run = 1; run <= runs; run += 1) {
        const lhr = await audit(page, chrome.port, log)
        const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100))
        log(`  ${page.name} run ${run}/${runs}: ${scores.join(' / ')}`)
        lhrs.push(lhr)
      }
      results.push({
        ...page,
        scores: Object.fromEntries(
          CATEGORIES.map((id) => [
            id,
            median(lhrs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100))),
          ]),
        ),
        metrics: Object.fromEntries(
          METRICS.map(([id, label]) => [
            label,
            median(lhrs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN)),
          ]),
        ),
        weak: [...new Set(lhrs.flatMap(weakAudits))],
        benchmarkIndex: median(lhrs.map((lhr) => lhr.environment.benchmarkIndex)),
      })
    }
    return results
  } finally {
    await chrome.kill()
  }
}
