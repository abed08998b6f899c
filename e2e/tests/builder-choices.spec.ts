import { expect, type Page, test } from '@playwright/test'
import { createPlayer, logInQuickly, type Player, saveLegalDeck } from './fixtures.ts'

// The deck builder as players use it: where a Phoenixborn can be chosen, what the pane says
// and names, and how its controls answer the keyboard.

const SAVED = { timeout: 20_000 }
const header = (page: Page) => page.getByRole('navigation', { name: 'Site' })
const pane = (page: Page) => page.getByRole('complementary', { name: /^Build your/ })

/** The open deck as the builder keeps it in the browser. */
function storedBuilder(page: Page) {
  return page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('spellboard') ?? '{}').state
    return state.builder as { enabled: boolean; deck: Record<string, unknown> }
  })
}

/** A new deck holding one card unique to Sera Emberlock, then back to the card browser. */
async function newDeckWithSera(page: Page) {
  await page.goto('/cards/')
  const exit = header(page).getByRole('button', { name: 'Exit builder' })
  if (await exit.isVisible()) await exit.click()
  await header(page).getByRole('button', { name: 'New deck' }).click()
  await pane(page)
    .getByRole('button', { name: /^Sera Emberlock/ })
    .click()
  await expect(pane(page).getByRole('heading', { name: 'Sera Emberlock' })).toBeVisible()
  await page.goto('/cards/?q=emberlock')
  // The reload resumes the save of the new deck, and the count buttons are disabled while it
  // runs (SPEC §4): a click as it starts would be refused, so the deck is saved first.
  await expect(pane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
  const oath = page
    .getByRole('main')
    .getByRole('group', { name: 'Copies of Emberlock Oath in your deck' })
  const two = oath.getByRole('button', { name: '2', exact: true })
  await two.click()
  await expect(two).toHaveAttribute('aria-pressed', 'true')
  await expect(pane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
}

let player: Player

test.beforeAll(async ({ request }) => {
  player = await createPlayer(request, 'Chooser')
})

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } })
  test.describe.configure({ timeout: 120_000 })

  test('Red Rains mode: the button reads "New Red Rains deck", the pane "Build your Red Rains deck"', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await page.goto('/decks/red-rains/')
    await header(page).getByRole('button', { name: 'New Red Rains deck' }).click()
    await expect(
      pane(page).getByRole('heading', { name: 'Build your Red Rains deck', exact: true }),
    ).toBeVisible()
    await header(page).getByRole('button', { name: 'Exit builder' }).click()
    // The builder closes once its commands have loaded; a reload before that would keep it open.
    await expect(header(page).getByRole('button', { name: 'New Red Rains deck' })).toBeVisible()
    await page.goto('/decks/')
    await header(page).getByRole('button', { name: 'New deck', exact: true }).click()
    await expect(
      pane(page).getByRole('heading', { name: 'Build your deck', exact: true }),
    ).toBeVisible()
  })

  test('the picker labels its numbers; the card browser lists Phoenixborn until one is chosen', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await page.goto('/cards/')
    await header(page).getByRole('button', { name: 'New deck' }).click()
    const sera = pane(page).getByRole('button', { name: /^Sera Emberlock/ })
    await expect(sera).toContainText(/Battlefield \d+/)
    await expect(sera).toContainText(/Life \d+/)
    await expect(sera).toContainText(/Spellboard \d+/)

    const toggle = page.getByRole('switch', { name: 'Show conjurations and Phoenixborn' })
    await expect(toggle).toBeChecked()
    await expect(
      page.getByRole('button', { name: 'Use Sera Emberlock for this deck' }),
    ).toBeVisible()
    await page.goto('/cards/?q=mossvane')
    const use = page.getByRole('button', { name: 'Use Tavi Mossvane for this deck' })
    await use.click()
    await expect(pane(page).getByRole('heading', { name: 'Tavi Mossvane' })).toBeVisible()
    await expect(toggle).not.toBeChecked()
    await expect(page.getByRole('button', { name: 'Use Tavi Mossvane for this deck' })).toHaveCount(
      0,
    )
  })

  test("the picker, the card browser and a Phoenixborn's card page lead to the same deck", async ({
    page,
  }) => {
    const outcomes: Record<string, unknown>[] = []
    await logInQuickly(page, player)

    // 1. The pane's own picker (Change Phoenixborn).
    await newDeckWithSera(page)
    await pane(page).getByRole('button', { name: 'Change Phoenixborn' }).click()
    await pane(page)
      .getByRole('button', { name: /^Tavi Mossvane/ })
      .click()
    await expect(pane(page).getByRole('heading', { name: 'Tavi Mossvane' })).toBeVisible()
    await expect(pane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
    outcomes.push((await storedBuilder(page)).deck)

    // 2. The card browser, with conjurations and Phoenixborn shown.
    await newDeckWithSera(page)
    await page.goto('/cards/?types=phoenixborn')
    await page.getByRole('switch', { name: 'Show conjurations and Phoenixborn' }).check()
    await page.getByRole('button', { name: 'Swap to Tavi Mossvane' }).click()
    await expect(pane(page).getByRole('heading', { name: 'Tavi Mossvane' })).toBeVisible()
    await expect(pane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
    outcomes.push((await storedBuilder(page)).deck)

    // 3. The Phoenixborn's card page, which says what leaves the deck.
    await newDeckWithSera(page)
    await page.goto('/cards/tavi-mossvane/')
    await expect(
      page.getByText('The card unique to Sera Emberlock will leave the deck.'),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Swap to Tavi Mossvane' }).click()
    await expect(page.getByText("Your deck's Phoenixborn")).toBeVisible()
    await expect(pane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
    outcomes.push((await storedBuilder(page)).deck)

    // Three decks, so their ids, times and versions differ; everything else is the same.
    const comparable = outcomes.map(
      ({ id: _id, modified: _modified, version: _version, ...deck }) => deck,
    )
    expect(comparable[0]).toMatchObject({
      phoenixborn: { stub: 'tavi-mossvane', name: 'Tavi Mossvane' },
      cards: [],
    })
    expect(comparable[1]).toEqual(comparable[0])
    expect(comparable[2]).toEqual(comparable[0])
  })

  test('dice slots are ten named items, and the steppers answer the keyboard', async ({ page }) => {
    await logInQuickly(page, player)
    await page.goto('/cards/')
    await header(page).getByRole('button', { name: 'New deck' }).click()
    await pane(page)
      .getByRole('button', { name: /^Sera Emberlock/ })
      .click()
    const slots = pane(page).getByRole('list', { name: 'Dice slots' }).getByRole('listitem')
    await expect(slots).toHaveCount(10)
    await expect(pane(page).getByRole('listitem', { name: 'Empty die slot' })).toHaveCount(10)

    const addIllusion = pane(page).getByRole('button', { name: 'Add an Illusion die' })
    await addIllusion.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Space')
    await expect(pane(page).getByRole('listitem', { name: 'Illusion die' })).toHaveCount(2)
    const ceremonial = pane(page).getByRole('spinbutton', { name: 'Ceremonial' })
    await ceremonial.focus()
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect(ceremonial).toHaveValue('3')
    await page.keyboard.press('Shift+Tab')
    await expect(pane(page).getByRole('button', { name: 'Remove a Ceremonial die' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(pane(page).getByRole('listitem', { name: 'Ceremonial die' })).toHaveCount(2)
    await expect(pane(page).getByRole('listitem', { name: 'Empty die slot' })).toHaveCount(6)
    await expect(pane(page).getByText('4/10')).toBeVisible()
  })

  test("the save label says 'Save your deck' from the first key pressed until the save lands", async ({
    page,
  }) => {
    await logInQuickly(page, player)
    await page.goto('/cards/')
    await header(page).getByRole('button', { name: 'New deck' }).click()
    await pane(page)
      .getByRole('button', { name: /^Sera Emberlock/ })
      .click()
    await expect(pane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
    const title = pane(page).getByRole('textbox', { name: 'Deck title' })
    await title.click()
    await page.keyboard.type('E')
    await expect(pane(page).getByText('Save your deck')).toBeVisible()
    await expect(pane(page).getByText('Deck is saved!')).toHaveCount(0)
    await page.keyboard.type('mbers')
    await page.keyboard.press('Enter')
    await expect(pane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
    expect((await storedBuilder(page)).deck.title).toBe('Embers')
  })

  test('Publish... opens a dialog with its title', async ({ page, request }) => {
    const deckId = await saveLegalDeck(request, player, 'Ready to publish')
    await logInQuickly(page, player)
    await page.goto(`/decks/mine/${deckId}/`)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await pane(page).getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Publish...' }).click()
    const dialog = page.getByRole('dialog', { name: 'Publish your deck' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Publish your deck' })).toBeInViewport()
  })
})
