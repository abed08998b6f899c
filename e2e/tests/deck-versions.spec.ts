import { type Browser, expect, type Page, test } from '@playwright/test'
import {
  builderPane,
  copiesOf,
  createPlayer,
  editInBuilder,
  logInQuickly,
  type Player,
  savedDeck,
  saveLegalDeck,
} from './fixtures.ts'

// One deck open in several places (README "Editing on several devices"): two browser contexts
// are two devices, two pages of one context two tabs. No edit is lost without the player
// choosing it.

const SAVED = { timeout: 20_000 }
const CHANGED = 'This deck was changed somewhere else.'

let player: Player

test.beforeAll(async ({ request }) => {
  player = await createPlayer(request, 'Two Devices')
})

test.describe.configure({ timeout: 120_000 })

/** A browser of its own (cookies, storage), logged in as the player. */
async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const page = await context.newPage()
  await logInQuickly(page, player)
  return page
}

/** One copy fewer of a card, from the card browser beside the builder. */
async function oneFewer(page: Page, search: string, name: string, count: number) {
  await page.goto(`/cards/?q=${encodeURIComponent(search)}`)
  const copies = page
    .getByRole('main')
    .getByRole('group', { name: `Copies of ${name} in your deck` })
  await copies.getByRole('button', { name: String(count - 1), exact: true }).click()
  await expect(builderPane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
}

async function retitle(page: Page, title: string) {
  const input = builderPane(page).getByRole('textbox', { name: 'Deck title' })
  await input.fill(title)
  await input.press('Enter')
}

/** Device B saves one card fewer while device A holds the deck as it was. */
async function staleOnA(browser: Browser, request: Parameters<typeof saveLegalDeck>[0]) {
  const deckId = await saveLegalDeck(request, player, 'Shared between devices')
  const a = await device(browser)
  const b = await device(browser)
  await editInBuilder(a, deckId)
  await editInBuilder(b, deckId)
  await oneFewer(b, 'gentle', 'Gentle Word', 3)
  const afterB = await savedDeck(request, player, deckId)
  expect(copiesOf(afterB, 'gentle-word')).toBe(2)

  // Back on A: any change saves A's old copy, which the server refuses and the pane names.
  await retitle(a, 'Renamed on A')
  const pane = builderPane(a)
  await expect(pane.getByRole('alert')).toContainText(CHANGED, SAVED)
  await expect(pane.getByText('Deck is saved!')).toHaveCount(0)
  await expect(pane.getByText('Not saved')).toBeVisible()
  // Nothing was written: B's change stands.
  expect(await savedDeck(request, player, deckId)).toEqual(afterB)
  // Further changes are not saved either while the choice is open.
  await retitle(a, 'Renamed on A again')
  await a.waitForTimeout(2_000)
  expect(await savedDeck(request, player, deckId)).toEqual(afterB)
  await expect(pane.getByText('Deck is saved!')).toHaveCount(0)
  return { deckId, a, b, afterB }
}

test('a stale save from another device is refused and named; Load the latest writes nothing', async ({
  browser,
  request,
}) => {
  const { deckId, a, afterB } = await staleOnA(browser, request)
  const pane = builderPane(a)
  await pane.getByRole('button', { name: 'Load the latest' }).click()
  await expect(pane.getByText(CHANGED)).toHaveCount(0)
  await expect(pane.getByRole('textbox', { name: 'Deck title' })).toHaveValue(
    'Shared between devices',
  )
  await expect(pane.getByText('Deck is saved!')).toBeVisible()
  await a.goto('/cards/?q=gentle')
  await expect(
    a
      .getByRole('main')
      .getByRole('group', { name: 'Copies of Gentle Word in your deck' })
      .getByRole('button', { name: '2', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true')
  expect(await savedDeck(request, player, deckId)).toEqual(afterB)
  // From the latest version, A's next change saves normally.
  await retitle(a, 'Renamed after loading')
  await expect(pane.getByText('Deck is saved!')).toBeVisible(SAVED)
  const after = await savedDeck(request, player, deckId)
  expect(after.title).toBe('Renamed after loading')
  expect(copiesOf(after, 'gentle-word')).toBe(2)
})

test("Keep my version saves the device's copy over the other one, knowingly", async ({
  browser,
  request,
}) => {
  const { deckId, a, afterB } = await staleOnA(browser, request)
  const pane = builderPane(a)
  await pane.getByRole('button', { name: 'Keep my version' }).click()
  await expect(pane.getByText(CHANGED)).toHaveCount(0)
  await expect(pane.getByText('Deck is saved!')).toBeVisible(SAVED)
  const kept = await savedDeck(request, player, deckId)
  expect(kept.title).toBe('Renamed on A again')
  expect(copiesOf(kept, 'gentle-word')).toBe(3)
  expect(kept.version).not.toBe(afterB.version)
})

test('a second tab follows the first: its deck page and its builder show the save at once', async ({
  browser,
  request,
}) => {
  const deckId = await saveLegalDeck(request, player, 'Open in two tabs')
  const first = await device(browser)
  await editInBuilder(first, deckId)
  // The second tab opens with the builder already on (the browser keeps it), on the deck's page.
  const second = await first.context().newPage()
  await second.goto(`/decks/mine/${deckId}/`)
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Open in two tabs')
  await expect(builderPane(second).getByRole('textbox', { name: 'Deck title' })).toHaveValue(
    'Open in two tabs',
  )

  await retitle(first, 'Renamed in the first tab')
  await expect(builderPane(first).getByText('Deck is saved!')).toBeVisible(SAVED)
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Renamed in the first tab')
  await expect(builderPane(second).getByRole('textbox', { name: 'Deck title' })).toHaveValue(
    'Renamed in the first tab',
  )

  // The second tab's own change builds on that save, so it is not refused.
  await retitle(second, 'Renamed in the second tab')
  await expect(builderPane(second).getByText('Deck is saved!')).toBeVisible(SAVED)
  await expect(builderPane(second).getByText(CHANGED)).toHaveCount(0)
  await expect(builderPane(first).getByRole('textbox', { name: 'Deck title' })).toHaveValue(
    'Renamed in the second tab',
  )
  expect((await savedDeck(request, player, deckId)).title).toBe('Renamed in the second tab')
})

test('a typed title survives a reload, and leaving with it unsaved asks first', async ({
  browser,
  request,
}) => {
  const deckId = await saveLegalDeck(request, player, 'Typed, not kept')
  const page = await device(browser)
  await editInBuilder(page, deckId)
  const title = () => builderPane(page).getByRole('textbox', { name: 'Deck title' })
  await title().click()
  await title().pressSequentially('Half typed')
  await expect(builderPane(page).getByText('Save your deck')).toBeVisible()

  // The leave-page prompt: the first is dismissed (the page stays), then leaving is allowed.
  const prompts: string[] = []
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type())
    void (prompts.length === 1 ? dialog.dismiss() : dialog.accept())
  })
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => prompts).toEqual(['beforeunload'])
  expect(page.isClosed()).toBe(false)

  await page.reload()
  await expect(title()).toHaveValue('Typed, not keptHalf typed')
  await expect(builderPane(page).getByText('Save your deck')).toBeVisible()
  // Still not saved until the player keeps it (SPEC's rules: blur, Enter, the save button).
  expect((await savedDeck(request, player, deckId)).title).toBe('Typed, not kept')
  await title().press('Enter')
  await expect(builderPane(page).getByText('Deck is saved!')).toBeVisible(SAVED)
  expect((await savedDeck(request, player, deckId)).title).toBe('Typed, not keptHalf typed')
})

test('Change Phoenixborn names the cards it removed, and Undo brings them back', async ({
  browser,
  request,
}) => {
  const deckId = await saveLegalDeck(request, player, 'Thirty cards')
  const page = await device(browser)
  await editInBuilder(page, deckId)
  const pane = builderPane(page)
  await pane.getByRole('button', { name: 'Change Phoenixborn' }).click()
  await pane.getByRole('button', { name: /^Tavi Mossvane/ }).click()
  await expect(pane.getByRole('heading', { name: 'Tavi Mossvane' })).toBeVisible()
  await expect(pane.getByText("Removed 2× Emberlock Oath, 1× Sera's Firebrand")).toBeVisible()
  await expect(pane.getByText('27/30')).toBeVisible()
  await expect(pane.getByText('Deck is saved!')).toBeVisible(SAVED)
  expect((await savedDeck(request, player, deckId)).phoenixborn.stub).toBe('tavi-mossvane')

  await pane.getByRole('button', { name: 'Undo' }).click()
  await expect(pane.getByRole('heading', { name: 'Sera Emberlock' })).toBeVisible()
  await expect(pane.getByText(/^Removed /)).toHaveCount(0)
  await expect(pane.getByText('30/30')).toBeVisible()
  await expect(pane.getByText('Deck is saved!')).toBeVisible(SAVED)
  const restored = await savedDeck(request, player, deckId)
  expect(restored.phoenixborn.stub).toBe('sera-emberlock')
  expect(copiesOf(restored, 'emberlock-oath')).toBe(2)
  expect(copiesOf(restored, 'seras-firebrand')).toBe(1)
})
