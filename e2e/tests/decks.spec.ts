import { expect, type Page, test } from '@playwright/test'
import { createPlayer, PASSWORD } from './fixtures.ts'

async function logIn(page: Page, email: string) {
  await page.goto('/log-in/')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('You are now logged in!')).toBeVisible()
}

const deckRows = (page: Page) => page.getByRole('list', { name: 'Decks' })

test('visitors browse and filter the public decks', async ({ page }) => {
  await page.goto('/decks/')
  await expect(page).toHaveTitle('Browse decks - Spellboard')
  await expect(page.getByRole('link', { name: 'Competitive' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  const rows = deckRows(page)
  await expect(rows.getByRole('link', { name: 'The Ember Oath' })).toBeVisible()
  await expect(rows.getByRole('link', { name: 'Roots and Bonds' })).toBeVisible()
  await expect(rows.getByRole('link', { name: 'Demo Player#1demo' }).first()).toHaveAttribute(
    'href',
    '/players/1demo/',
  )

  // The title filter waits for a pause in typing, then lands in the address.
  await page.getByRole('textbox', { name: 'Filter by title' }).fill('  ember ')
  await expect(page).toHaveURL(/\/decks\/\?q=ember$/)
  await expect(rows.getByRole('link', { name: 'The Ember Oath' })).toBeVisible()
  await expect(rows.getByRole('link', { name: 'Roots and Bonds' })).toHaveCount(0)

  await page.getByRole('textbox', { name: 'Filter by title' }).fill('no such deck anywhere')
  await expect(page.getByRole('heading', { name: 'No decks found' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/decks\/$/)
  await expect(rows.getByRole('link', { name: 'Roots and Bonds' })).toBeVisible()

  // Phoenixborn: every Phoenixborn of the edition, applied at once.
  const phoenixborn = page.getByRole('combobox', { name: 'Phoenixborn' })
  await expect(phoenixborn.getByRole('option', { name: 'All Phoenixborn' })).toHaveCount(1)
  await phoenixborn.selectOption({ label: 'Sera Emberlock' })
  await expect(page).toHaveURL(/\?phoenixborn=sera-emberlock$/)
  await expect(rows.getByRole('link', { name: 'The Ember Oath' })).toBeVisible()
  await expect(rows.getByRole('link', { name: 'Roots and Bonds' })).toHaveCount(0)
  await phoenixborn.selectOption({ label: 'All Phoenixborn' })

  // The old preconstructed address opens the listing with the switch on.
  await page.goto('/decks/preconstructed/')
  await expect(page).toHaveURL(/\/decks\/\?preconstructed$/)
  await expect(page.getByRole('switch', { name: 'Preconstructed Only' })).toBeChecked()
  await expect(rows.getByRole('link', { name: 'The Brass Gambit' })).toBeVisible()
  await expect(rows.getByRole('link', { name: 'Roots and Bonds' })).toHaveCount(0)
  await page.getByRole('switch', { name: 'Preconstructed Only' }).uncheck()
  await expect(rows.getByRole('link', { name: 'Roots and Bonds' })).toBeVisible()

  await page.getByRole('link', { name: 'Legacy' }).click()
  await expect(page).toHaveURL(/\/decks\/legacy\/$/)
  await expect(rows.getByRole('link', { name: 'Hearthfire' })).toBeVisible()
})

test('a preconstructed deck shows its cards, history and export text', async ({ page }) => {
  await page.goto('/decks/?preconstructed')
  await deckRows(page).getByRole('link', { name: 'The Ember Oath' }).click()
  await expect(page).toHaveURL(/\/decks\/\d+\/$/)
  await expect(page).toHaveTitle('The Ember Oath - Spellboard')
  await expect(page.getByRole('heading', { level: 1, name: 'The Ember Oath' })).toBeVisible()
  await expect(page.getByText('30/30')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Demo Player#1demo' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Description' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Clone & Edit' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Share...' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share and export' })
  await expect(dialog.getByLabel('Share URL')).toHaveValue(
    /^http:\/\/127\.0\.0\.1:\d+\/decks\/share\/[0-9a-f-]{36}\/$/,
  )
  const text = dialog.getByLabel('Deck text')
  await expect(text).toHaveValue(/^The Ember Oath\n\nPhoenixborn: Sera Emberlock\n\nDice:\n/)
  await expect(text).toHaveValue(/Cards \(30 \/ 30\):/)
  await dialog.getByRole('switch', { name: 'Card counts' }).click()
  await expect(text).not.toHaveValue(/30 \/ 30/)
  await dialog.getByRole('button', { name: 'Done' }).click()

  await page.getByRole('link', { name: 'History' }).click()
  await expect(page).toHaveURL(/\/decks\/\d+\/history\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('History for: The Ember Oath')
  await expect(page.getByRole('list', { name: 'Snapshots' })).toContainText('Latest')

  await page.goto('/decks/999999/')
  await expect(page.getByRole('heading', { name: 'No deck found' })).toBeVisible()
  await expect(page.getByText('Sorry, this does not appear to be a valid deck!')).toBeVisible()
})

test('a player clones a deck, publishes it, finds it listed and in history, then deletes it', async ({
  page,
  request,
}) => {
  const player = await createPlayer(request, 'Cloner')
  await logIn(page, player.email)

  await page.goto('/decks/mine/')
  await expect(page).toHaveTitle('My decks - Spellboard')
  await expect(page.getByText(/Decks are private by default/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create your first deck' })).toBeVisible()
  await page.getByRole('link', { name: 'Legacy' }).click()
  await expect(page.getByText(/Legacy decks are read-only/)).toBeVisible()

  await page.goto('/decks/?preconstructed')
  await deckRows(page).getByRole('link', { name: 'The Ember Oath' }).click()
  await page.getByRole('button', { name: 'Clone & Edit' }).click()
  await expect(page).toHaveURL(/\/decks\/mine\/\d+\/$/)
  const deckId = Number(page.url().match(/\/decks\/mine\/(\d+)\/$/)?.[1])
  await expect(
    page.getByRole('heading', { level: 1, name: 'Copy of The Ember Oath' }),
  ).toBeVisible()
  await expect(page.getByText('This is the latest private save of your deck.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Editing' })).toBeDisabled()

  const published = await request.post(`/v2/decks/${deckId}/snapshot`, {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { is_public: true, title: 'Cloned Embers' },
  })
  expect(published.status()).toBe(201)

  await page.goto('/decks/')
  await deckRows(page).getByRole('link', { name: 'Cloned Embers' }).click()
  await expect(page).toHaveURL(/\/decks\/\d+\/$/)
  await expect(
    page
      .getByRole('complementary', { name: 'About this deck' })
      .getByRole('link', { name: /^Cloner#/ }),
  ).toHaveAttribute('href', `/players/${player.badge}/`)

  await page.goto(`/decks/mine/${deckId}/`)
  await expect(page.getByRole('link', { name: 'View the latest published version' })).toBeVisible()
  await page.getByRole('link', { name: 'Private History' }).click()
  await expect(page).toHaveURL(new RegExp(`/decks/mine/${deckId}/history/$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Private history for: Copy of The Ember Oath',
  )
  const snapshots = page.getByRole('list', { name: 'Snapshots' })
  await expect(snapshots.getByRole('link', { name: 'Cloned Embers' })).toBeVisible()
  await expect(snapshots.getByRole('link', { name: 'Source: The Ember Oath' })).toBeVisible()
  await expect(snapshots).toContainText('Public')
  await expect(snapshots).toContainText('Private')

  await page.goto(`/decks/${deckId}/history/`)
  await expect(page.getByRole('list', { name: 'Snapshots' }).getByRole('link')).toHaveText([
    'Cloned Embers',
    /^Cloner#/,
  ])

  await page.goto(`/decks/mine/${deckId}/`)
  const remove = page.getByRole('button', { name: 'Delete' })
  await remove.click()
  await expect(page.getByRole('button', { name: 'Confirm?' })).toBeVisible()
  await page.getByRole('button', { name: 'Confirm?' }).click()
  await expect(page.getByText('Your deck "Copy of The Ember Oath" has been deleted!')).toBeVisible()
  await expect(page).toHaveURL(/\/decks\/mine\/$/)

  await page.goto('/decks/')
  await expect(deckRows(page).getByRole('link', { name: 'The Ember Oath' })).toBeVisible()
  await expect(deckRows(page).getByRole('link', { name: 'Cloned Embers' })).toHaveCount(0)
})

test('a shared link shows the deck, and a player may clone it', async ({ page, request }) => {
  const player = await createPlayer(request, 'Sharer')
  const listing = (await (
    await request.get('/v2/decks/mine', {
      headers: { Authorization: `Bearer ${player.token}` },
    })
  ).json()) as { count: number }
  expect(listing.count).toBe(0)
  const precons = (await (await request.get('/v2/decks?show_preconstructed=true')).json()) as {
    results: { id: number; title: string }[]
  }
  const precon = precons.results.find((deck) => deck.title === 'The Brass Gambit')
  const details = (await (await request.get(`/v2/decks/${precon?.id}`)).json()) as {
    deck: { direct_share_uuid: string }
  }

  await page.goto(`/decks/share/${details.deck.direct_share_uuid}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'The Brass Gambit' })).toBeVisible()
  await expect(page.getByText(/This deck has been shared with you by/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ashteki' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Clone & Edit' })).toHaveCount(0)

  await logIn(page, player.email)
  await page.goto(`/decks/share/${details.deck.direct_share_uuid}/`)
  await page.getByRole('button', { name: 'Clone & Edit' }).click()
  await expect(page).toHaveURL(/\/decks\/mine\/\d+\/$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Copy of The Brass Gambit' }),
  ).toBeVisible()

  // A link that leads nowhere sends the visitor home.
  await page.goto('/decks/share/00000000-0000-4000-8000-000000000000/')
  await expect(page).toHaveURL('/')
})
