import { existsSync } from 'node:fs'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4310)
export const baseURL = `http://127.0.0.1:${port}`

/**
 * A second site runs on the real card pool: the 2021 set, then the current 2026 pool, read from
 * the shared data folder beside the repository (the journeys of `current-pool*.spec.ts`).
 */
const CURRENT_POOL = ['../shared/data/ashes-2021', '../shared/data/ashes-2026']
const hasCurrentPool = CURRENT_POOL.every((folder) =>
  existsSync(path.resolve(import.meta.dirname, '..', folder)),
)
const currentPoolPort = Number(process.env.E2E_CURRENT_PORT ?? port + 1)
const currentPoolURL = `http://127.0.0.1:${currentPoolPort}`
const CURRENT_POOL_SPEC = /current-pool[\w-]*\.spec\.ts$/

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }
const site = (sitePort: number, env: Record<string, string> = {}) => ({
  command: `node start-site.mjs`,
  url: `http://127.0.0.1:${sitePort}/health-check`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { E2E_PORT: String(sitePort), ...env },
})

/** Debian's Chromium (CHROME_PATH overrides); Playwright's own browser downloads are not used. */
const chromium = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two browsers share the one site: every journey makes its own players and decks, so none
  // depends on another's order (E2E_WORKERS=1 runs them one at a time).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: CURRENT_POOL_SPEC },
    ...(hasCurrentPool
      ? [
          {
            name: 'current-pool',
            use: { ...desktop, baseURL: currentPoolURL },
            testMatch: CURRENT_POOL_SPEC,
          },
        ]
      : []),
  ],
  webServer: [
    site(port),
    ...(hasCurrentPool ? [site(currentPoolPort, { E2E_IMPORT: CURRENT_POOL.join(':') })] : []),
  ],
})
