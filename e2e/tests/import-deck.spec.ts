import { expect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logInQuickly, type Player } from './fixtures.ts'

// A deck list pasted as text becomes a new private deck: as our export writes it, as players
// type it, with lines that match nothing, and without a Phoenixborn (then nothing is created).

const EXPORTED = `Pasted Embers

Phoenixborn: Sera Emberlock

Dice:
5x Ceremonial
5x Charm

Cards (30 / 30):

Ready Spells (9):
2x Emberlock Oath (Sera Emberlock)
3x Summon Cinder Hound
3x Summon Lantern Moth
1x Sera's Firebrand (Sera Emberlock)

Allies (6):
3x Ashbound Acolyte
3x Charmed Guardian

Alteration Spells (3):
3x Winsome Ward

Action Spells (9):
3x Gentle Word
3x Grave Offering
3x Quick Study

Reaction Spells (3):
3x Last Ember

Conjuration Pile (6):
3x Cinder Hound
3x Lantern Moth

Created with Spellboard: https://spellboard.example/`

type SavedDeck = {
  title: string | null
  phoenixborn: { stub: string }
  dice: { name: string; count: number }[]
  cards: { stub: string; count: number }[]
  is_public: boolean
  is_snapshot: boolean
}

async function myDecks(page: Page, player: Player) {
  const response = await page.request.get('/v2/decks/mine', { headers: bearer(player) })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { count: number; results: { id: number }[] }).results
}

async function savedDeck(page: Page, player: Player, id: number): Promise<SavedDeck> {
  const response = await page.request.get(`/v2/decks/${id}`, {
    headers: bearer(player),
    params: { show_saved: 'true' },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { deck: SavedDeck }).deck
}

const deckList = (page: Page) => page.getByRole('textbox', { name: 'Deck list' })
const preview = (page: Page) => page.getByRole('region', { name: 'Preview' })

test('our own export text comes back as the same deck', async ({ page }) => {
  const player = await createPlayer(page.request, 'Importer')
  await logInQuickly(page, player)
  await page.goto('/decks/mine/')
  await page.getByRole('link', { name: 'Import from text' }).click()
  await expect(page).toHaveURL('/decks/mine/import/')
  await expect(page).toHaveTitle('Import from text - Spellboard')
  await expect(page.getByRole('button', { name: 'Create deck' })).toBeDisabled()

  await deckList(page).fill(EXPORTED)
  // The preview follows the text as it is typed.
  await expect(preview(page).getByText('Pasted Embers')).toBeVisible()
  await expect(preview(page).getByRole('heading', { name: 'Sera Emberlock' })).toBeVisible()
  await expect(preview(page).getByText('30/30')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Ready to create' })).toHaveText(
    'Ready to create "Pasted Embers": 30 of 30 cards, 10 of 10 dice.',
  )
  await expect(page.getByText(/not matched/)).toHaveCount(0)

  await page.getByRole('button', { name: 'Create deck' }).click()
  await expect(page).toHaveURL(/\/decks\/mine\/(\d+)\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pasted Embers' })).toBeVisible()
  const id = Number(/\/decks\/mine\/(\d+)\//.exec(page.url())?.[1])
  const deck = await savedDeck(page, player, id)
  expect(deck).toMatchObject({
    title: 'Pasted Embers',
    phoenixborn: { stub: 'sera-emberlock' },
    is_public: false,
    is_snapshot: false,
  })
  expect(deck.dice).toEqual([
    { name: 'ceremonial', count: 5 },
    { name: 'charm', count: 5 },
  ])
  expect(Object.fromEntries(deck.cards.map((card) => [card.stub, card.count]))).toEqual({
    'ashbound-acolyte': 3,
    'charmed-guardian': 3,
    'emberlock-oath': 2,
    'gentle-word': 3,
    'grave-offering': 3,
    'last-ember': 3,
    'quick-study': 3,
    'seras-firebrand': 1,
    'summon-cinder-hound': 3,
    'summon-lantern-moth': 3,
    'winsome-ward': 3,
  })
})

test('lines that match nothing are marked with the nearest names', async ({ page }) => {
  const player = await createPlayer(page.request, 'Typist')
  await logInQuickly(page, player)
  await page.goto('/decks/mine/import/')
  await deckList(page).fill(
    [
      'Odran Veilborn',
      '6 Illusion, 4 Charm',
      '3x Phantom Rake',
      '3 Veiled Courier',
      'Mirror Feint x2',
      '3x Phantom Rakes',
      '2x Gentle Wordd',
      '1x Nothing Like Any Card',
    ].join('\n'),
  )
  const report = page.getByRole('region', { name: '3 lines not matched' })
  await expect(report.getByRole('listitem')).toHaveCount(3)
  await expect(report.getByRole('listitem').nth(0)).toContainText('Line 6:')
  await expect(report.getByRole('listitem').nth(0)).toContainText('No card by this name.')
  await expect(report.getByRole('listitem').nth(2)).toContainText('Nothing Like Any Card')

  // Picking a suggestion puts it in place of the line, count kept.
  await report.getByRole('button', { name: 'Gentle Word' }).click()
  await expect(deckList(page)).toHaveValue(/\n2x Gentle Word\n/)
  await expect(page.getByRole('region', { name: '2 lines not matched' })).toBeVisible()
  // The Phoenixborn alone on the first line is the Phoenixborn, not the title.
  await expect(preview(page).getByText('Untitled Odran Veilborn')).toBeVisible()

  // Created with what was matched; the rest is left out.
  await page.getByRole('button', { name: 'Create deck' }).click()
  await expect(page).toHaveURL(/\/decks\/mine\/\d+\/$/)
  const id = Number(/\/decks\/mine\/(\d+)\//.exec(page.url())?.[1])
  const deck = await savedDeck(page, player, id)
  expect(deck.title).toBeNull()
  expect(deck.phoenixborn.stub).toBe('odran-veilborn')
  expect(deck.dice).toEqual([
    { name: 'charm', count: 4 },
    { name: 'illusion', count: 6 },
  ])
  expect(Object.fromEntries(deck.cards.map((card) => [card.stub, card.count]))).toEqual({
    'phantom-rake': 3,
    'veiled-courier': 3,
    'mirror-feint': 2,
    'gentle-word': 2,
  })
})

test('without a Phoenixborn nothing is created and the page says why', async ({ page }) => {
  const player = await createPlayer(page.request, 'Forgetful')
  await logInQuickly(page, player)
  await page.goto('/decks/mine/import/')
  await deckList(page).fill('Headless\n5 Ceremonial, 5 Charm\n3x Quick Study\n3x Gentle Word')
  await expect(
    page.getByText('Nothing can be created: the text names no Phoenixborn.', { exact: false }),
  ).toBeVisible()
  await expect(preview(page).getByText('No Phoenixborn yet.')).toBeVisible()
  const create = page.getByRole('button', { name: 'Create deck' })
  await expect(create).toBeDisabled()
  await create.click({ force: true })
  await expect(page).toHaveURL('/decks/mine/import/')
  expect(await myDecks(page, player)).toEqual([])

  // Adding the Phoenixborn is all it takes.
  await deckList(page).press('Control+End')
  await deckList(page).pressSequentially('\nPhoenixborn: Sera Emberlock')
  await expect(create).toBeEnabled()
  await create.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Headless' })).toBeVisible()
  expect(await myDecks(page, player)).toHaveLength(1)
})

test('the import page needs an account', async ({ page }) => {
  await page.goto('/decks/mine/import/')
  await expect(page).toHaveURL(/\/log-in\//)
  await expect(
    page.getByText('This page requires an account; please log in to continue...'),
  ).toBeVisible()
})
