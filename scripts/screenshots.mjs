// `npm run screenshots`: pictures of the deck builder, the card browser, a deck page (and its
// printout), the log-in form, My decks, the share dialog and the account's password change at
// 1280×800 and 390×844, in the light and the dark theme, so anyone can look at the screens a
// player meets. Builds the web app, starts the built site as `npm start` serves it on a fresh
// data folder (the demo set, or the data of `--data`), signs a player up, saves and publishes a
// deck, then drives Debian's Chromium (CHROME_PATH overrides) through the pages.
//
//   npm run screenshots -- [--data ../shared/data/ashes-2021] [--out screenshots] [--no-build]
//                          [--port 4530]   (a free port when not given)
//
// The pictures land in `screenshots/` (ignored by git), named page-width-theme.png.
import { execFileSync, execSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { call, openInBuilder, signUp, storedSession, waitForSite } from './site-client.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const { values: options } = parseArgs({
  options: {
    data: { type: 'string' },
    out: { type: 'string', default: 'screenshots' },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string' },
  },
})
const outDir = path.resolve(process.cwd(), options.out)
const EMAIL = 'painter@example.org'
const PASSWORD = 'a long enough password'

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, mobile: false },
  { name: 'phone', width: 390, height: 844, mobile: true },
]
const THEMES = ['light', 'dark']

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** A deck of the catalogue: a Phoenixborn with unique cards, 10 dice, up to 30 cards. */
async function buildDeck(origin, token) {
  const phoenixborns = (await call(origin, 'GET', '/v2/cards?types=phoenixborn')).results
  let chosen = phoenixborns[0]
  for (const candidate of phoenixborns) {
    const details = await call(origin, 'GET', `/v2/cards/${candidate.stub}/details`)
    if (details.related_cards?.phoenixborn_unique) {
      chosen = candidate
      break
    }
  }
  const listing = await call(
    origin,
    'GET',
    `/v2/cards?mode=deckbuilder&limit=50&include_uniques_for=${encodeURIComponent(chosen.name)}`,
  )
  // Every third card of the first page, at one to three copies up to thirty: the browser then
  // shows rows with copies and rows without, and the deck has several sections.
  const pattern = [3, 2, 3, 1, 3, 2]
  const cards = []
  let total = 0
  const candidates = listing.results
    .filter((card) => !card.phoenixborn || card.phoenixborn === chosen.name)
    .filter((_, index) => index % 3 === 0)
  for (const [index, card] of candidates.entries()) {
    if (total >= 30) break
    const count = Math.min(card.phoenixborn ? 1 : pattern[index % pattern.length], 30 - total)
    cards.push({ stub: card.stub, count })
    total += count
  }
  const magic = [...new Set(listing.results.flatMap((card) => card.dice ?? []))].filter(
    (name) => name !== 'basic',
  )
  const dice = [
    { name: magic[0] ?? 'ceremonial', count: 5 },
    { name: magic[1] ?? 'charm', count: 5 },
  ]
  const deck = await call(origin, 'PUT', '/v2/decks', {
    token,
    json: {
      title: 'Screenshot deck',
      description: 'A deck saved for the screenshots: **bold** words and a card, [[main]].',
      phoenixborn: chosen.stub,
      dice,
      cards,
      first_five: cards.slice(0, 5).map((card) => card.stub),
      is_red_rains: false,
    },
  })
  await call(origin, 'POST', `/v2/decks/${deck.id}/snapshot`, {
    token,
    json: { is_public: true, include_first_five: true },
  })
  // A second deck, never published: My decks marks only the first.
  await call(origin, 'PUT', '/v2/decks', {
    token,
    json: { title: 'Unpublished draft', phoenixborn: chosen.stub, dice, cards: cards.slice(0, 8) },
  })
  const details = await call(origin, 'GET', `/v2/decks/${deck.id}`)
  await call(origin, 'POST', `/v2/comments/${details.deck.comments_entity_id}`, {
    token,
    json: { text: 'First to comment on this deck. [[ceremonial:class]] dice work well here.' },
  })
  return deck
}

async function settle(page) {
  await page.waitForLoadState('networkidle')
  // Fonts, lazy images and the after-paint parts (toaster, comments).
  await page.waitForTimeout(600)
}

async function main() {
  if (!options['no-build']) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' })
  mkdirSync(outDir, { recursive: true })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spellboard-screenshots-'))
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: options.data ? 'false' : 'true',
  }
  const cli = (args) =>
    execFileSync(process.execPath, ['apps/api/src/cli/main.ts', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  if (options.data) cli(['import', path.resolve(process.cwd(), options.data)])

  const port = options.port ? Number(options.port) : await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let browser
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    })
    await waitForSite(origin, 60_000)
    const auth = await signUp(origin, dataDir, {
      email: EMAIL,
      username: 'Painter',
      password: PASSWORD,
    })
    const deck = await buildDeck(origin, auth.access_token)
    const session = storedSession(auth)
    const written = []
    for (const viewport of VIEWPORTS) {
      for (const theme of THEMES) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: theme,
          isMobile: viewport.mobile,
          hasTouch: viewport.mobile,
          deviceScaleFactor: 1,
        })
        const page = await context.newPage()
        const shot = async (name) => {
          const file = path.join(outDir, `${name}-${viewport.name}-${theme}.png`)
          await page.screenshot({ path: file })
          written.push(path.relative(process.cwd(), file))
        }

        // A visitor: the card browser and a published deck.
        await page.goto(`${origin}/cards/`)
        await settle(page)
        await shot('cards')
        if (viewport.mobile) {
          await page.getByRole('button', { name: 'Filters' }).click()
          await page.waitForTimeout(200)
          await shot('cards-filters')
        }
        await page.goto(`${origin}/decks/${deck.id}/`)
        await settle(page)
        await shot('deck')
        if (!viewport.mobile) {
          // On paper (the print style sheet; the theme does not apply).
          await page.emulateMedia({ media: 'print' })
          await page.waitForTimeout(200)
          await page.screenshot({
            path: path.join(outDir, `deck-print-${theme}.png`),
            fullPage: true,
          })
          written.push(path.relative(process.cwd(), path.join(outDir, `deck-print-${theme}.png`)))
          await page.emulateMedia({ media: 'screen' })
        }

        // A refused log-in, said beside the form.
        await page.goto(`${origin}/log-in/`)
        await page.getByLabel('Email').fill(EMAIL)
        await page.getByLabel('Password').fill('not the password')
        await page.getByRole('button', { name: 'Log in' }).click()
        await page.getByRole('main').getByRole('alert').waitFor()
        await settle(page)
        await shot('log-in-refused')

        // The player: their deck opened in the builder, beside the card browser.
        await openInBuilder(page, origin, session, deck.id)
        await page.goto(`${origin}/cards/`)
        await settle(page)
        if (viewport.mobile) {
          await shot('cards-building')
          await page.getByRole('button', { name: 'Toggle pane' }).click()
          await page.waitForTimeout(400)
        }
        await shot('builder')
        if (viewport.mobile) {
          await page.getByRole('dialog').locator('h3', { hasText: 'Dice' }).scrollIntoViewIfNeeded()
          await page.waitForTimeout(200)
          await shot('builder-dice')
        }

        // The player's own pages: My decks (the published deck marked), Share... with the
        // public address, and the account settings' password change with an error.
        await page.goto(`${origin}/decks/mine/`)
        await settle(page)
        await shot('my-decks')
        await page.goto(`${origin}/decks/${deck.id}/`)
        await settle(page)
        const share = page.getByRole('button', { name: 'Share...' })
        if (await share.isVisible()) {
          await share.click()
          await page
            .getByRole('dialog', { name: 'Share and export' })
            .getByLabel('Public URL')
            .waitFor()
          await page.waitForTimeout(300)
          await shot('share')
        }
        await page.goto(`${origin}/players/me/`)
        await settle(page)
        const password = page.getByRole('region', { name: 'Change password' })
        await password.getByLabel('Current password').fill(PASSWORD)
        await password.getByLabel('New password', { exact: true }).fill('short')
        await password.getByLabel('Confirm new password').fill('shorter')
        await password.getByRole('button', { name: 'Change password' }).click()
        await password.scrollIntoViewIfNeeded()
        await page.waitForTimeout(200)
        await shot('account-password')
        await context.close()
      }
    }
    console.log(`${written.length} screenshots:\n${written.map((file) => `  ${file}`).join('\n')}`)
  } finally {
    await browser?.close()
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
