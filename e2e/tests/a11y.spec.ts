import { createRequire } from 'node:module'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import type AxeCore from 'axe-core'
import {
  createPlayer,
  logIn,
  type Player,
  type PublishedDeck,
  postComment,
  publishDeck,
} from './fixtures.ts'

// axe on every screen of SPEC, logged out and logged in, in both themes, with the deck builder
// open and with the popups and dialogs a visitor opens: no serious or critical violation.
// Each state is checked in full in the light theme, then switched to the dark theme (the
// themes differ in colour only) and checked again with the rules that look at colour.

type Screen = {
  name: string
  path: string
  /** Shown once the screen has its data; axe runs after it. */
  ready: (page: Page) => ReturnType<Page['getByRole']>
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('main').getByRole('heading', { name, level: 1 })

/** axe's rules whose answer depends on the colours of the theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** axe-core itself, loaded into every page of these tests before the page's own scripts. */
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** The violations that fail the check, one readable line each. */
async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Only violations come back: the passes of a large page would cost more to copy than to find.
  const violations = await page.evaluate(async (runOnly) => {
    const { axe } = window as unknown as { axe: typeof AxeCore }
    const options: AxeCore.RunOptions = { resultTypes: ['violations'] }
    if (runOnly) options.runOnly = runOnly
    return (await axe.run(document, options)).violations
  }, rules)
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? violation.help}`,
      ),
    )
}

/** axe on the page as it is: every rule in the light theme, the colour rules in the dark one. */
async function checkBothThemes(page: Page, label: string) {
  expect.soft(await seriousViolations(page), `${label}, light theme`).toEqual([])
  // Without transitions every element takes its new colours at once, so axe never measures an
  // element half-way between the themes.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' })
  const background = () =>
    page.evaluate(() => getComputedStyle(document.body).getPropertyValue('background-color'))
  const light = await background()
  const quickly = { intervals: [20] }
  await page.emulateMedia({ colorScheme: 'dark' })
  // Chromium applies the new colour scheme a moment after the switch.
  await expect.poll(background, { message: 'the dark theme shows', ...quickly }).not.toBe(light)
  expect.soft(await seriousViolations(page, COLOUR_RULES), `${label}, dark theme`).toEqual([])
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(background, { message: 'the light theme is back', ...quickly }).toBe(light)
}

/** Opens a screen, waits for its content and for loading placeholders to go, then runs axe. */
async function checkScreen(page: Page, screen: Screen) {
  await page.goto(screen.path)
  await expect(screen.ready(page)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
  await checkBothThemes(page, `${screen.name} (${screen.path})`)
}

/** The demo data's public decks, by title (the listing answers newest first). */
async function demoDecks(request: APIRequestContext) {
  const decks: Record<string, number> = {}
  for (const query of ['', '?show_legacy=true', '?show_red_rains=true']) {
    const response = await request.get(`/v2/decks${query}`)
    for (const deck of (await response.json()).results as { id: number; title: string }[]) {
      decks[deck.title] = deck.id
    }
  }
  return decks
}

test.describe.configure({ timeout: 240_000 })

test.beforeEach(async ({ page }) => {
  await page.addInitScript({ path: AXE_SCRIPT })
  await page.emulateMedia({ colorScheme: 'light' })
})

let author: Player
let published: PublishedDeck

test.beforeAll(async ({ request }) => {
  author = await createPlayer(request, 'Axe Author', 'Checks **contrast** with [[Sera Emberlock]].')
  published = await publishDeck(request, author, {
    title: 'Accessible Embers',
    description: 'A deck with a *description*, a [[Summon Cinder Hound]] link and\n\n* a list',
  })
  await postComment(request, author, published.entityId, 'First! [[Cinder Hound]] is **great**.')
})

test('every public screen, logged out', async ({ page, request }) => {
  const decks = await demoDecks(request)
  const legacyDeck = Object.entries(decks).find(([title]) => /hearthfire/i.test(title))?.[1]
  const screens: Screen[] = [
    { name: 'Home', path: '/', ready: (p) => p.getByRole('main').getByRole('heading').first() },
    { name: 'Cards', path: '/cards/', ready: heading('Browse cards') },
    { name: 'Legacy cards', path: '/cards/legacy/', ready: heading('Browse legacy cards') },
    { name: 'Card', path: '/cards/sera-emberlock/', ready: heading('Sera Emberlock') },
    { name: 'Legacy card', path: '/cards/legacy/sera-emberlock/', ready: heading(/Sera/) },
    { name: 'Card not found', path: '/cards/no-such-card/', ready: heading('No card found') },
    {
      name: 'Decks',
      path: '/decks/',
      ready: (p) => p.getByRole('link', { name: 'Accessible Embers' }).first(),
    },
    { name: 'Red Rains decks', path: '/decks/red-rains/', ready: heading(/decks/i) },
    { name: 'Legacy decks', path: '/decks/legacy/', ready: heading(/decks/i) },
    { name: 'Deck', path: `/decks/${published.id}/`, ready: heading('Accessible Embers') },
    ...(legacyDeck
      ? [{ name: 'Legacy deck', path: `/decks/${legacyDeck}/`, ready: heading(/Hearthfire/i) }]
      : []),
    { name: 'Deck not found', path: '/decks/999999/', ready: heading('No deck found') },
    {
      name: 'Deck with a sample hand',
      path: `/decks/${published.id}/?sample=k3x9a&rounds=3`,
      ready: (p) => p.getByRole('region', { name: 'Sample hand' }),
    },
    { name: 'Deck history', path: `/decks/${published.id}/history/`, ready: heading(/history/i) },
    {
      name: 'Shared deck',
      path: `/decks/share/${published.shareUuid}/`,
      ready: heading('Accessible Embers'),
    },
    {
      name: 'Compare decks',
      path: `/decks/compare/?left=${decks['The Ember Oath']}&right=${decks['Roots and Bonds']}`,
      ready: (p) => p.getByRole('region', { name: 'Dice' }),
    },
    { name: 'Compare decks, none given', path: '/decks/compare/', ready: heading('Compare decks') },
    { name: 'Log in', path: '/log-in/', ready: (p) => p.getByRole('button', { name: 'Log in' }) },
    {
      name: 'Phoenix',
      path: '/phoenix/',
      ready: (p) => p.getByRole('main').getByRole('heading').first(),
    },
    {
      name: 'Sign up',
      path: '/players/new/',
      ready: (p) => p.getByRole('button', { name: 'Create account' }),
    },
    {
      name: 'Finalize account',
      path: '/players/new/an-invitation-token/',
      ready: (p) => p.getByLabel('Username'),
    },
    { name: 'Request reset', path: '/players/reset/', ready: (p) => p.getByLabel('Email') },
    {
      name: 'Reset password',
      path: '/players/reset/a-reset-token/',
      ready: (p) => p.getByRole('main').getByRole('button').first(),
    },
    { name: 'Player', path: `/players/${author.badge}/`, ready: heading(/Axe Author/) },
    {
      name: 'Player not found',
      path: '/players/nobody-here/',
      ready: heading('No player found'),
    },
    {
      name: 'Policies',
      path: '/policies/',
      ready: (p) => p.getByRole('main').getByRole('heading').first(),
    },
    { name: 'Not found', path: '/no/such/page/', ready: heading('No page found') },
  ]
  for (const screen of screens) {
    await test.step(screen.name, () => checkScreen(page, screen))
  }
})

test('popups and dialogs a visitor opens', async ({ page }) => {
  await page.goto('/cards/')
  await expect(heading('Browse cards')(page)).toBeVisible()
  await test.step('releases filter', async () => {
    await page.getByRole('button', { name: /Releases/ }).click()
    const popup = page.getByRole('dialog')
    await expect(popup).toBeVisible()
    await checkBothThemes(page, 'releases popup')
    await page.keyboard.press('Escape')
  })
  await test.step('search help', async () => {
    await page.getByRole('button', { name: 'Search help' }).click()
    await expect(page.getByRole('dialog', { name: 'Search terms' })).toBeVisible()
    await checkBothThemes(page, 'search help')
    await page.keyboard.press('Escape')
  })
  await test.step('card preview', async () => {
    await page
      .getByRole('main')
      .getByRole('list', { name: 'Cards' })
      .getByRole('link')
      .first()
      .hover()
    await expect(page.getByRole('tooltip')).toBeVisible()
    await checkBothThemes(page, 'card preview')
  })
  await test.step('share dialog', async () => {
    await page.goto(`/decks/${published.id}/`)
    await page.getByRole('button', { name: 'Share...' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await checkBothThemes(page, 'share dialog')
  })
  await test.step('log-in modal', async () => {
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Log in to comment' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await checkBothThemes(page, 'log-in modal')
  })
})

test('every screen of a logged-in player, builder open', async ({ page, request }) => {
  const player = await createPlayer(request, 'Axe Player')
  const own = await publishDeck(request, player, {
    title: 'Own deck',
    description: 'Mine.',
  })
  await logIn(page, player)

  const screens: Screen[] = [
    {
      name: 'My decks',
      path: '/decks/mine/',
      ready: (p) => p.getByRole('link', { name: 'Own deck' }).first(),
    },
    { name: 'My Red Rains decks', path: '/decks/mine/red-rains/', ready: heading(/decks/i) },
    { name: 'My legacy decks', path: '/decks/mine/legacy/', ready: heading(/decks/i) },
    { name: 'My deck', path: `/decks/mine/${own.id}/`, ready: heading('Own deck') },
    {
      name: 'My deck history',
      path: `/decks/mine/${own.id}/history/`,
      ready: heading(/history/i),
    },
    { name: 'Account settings', path: '/players/me/', ready: (p) => p.getByLabel('Username') },
    {
      name: 'Deck with comment form',
      path: `/decks/${published.id}/`,
      ready: (p) => p.getByRole('button', { name: 'Publish' }),
    },
    {
      name: 'Card with subscribe',
      path: '/cards/summon-cinder-hound/',
      ready: (p) => p.getByRole('button', { name: /Subscribe/ }),
    },
  ]
  for (const screen of screens) {
    await test.step(screen.name, () => checkScreen(page, screen))
  }

  await test.step('formatting help', async () => {
    await page.getByRole('button', { name: /Formatting help/i }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await checkBothThemes(page, 'formatting help')
    await page.keyboard.press('Escape')
  })

  await test.step('compare with… dialog', async () => {
    await page.goto(`/decks/${published.id}/`)
    await page.getByRole('button', { name: 'Compare with…' }).click()
    await expect(page.getByRole('dialog').getByRole('list', { name: 'My decks' })).toBeVisible()
    await checkBothThemes(page, 'compare with dialog')
    await page.keyboard.press('Escape')
  })

  await test.step('import from text, with unmatched lines', async () => {
    await page.goto('/decks/mine/import/')
    await page
      .getByRole('textbox', { name: 'Deck list' })
      .fill('Axe Import\nSera Emberlock\n5 Charm, 5 Ceremonial\n3x Quick Study\n2x Gentle Wordd')
    await expect(page.getByRole('region', { name: '1 line not matched' })).toBeVisible()
    await checkBothThemes(page, 'import from text')
  })

  await test.step('builder: choose a Phoenixborn', async () => {
    await page.goto('/cards/')
    await page.getByRole('button', { name: 'New deck' }).click()
    const pane = page.getByRole('complementary', { name: /Build your deck/ })
    await expect(pane.getByRole('button', { name: /Sera Emberlock/ })).toBeVisible()
    await checkBothThemes(page, 'builder, no Phoenixborn')
    await pane.getByRole('button', { name: /Sera Emberlock/ }).click()
    await expect(pane.getByText('Deck is saved!')).toBeVisible({ timeout: 20_000 })
    await pane.getByRole('button', { name: 'Add a Ceremonial die' }).click()
    await page
      .getByRole('main')
      .getByRole('group', { name: /^Copies of / })
      .first()
      .getByRole('button', { name: '3', exact: true })
      .click()
    await expect(pane.getByText('Deck is saved!')).toBeVisible({ timeout: 20_000 })
    await checkBothThemes(page, 'builder with a deck, card browser')
  })

  await test.step('builder beside a deck page', async () => {
    await page.goto(`/decks/${published.id}/`)
    await expect(heading('Accessible Embers')(page)).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
    await checkBothThemes(page, 'builder beside a deck')
  })

  await test.step('builder actions menu', async () => {
    await page.getByRole('button', { name: 'Actions' }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await checkBothThemes(page, 'builder actions menu')
    await page.keyboard.press('Escape')
  })

  await test.step('builder as a drawer', async () => {
    await page.setViewportSize({ width: 800, height: 900 })
    await page.getByRole('button', { name: 'Toggle pane' }).click()
    await expect(page.getByRole('dialog', { name: /Build your deck/ })).toBeVisible()
    await checkBothThemes(page, 'builder drawer')
  })
})
