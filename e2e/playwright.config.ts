import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4310)
export const baseURL = `http://127.0.0.1:${port}`

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
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: {
    command: `node start-site.mjs`,
    url: `${baseURL}/health-check`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
})
