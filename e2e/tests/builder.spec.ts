import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { createPlayer, PASSWORD } from './fixtures.ts'

// Saves wait a second for a pause, and the machines running these tests are shared.
const SAVED = { timeout: 20_000 }

/** Signs a player up through the API, then logs them in on the log-in page. */
async function signUpAndLogIn(page: Page, request: APIRequestContext, username: string) {
  const { email } = await createPlayer(request, username)
  await page.goto('/log-in/')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('You are now logged in!')).toBeVisible()
}

const pane = (page: Page) =>
  page
    .getByRole('complementary')
    .filter({ has: page.getByRole('heading', { name: /^Build your deck/ }) })

/** The card browser's rows (the pane lists the deck's cards under its own headings). */
const browserCards = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Cards' })

/** What the builder keeps in the browser: the open deck as the store persisted it. */
function storedDeck(page: Page) {
  return page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('spellboard') ?? '{}').state
    return { token: state.session.token as string, deck: state.builder.deck as { id: number } }
  })
}

/** The working deck as the server has it. */
async function savedDeck(page: Page) {
  const { token, deck } = await storedDeck(page)
  const response = await page.request.get(`/v2/decks/${deck.id}?show_saved=true`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(response.status()).toBe(200)
  return (await response.json()).deck as {
    title: string
    dice: { name: string; count: number }[]
    cards: { stub: string; count: number }[]
  }
}

/** Focuses a control as Tab would and operates it from the keyboard. */
// Whole journeys of forty-odd saves each.
test.describe.configure({ timeout: 240_000 })

async function press(locator: Locator, key = 'Enter') {
  // Quantity buttons pause while a save runs.
  await expect(locator).toBeEnabled(SAVED)
  await locator.focus()
  await locator.press(key)
}

test.describe('at 1366 px, beside the page', () => {
  test('a player builds a deck from the card browser, publishes it, and exits the builder', async ({
    page,
    request,
  }) => {
    await signUpAndLogIn(page, request, 'Deck Builder')
    await page.goto('/cards/')
    await page.getByRole('button', { name: 'New deck' }).click()

    const builder = pane(page)
    await expect(builder.getByRole('heading', { name: 'Build your deck' })).toBeVisible()
    await expect(builder.getByText('Phoenixborn required')).toBeVisible()
    await expect(builder.getByRole('button', { name: 'Actions' })).toBeDisabled()
    await expect(
      builder.getByText(
        "Choose your Phoenixborn to get started! (Don't worry, you can always change your mind.)",
      ),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Exit builder' })).toBeVisible()
    // The page keeps two thirds, the pane the last one.
    const mainBox = await page.getByRole('main').boundingBox()
    const paneBox = await builder.boundingBox()
    expect(paneBox?.x).toBeGreaterThan((mainBox?.x ?? 0) + (mainBox?.width ?? 0) - 1)

    await builder.getByRole('button', { name: /Sera Emberlock/ }).click()
    await expect(builder.getByRole('heading', { name: 'Sera Emberlock' })).toBeVisible()
    await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)

    // Ten dice: five by the + button, five typed.
    for (let die = 0; die < 5; die += 1) {
      await builder.getByRole('button', { name: 'Add a Ceremonial die' }).click()
    }
    await builder.getByRole('spinbutton', { name: 'Charm' }).fill('5')
    await expect(builder.getByText('10/10')).toBeVisible()
    await expect(builder.getByRole('button', { name: 'Add a Natural die' })).toBeDisabled()

    // Thirty cards: three copies each of the first ten the browser lists.
    const rows = browserCards(page).getByRole('group', { name: /^Copies of / })
    await expect(rows.first()).toBeVisible()
    for (let index = 0; index < 10; index += 1) {
      await rows.nth(index).getByRole('button', { name: '3', exact: true }).click()
    }
    await expect(builder.getByText('30/30')).toBeVisible()
    await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)

    await builder.getByRole('textbox', { name: 'Deck title' }).fill('Embers of the Test')
    await builder.getByRole('textbox', { name: 'Deck title' }).press('Enter')
    await expect(builder.getByText('Save your deck')).toBeVisible()
    await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)

    // A reload keeps the open deck.
    await page.reload()
    await expect(builder.getByRole('textbox', { name: 'Deck title' })).toHaveValue(
      'Embers of the Test',
    )
    await expect(builder.getByText('30/30')).toBeVisible()
    await expect(builder.getByText('Deck is saved!')).toBeVisible()
    const saved = await savedDeck(page)
    expect(saved.title).toBe('Embers of the Test')
    expect(saved.cards.reduce((total, card) => total + card.count, 0)).toBe(30)
    expect(saved.dice).toEqual([
      { name: 'ceremonial', count: 5 },
      { name: 'charm', count: 5 },
    ])

    await builder.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Publish...' }).click()
    const dialog = page.getByRole('dialog', { name: 'Publish your deck' })
    await dialog.getByRole('button', { name: 'Publish deck' }).click()
    await expect(page.getByText('Your deck has been published!')).toBeVisible()
    const { deck } = await storedDeck(page)
    await expect(page).toHaveURL(new RegExp(`/decks/${deck.id}/$`))

    await page.goto('/decks/')
    await expect(
      page.getByRole('list', { name: 'Decks' }).getByRole('link', { name: 'Embers of the Test' }),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Exit builder' }).click()
    await expect(page.getByRole('button', { name: 'New deck' })).toBeVisible()
    await expect(pane(page)).toHaveCount(0)
  })

  test('with the network cut mid-save the deck stays unsaved, then saves when it returns', async ({
    page,
    request,
  }) => {
    await signUpAndLogIn(page, request, 'Offline Builder')
    await page.goto('/cards/')
    await page.getByRole('button', { name: 'New deck' }).click()
    const builder = pane(page)
    await builder.getByRole('button', { name: /Tavi Mossvane/ }).click()
    await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)

    await page.route('**/v2/decks', (route) => route.abort())
    await builder.getByRole('button', { name: 'Add a Natural die' }).click()
    await builder.getByRole('button', { name: 'Add a Natural die' }).click()
    await expect(page.getByText('Your deck could not be saved.', { exact: false })).toBeVisible(
      SAVED,
    )
    await expect(builder.getByText('Save your deck')).toBeVisible()
    // Still unsaved after a retry against the dead network.
    await page.waitForTimeout(2500)
    await expect(builder.getByText('Save your deck')).toBeVisible()

    await page.unroute('**/v2/decks')
    await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)
    expect((await savedDeck(page)).dice).toEqual([{ name: 'natural', count: 2 }])
  })
})

test.describe('at 390 px, in a drawer, by keyboard only', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: false })

  test('a player builds, saves and publishes a deck without a pointer', async ({
    page,
    request,
  }) => {
    await signUpAndLogIn(page, request, 'Keyboard Builder')
    await page.goto('/cards/')
    await press(page.getByRole('button', { name: 'New deck' }))

    const toggle = page.getByRole('button', { name: 'Toggle pane' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await press(toggle)
    const drawer = page.getByRole('dialog', { name: /^Build your deck/ })
    await expect(drawer).toBeVisible()
    await expect(drawer).toBeFocused()

    // Tab stays in the drawer and its toggle.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab')
      const inside = await page.evaluate(
        () =>
          document.getElementById('builder-drawer')?.contains(document.activeElement) ||
          document.activeElement?.textContent?.includes('Toggle pane'),
      )
      expect(inside).toBe(true)
    }

    await press(drawer.getByRole('button', { name: /Sera Emberlock/ }))
    await expect(drawer.getByText('Deck is saved!')).toBeVisible(SAVED)
    const ceremonial = drawer.getByRole('spinbutton', { name: 'Ceremonial' })
    await ceremonial.focus()
    for (let die = 0; die < 6; die += 1) await page.keyboard.press('ArrowUp')
    await press(drawer.getByRole('button', { name: 'Add a Time die' }))
    await press(drawer.getByRole('button', { name: 'Add a Time die' }))
    await press(drawer.getByRole('button', { name: 'Add a Time die' }))
    await press(drawer.getByRole('button', { name: 'Add a Time die' }))
    await expect(drawer.getByText('10/10')).toBeVisible()
    await expect(drawer.getByRole('spinbutton', { name: 'Charm' })).toBeDisabled()

    // Escape closes the drawer and gives focus back to its toggle.
    await page.keyboard.press('Escape')
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    const rows = browserCards(page).getByRole('group', { name: /^Copies of / })
    await expect(rows.first()).toBeVisible()
    for (let index = 0; index < 10; index += 1) {
      const three = rows.nth(index).getByRole('button', { name: '3', exact: true })
      // A press that lands just as an autosave starts meets a paused button (the buttons wait
      // while a save runs) and changes nothing: the player sees it and presses again.
      await expect(async () => {
        await press(three)
        await expect(three).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 })
      }).toPass(SAVED)
    }

    // The floating toggle never hides the end of the page.
    await page.keyboard.press('End')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    const footer = await page.getByRole('contentinfo').boundingBox()
    const toggleBox = await toggle.boundingBox()
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(toggleBox?.y ?? 0)

    await press(toggle)
    await expect(drawer.getByText('30/30')).toBeVisible()
    await expect(drawer.getByText('Deck is saved!')).toBeVisible(SAVED)
    const title = drawer.getByRole('textbox', { name: 'Deck title' })
    await title.focus()
    await page.keyboard.type('Typed Without A Mouse')
    await page.keyboard.press('Enter')
    await expect(drawer.getByText('Deck is saved!')).toBeVisible(SAVED)

    await page.reload()
    await press(toggle)
    await expect(drawer.getByRole('textbox', { name: 'Deck title' })).toHaveValue(
      'Typed Without A Mouse',
    )

    await press(drawer.getByRole('button', { name: 'Actions' }))
    await expect(page.getByRole('menuitem', { name: 'Preview' })).toBeFocused()
    await page.keyboard.press('End')
    await page.keyboard.press('ArrowUp')
    await expect(page.getByRole('menuitem', { name: 'Publish...' })).toBeFocused()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Publish your deck' })
    await press(dialog.getByRole('button', { name: 'Publish deck' }))
    await expect(page.getByText('Your deck has been published!')).toBeVisible()

    await page.goto('/decks/')
    await expect(
      page
        .getByRole('list', { name: 'Decks' })
        .getByRole('link', { name: 'Typed Without A Mouse' }),
    ).toBeVisible()
    await press(page.getByRole('button', { name: 'Exit builder' }))
    await expect(page.getByRole('button', { name: 'New deck' })).toBeVisible()
    await expect(toggle).toHaveCount(0)
  })
})
