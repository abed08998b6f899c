import { expect, type Locator, type Page, test } from '@playwright/test'
import { createPlayer, PASSWORD, type Player, publishDeck } from './fixtures.ts'

// Keyboard only: Tab, Shift+Tab, Enter, Space, Escape and the arrow keys, never the mouse.
// Every control on the way must be reachable and show where the focus is.

/** The focused element's description, and whether it shows a focus indicator. */
function focusState(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return { label: 'body', ring: false }
    const outlined = (target: Element) => {
      const style = getComputedStyle(target)
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    }
    // A field may draw the ring on its frame instead (:focus-within).
    let frame = element.parentElement
    let framed = false
    for (let level = 0; frame && level < 2; level += 1, frame = frame.parentElement) {
      framed ||= outlined(frame)
    }
    const label = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
    return {
      label,
      ring: outlined(element) || getComputedStyle(element).boxShadow !== 'none' || framed,
    }
  })
}

async function expectFocusRing(page: Page) {
  const state = await focusState(page)
  expect(state.ring, `focus indicator on ${state.label}`).toBe(true)
}

/** Past the last control, Tab leaves the page (the browser's own controls) before wrapping. */
async function expectFocusRingOrOutside(page: Page) {
  const state = await focusState(page)
  if (state.label !== 'body') expect(state.ring, `focus indicator on ${state.label}`).toBe(true)
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking that every stop on the
 * way shows a focus indicator.
 */
async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 200, mayVanish = false } = {},
) {
  await expect(target).toBeAttached()
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    await expectFocusRingOrOutside(page)
    if ((await target.count()) === 0) {
      if (mayVanish) return
      throw new Error(`${target} went away while tabbing to it`)
    }
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`)
}

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement)

async function logInByKeyboard(page: Page, player: Player) {
  await page.goto('/log-in/')
  // The log-in page starts in the e-mail field.
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.keyboard.type(player.email)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByText('You are now logged in!')).toBeVisible()
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Site' })
const cardRows = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Cards' })

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

test.describe('the deck builder', () => {
  test.describe.configure({ timeout: 300_000 })

  test('new deck, Phoenixborn, dice, cards and title, all from the keyboard', async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request, 'Keyboard Builder')
    await logInByKeyboard(page, player)
    await page.goto('/cards/')
    await expect(cardRows(page).getByRole('listitem').first()).toBeVisible()

    await tabTo(page, header(page).getByRole('button', { name: 'New deck' }))
    await page.keyboard.press('Enter')
    const pane = page.getByRole('complementary', { name: /Build your deck/ })
    await expect(pane.getByRole('heading', { name: 'Build your deck' })).toBeVisible()

    // The builder follows the whole card listing in tab order: its skip link leads there.
    const skipToBuilder = page.getByRole('link', { name: 'Skip to deck builder' })
    await tabTo(page, skipToBuilder, { back: true })
    await page.keyboard.press('Enter')
    await expect(pane.getByRole('heading', { name: 'Build your deck' })).toBeFocused()
    await tabTo(page, pane.getByRole('button', { name: /Sera Emberlock/ }))
    await page.keyboard.press('Enter')
    await expect(pane.getByRole('heading', { name: 'Sera Emberlock' })).toBeVisible()
    await expect(pane.getByText('Deck is saved!')).toBeVisible({ timeout: 20_000 })

    // Dice: Enter on a + button, then the arrow keys in a number field.
    const addCeremonial = pane.getByRole('button', { name: 'Add a Ceremonial die' })
    await tabTo(page, addCeremonial)
    for (let die = 0; die < 5; die += 1) {
      await expect(addCeremonial).toBeEnabled({ timeout: 20_000 })
      await page.keyboard.press('Enter')
    }
    const charm = pane.getByRole('spinbutton', { name: 'Charm' })
    await tabTo(page, charm)
    for (let die = 0; die < 5; die += 1) await page.keyboard.press('ArrowUp')
    await expect(charm).toHaveValue('5')
    await expect(pane.getByText('10/10')).toBeVisible()

    // Cards: three copies of the first card the browser lists, by Enter on its '3'.
    const three = cardRows(page)
      .getByRole('group', { name: /^Copies of / })
      .first()
      .getByRole('button', { name: '3', exact: true })
    await tabTo(page, three, { back: true, max: 400 })
    await page.keyboard.press('Enter')
    await expect(three).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 })
    await expect(pane.getByText('3/30')).toBeVisible()

    const title = pane.getByRole('textbox', { name: 'Deck title' })
    await tabTo(page, title, { max: 400 })
    await page.keyboard.type('Typed Without a Mouse')
    await page.keyboard.press('Enter')
    await expect(pane.getByText('Deck is saved!')).toBeVisible({ timeout: 20_000 })
    await expect(title).toHaveValue('Typed Without a Mouse')

    // Below extra-large widths the pane is a drawer: it takes focus, keeps it, and Escape closes.
    await page.setViewportSize({ width: 900, height: 900 })
    const toggle = page.getByRole('button', { name: 'Toggle pane' })
    await tabTo(page, skipToBuilder, { back: true, max: 400 })
    await page.keyboard.press('Enter')
    await expect(toggle).toBeFocused()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: /Build your deck/ })
    await expect(drawer).toBeVisible()
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Tab')
      const inDrawer = await page.evaluate(
        () =>
          Boolean(document.activeElement?.closest('#builder-drawer')) ||
          document.activeElement?.textContent?.includes('Toggle pane') === true,
      )
      expect(inDrawer, `Tab ${press + 1} stays in the drawer`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    expect(await isFocused(toggle)).toBe(true)
  })
})
