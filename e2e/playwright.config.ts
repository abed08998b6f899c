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
  // One browser at a time by default: CI machines have two cores (E2E_WORKERS=2 saves about a quarter
  // of the time on an idle machine).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 1,
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
