import { expect, test } from '@playwright/test'
import { createPlayer, publishDeck } from './fixtures.ts'
import { cardRows, expectFocusRing, header, isFocused, tabTo } from './keyboard.ts'

// Keyboard only: Tab, Shift+Tab, Enter, Space, Escape and the arrow keys, never the mouse.
// Every control on the way must be reachable and show where the focus is.

test('the header: skip link, every link in order, back again, and Enter follows', async ({
  page,
}) => {
  await page.goto('/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await expectFocusRing(page)

  const order = ['Decks', 'Cards', 'Spellboard home', 'Log in', 'Sign up']
  for (const name of order) {
    await page.keyboard.press('Tab')
    await expect(header(page).getByRole('link', { name, exact: true })).toBeFocused()
    await expectFocusRing(page)
  }
  for (const name of order.slice(0, -1).reverse()) {
    await page.keyboard.press('Shift+Tab')
    await expect(header(page).getByRole('link', { name, exact: true })).toBeFocused()
  }
  await page.keyboard.press('Shift+Tab')
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()

  await tabTo(page, header(page).getByRole('link', { name: 'Cards', exact: true }), { back: true })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/cards\/$/)
  await expect(page.getByRole('heading', { name: 'Browse cards' })).toBeVisible()
})

test('the card browser: filters, the releases popup, load more and opening a card', async ({
  page,
}) => {
  // Six journeys in one, each tabbing through the page: more than the usual minute on a busy
  // machine.
  test.slow()
  await page.goto('/cards/')
  await expect(cardRows(page).getByRole('listitem').first()).toBeVisible()

  await test.step('a magic type, with Space; focus stays while the listing reloads', async () => {
    const charm = page.getByRole('button', { name: 'Charm magic' })
    await tabTo(page, charm)
    await page.keyboard.press('Space')
    await expect(charm).toHaveAttribute('aria-pressed', 'true')
    await expect(page).toHaveURL(/dice=charm/)
    await expect(cardRows(page)).not.toHaveAttribute('aria-busy', 'true')
    await expect(charm).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(charm).toHaveAttribute('aria-pressed', 'false')
    await expect(page).not.toHaveURL(/dice=/)
  })

  await test.step('text search: type, Enter applies at once, Clear Search empties it', async () => {
    const search = page.getByRole('textbox', { name: 'Filter by name or text' })
    await tabTo(page, search)
    await page.keyboard.type('ember')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/q=ember/)
    await tabTo(page, page.getByRole('button', { name: 'Clear Search' }))
    await page.keyboard.press('Enter')
    await expect(search).toHaveValue('')
    await expect(page).not.toHaveURL(/q=/, { timeout: 15_000 })
  })

  await test.step('the releases popup opens, keeps focus, and Escape returns it', async () => {
    const releases = page.getByRole('button', { name: 'Releases' })
    await tabTo(page, releases)
    await page.keyboard.press('Enter')
    const popup = page.getByRole('dialog', { name: 'Filter by release' })
    await expect(popup).toBeVisible()
    await page.keyboard.press('Tab')
    expect(await popup.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await expectFocusRing(page)
    await page.keyboard.press('Escape')
    await expect(popup).toBeHidden()
    await expect(releases).toBeFocused()
  })

  await test.step('sort by another key and back with the order switch', async () => {
    const typeSort = page.getByRole('group', { name: 'Sort cards' }).getByRole('button').nth(2)
    await tabTo(page, typeSort)
    await page.keyboard.press('Space')
    await expect(typeSort).toHaveAttribute('aria-pressed', 'true')
    await expect(page).toHaveURL(/sort=/)
    await tabTo(page, page.getByRole('group', { name: 'Sort cards' }).getByRole('button').nth(1), {
      back: true,
    })
    await page.keyboard.press('Space')
    await expect(page).not.toHaveURL(/sort=/, { timeout: 15_000 })
  })

  await test.step('Load more cards... from the keyboard', async () => {
    const rows = cardRows(page).getByRole('listitem')
    await expect(rows).toHaveCount(50)
    const loadMore = page.getByRole('button', { name: 'Load more cards...' })
    await tabTo(page, loadMore, { max: 400, mayVanish: true })
    // Coming into view loads the next page by itself; Enter asks for it if it is still there.
    if ((await loadMore.count()) > 0 && (await isFocused(loadMore))) {
      await page.keyboard.press('Enter')
    }
    await expect.poll(() => rows.count()).toBeGreaterThan(50)
  })

  await test.step('a card opens with Enter', async () => {
    const first = cardRows(page).getByRole('link').first()
    const name = (await first.textContent())?.trim() ?? ''
    await tabTo(page, first, { back: true, max: 600 })
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/cards\/[a-z0-9-]+\/$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  })
})

test('a deck page: the share dialog keeps focus and gives it back, History opens', async ({
  page,
  request,
}) => {
  const author = await createPlayer(request, 'Keyboard Author')
  const deck = await publishDeck(request, author, { title: 'Keys and Embers', description: 'Hi.' })
  await page.goto(`/decks/${deck.id}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Keys and Embers' })).toBeVisible()

  const share = page.getByRole('button', { name: 'Share...' })
  await tabTo(page, share)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement))
  expect(await inside()).toBe(true)
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab')
    expect(await inside(), `Tab ${press + 1} stays in the dialog`).toBe(true)
    await expectFocusRing(page)
  }
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Shift+Tab')
    expect(await inside(), `Shift+Tab ${press + 1} stays in the dialog`).toBe(true)
  }
  // The options are switches: Space flips one.
  const option = dialog.getByRole('checkbox').or(dialog.getByRole('switch')).first()
  await tabTo(page, option)
  const before = await option.isChecked()
  await page.keyboard.press('Space')
  await expect(option).toBeChecked({ checked: !before })
  await page.keyboard.press('Space')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(share).toBeFocused()

  await tabTo(page, page.getByRole('link', { name: 'History', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/history/$`))
})
