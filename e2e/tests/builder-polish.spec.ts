import { expect, type Page, test } from '@playwright/test'
import {
  bearer,
  createPlayer,
  logInQuickly,
  type Player,
  publishDeck,
  saveLegalDeck,
} from './fixtures.ts'
import { box, openInBuilder, overlaps } from './measure.ts'

// The builder and deck pages as a player uses them: what covers what, what moves, what is cut,
// and what a phone keeps in reach.

const pane = (page: Page) => page.getByRole('complementary', { name: /^Build your/ })
const drawer = (page: Page) => page.getByRole('dialog', { name: /^Build your/ })

let player: Player
let deckId: number

test.beforeAll(async ({ request }) => {
  player = await createPlayer(request, 'Polisher')
  deckId = await saveLegalDeck(request, player, 'Polish')
})

test.describe('at 1280×800, the pane beside the page', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('dice names are whole, each beside or over its stepper, never under it', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    const counters = pane(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('spinbutton') })
    await expect(counters).toHaveCount(9)
    for (const counter of await counters.all()) {
      const label = counter.locator('label')
      const name = (await label.textContent())?.trim() ?? ''
      expect(name).toMatch(/^[A-Z][a-z]+$/)
      // The whole name is drawn: nothing clipped, nothing overflowing its box.
      const clipped = await label.evaluate((element) => element.scrollWidth > element.clientWidth)
      expect(clipped, name).toBe(false)
      const stepper = counter.getByRole('button', { name: /^Add an? / })
      expect(overlaps(await box(label), await box(stepper)), name).toBe(false)
      expect(overlaps(await box(label), await box(counter.getByRole('spinbutton'))), name).toBe(
        false,
      )
    }
    await expect(pane(page).getByText('Ceremonial', { exact: true })).toBeVisible()
    await expect(pane(page).getByText('Sympathy', { exact: true })).toBeVisible()
  })

  test('card previews open beside the pane, never over its list', async ({ page }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    const paneBox = await box(pane(page))
    // A card of the pane's list.
    await pane(page).getByRole('link', { name: 'Gentle Word' }).hover()
    const preview = page.getByRole('tooltip', { name: 'Gentle Word' })
    await expect(preview).toBeVisible()
    expect((await box(preview)).x + (await box(preview)).width).toBeLessThanOrEqual(paneBox.x)
    await page.mouse.move(5, 400)
    await expect(preview).toHaveCount(0)
    // A card of the page's own list, whose right side is near the pane.
    await page.goto('/cards/')
    const link = page.getByRole('main').getByRole('link', { name: 'Winsome Ward' }).first()
    await link.hover()
    const other = page.getByRole('tooltip', { name: 'Winsome Ward' })
    await expect(other).toBeVisible()
    expect(overlaps(await box(other), await box(pane(page)))).toBe(false)
  })

  test("a click on a row's buttons leaves no pay hint over the rows below", async ({ page }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    const row = pane(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Grave Offering' }) })
    const hint = row.getByText(/^Pays on the first roll/)
    await row.getByRole('link', { name: 'Grave Offering' }).hover()
    await expect(hint).toHaveCSS('opacity', '1')
    await row.getByRole('button', { name: '3' }).click()
    await expect(hint).toHaveCSS('opacity', '0')
    // Still hovered and focused after the click: the hint stays away until the pointer leaves.
    await page.mouse.move(5, 400)
    await expect(hint).toHaveCSS('opacity', '0')
    await row.getByRole('link', { name: 'Grave Offering' }).hover()
    await expect(hint).toHaveCSS('opacity', '1')
  })

  test('opening Actions or the description editor does not move the page', async ({ page }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    const scrollY = () => page.evaluate(() => window.scrollY)
    // The pane ends at the bottom of the window, not below it.
    const paneBox = await box(pane(page))
    expect(paneBox.y + paneBox.height).toBeLessThanOrEqual(800)
    await pane(page).getByRole('button', { name: 'Actions', exact: true }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    expect(await scrollY()).toBe(0)
    await page.keyboard.press('Escape')
    await pane(page).getByRole('button', { name: 'Edit description' }).click()
    await expect(pane(page).getByRole('button', { name: 'Done editing description' })).toBeVisible()
    expect(await scrollY()).toBe(0)
    // Scrolled down the page, the same.
    await page.getByRole('button', { name: 'Done editing description' }).click()
    await page.evaluate(() => window.scrollTo(0, 300))
    await pane(page).getByRole('button', { name: 'Edit description' }).click()
    await expect(pane(page).getByRole('button', { name: 'Done editing description' })).toBeVisible()
    expect(await scrollY()).toBe(300)
  })

  test("the Phoenixborn picker shows each Phoenixborn's ability", async ({ page }) => {
    await logInQuickly(page, player)
    await page.goto('/cards/')
    await page.getByRole('button', { name: 'New deck', exact: true }).click()
    const sera = pane(page).getByRole('button', { name: /^Sera Emberlock/ })
    await expect(sera).toBeVisible()
    const item = pane(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Sera Emberlock/ }) })
    await expect(item).toContainText('Kindle:')
    await expect(item).toContainText('Deal 1 damage to a target unit')
    await expect(sera).toHaveAccessibleDescription(/Kindle/)
  })
})

test.describe('deck pages', () => {
  test('symbol counts read "N class, M power", with the space', async ({ page }) => {
    const published = await publishDeck(page.request, player, {
      title: 'Counting',
      description: 'Symbols.',
    })
    await page.goto(`/decks/${published.id}/`)
    const dice = page.getByRole('region', { name: 'Deck analysis' }).getByRole('region', {
      name: 'Dice',
    })
    const both = dice.getByRole('cell').filter({ hasText: /class.*power/ })
    await expect(both.first()).toBeVisible()
    for (const cell of await both.all()) {
      await expect(cell).toHaveText(/^\d+ class, \d+ power$/, { useInnerText: true })
    }
  })

  test("history says 'No changes since the previous snapshot' when nothing changed", async ({
    page,
    request,
  }) => {
    const author = await createPlayer(request, 'Snapshotter')
    const id = await saveLegalDeck(request, author, 'Snapshots')
    const snapshot = async () =>
      expect(
        (
          await request.post(`/v2/decks/${id}/snapshot`, {
            headers: bearer(author),
            data: { is_public: false },
          })
        ).status(),
      ).toBe(201)
    await snapshot()
    await snapshot()
    await logInQuickly(page, author)
    await page.goto(`/decks/mine/${id}/history/`)
    const snapshots = page.getByRole('list', { name: 'Snapshots' }).getByRole('listitem')
    await expect(snapshots).toHaveCount(2)
    await expect(snapshots.first()).toContainText('No changes since the previous snapshot')
    await expect(page.getByRole('link', { name: 'Changes since previous' })).toHaveCount(0)
  })
})

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('the toggle shows the deck counts; the open pane keeps title and Actions at the bottom', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await openInBuilder(page, deckId)
    const toggle = page.getByRole('button', { name: 'Toggle pane, 30/30 cards, 10/10 dice' })
    await expect(toggle).toBeVisible()
    await expect(toggle).toContainText('30/30 cards')
    await expect(toggle).toContainText('10/10 dice')
    await toggle.click()
    await expect(drawer(page)).toBeVisible()
    const bottomThird = (844 * 2) / 3
    for (const control of [
      drawer(page).getByRole('heading', { name: /^Build your/ }),
      drawer(page).getByRole('button', { name: 'Actions', exact: true }),
      drawer(page).getByRole('textbox', { name: /title/i }),
    ]) {
      const area = await box(control)
      expect(area.y).toBeGreaterThan(bottomThird)
      expect(area.y + area.height).toBeLessThanOrEqual(844)
    }
    // The close button covers none of them.
    const close = await box(page.getByRole('button', { name: /^Toggle pane/ }))
    expect(
      overlaps(
        close,
        await box(drawer(page).getByRole('button', { name: 'Actions', exact: true })),
      ),
    ).toBe(false)
    // Actions opens upwards, inside the screen.
    await drawer(page).getByRole('button', { name: 'Actions', exact: true }).click()
    const menu = await box(page.getByRole('menu'))
    expect(menu.y).toBeGreaterThanOrEqual(0)
    expect(menu.y + menu.height).toBeLessThanOrEqual(844)
    // The count follows the deck.
    await page.keyboard.press('Escape')
    const row = drawer(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Gentle Word' }) })
    await row.getByRole('button', { name: '2' }).click()
    await expect(
      page.getByRole('button', { name: /^Toggle pane, 29\/30 cards, 10\/10 dice$/ }),
    ).toBeVisible()
  })

  test('the deck page shows two actions and puts the rest in a menu', async ({ page }) => {
    await logInQuickly(page, player)
    await page.goto(`/decks/mine/${deckId}/`)
    // The row of actions: the menu's button and its neighbours.
    const actions = page
      .getByRole('main')
      .getByRole('button', { name: 'More', exact: true })
      .locator('xpath=../..')
    await expect(actions.getByRole('button')).toHaveText(['Edit', 'Share...', 'More'])
    await actions.getByRole('button', { name: 'More', exact: true }).click()
    const menu = page.getByRole('menu')
    // The other seven, Delete among them; none of the two shown twice.
    await expect(menu.getByRole('menuitem')).toHaveCount(7)
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: /^(Edit|Share\.\.\.)$/ })).toHaveCount(0)
    await menu.getByRole('menuitem', { name: 'Private History' }).click()
    await expect(page).toHaveURL(new RegExp(`/decks/mine/${deckId}/history/$`))
  })
})
