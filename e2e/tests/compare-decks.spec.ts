import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logInQuickly, type Player, saveLegalDeck } from './fixtures.ts'

// Compare two decks side by side: what each has alone, what both have in other numbers, the
// dice and the Phoenixborn; the entry points on deck pages and in a deck's history.

/** Saves a deck (a new one, or over `id`) and answers its id. */
async function saveDeck(
  request: APIRequestContext,
  player: Player,
  data: Record<string, unknown>,
): Promise<number> {
  const saved = await request.put('/v2/decks', { headers: bearer(player), data })
  expect(saved.status()).toBe(200)
  return ((await saved.json()) as { id: number }).id
}

/** Snapshots the working deck as it is saved; answers the snapshot's id. */
async function snapshot(
  request: APIRequestContext,
  player: Player,
  id: number,
  isPublic: boolean,
): Promise<number> {
  const made = await request.post(`/v2/decks/${id}/snapshot`, {
    headers: bearer(player),
    data: { is_public: isPublic },
  })
  expect(made.status()).toBe(201)
  return ((await made.json()) as { snapshot_id: number }).snapshot_id
}

// Odran's deck: no Sera cards, other counts, other dice, and no title.
const ODRAN_DECK = {
  title: null,
  phoenixborn: 'odran-veilborn',
  dice: [
    { name: 'ceremonial', count: 4 },
    { name: 'illusion', count: 6 },
  ],
  cards: [
    { stub: 'ashbound-acolyte', count: 3 },
    { stub: 'charmed-guardian', count: 1 },
    { stub: 'gentle-word', count: 3 },
    { stub: 'grave-offering', count: 3 },
    { stub: 'last-ember', count: 3 },
    { stub: 'quick-study', count: 2 },
    { stub: 'summon-cinder-hound', count: 3 },
    { stub: 'summon-lantern-moth', count: 3 },
    { stub: 'winsome-ward', count: 3 },
    { stub: 'phantom-rake', count: 3 },
    { stub: 'veilborn-mirage', count: 3 },
  ],
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test('two public decks side by side: cards, counts, dice and Phoenixborn', async ({ page }) => {
  const request = page.request
  const author = await createPlayer(request, 'Comparer')
  const sera = await saveLegalDeck(request, author, 'Ember Study')
  await snapshot(request, author, sera, true)
  const odran = await saveDeck(request, author, ODRAN_DECK)
  await snapshot(request, author, odran, true)

  // A visitor, not logged in, sees the latest published version of each.
  await page.goto(`/decks/compare/?left=${sera}&right=${odran}`)
  await expect(page).toHaveTitle('Compare decks - Spellboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Compare decks' })).toBeVisible()

  const onlyLeft = region(page, 'Only in Ember Study')
  await expect(onlyLeft.getByRole('listitem')).toHaveText([
    /^2× Emberlock Oath/,
    /^1× Sera's Firebrand/,
  ])
  const onlyRight = region(page, 'Only in Untitled Odran Veilborn')
  await expect(onlyRight.getByRole('listitem')).toHaveText([
    /^3× Phantom Rake/,
    /^3× Veilborn Mirage/,
  ])

  const counts = region(page, 'Different counts')
  await expect(counts.getByRole('row')).toHaveText([
    'CardEmber StudyUntitled Odran VeilbornChange',
    'Charmed Guardian31−2',
    'Quick Study32−1',
  ])

  const dice = region(page, 'Dice')
  await expect(dice.getByRole('row', { name: /Ceremonial/ })).toHaveText('Ceremonial54−1')
  await expect(dice.getByRole('row', { name: /Charm/ })).toHaveText('Charm50−5')
  await expect(dice.getByRole('row', { name: /Illusion/ })).toHaveText('Illusion06+6')

  const phoenixborn = region(page, 'Phoenixborn')
  await expect(phoenixborn.getByRole('link')).toHaveText(['Sera Emberlock', 'Odran Veilborn'])

  // Card names are card links, with the usual preview.
  const link = onlyRight.getByRole('link', { name: 'Phantom Rake' })
  await link.hover()
  await expect(page.getByRole('tooltip', { name: 'Phantom Rake' })).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(/\/cards\/phantom-rake\/$/)
  await page.goBack()

  // Swapping sides swaps the regions.
  await page.getByRole('link', { name: 'Swap sides' }).click()
  await expect(page).toHaveURL(`/decks/compare/?left=${odran}&right=${sera}`)
  await expect(region(page, 'Only in Ember Study').getByRole('listitem')).toHaveCount(2)
  await expect(region(page, 'Different counts').getByRole('row').nth(1)).toHaveText(
    'Charmed Guardian13+2',
  )
})

test("someone else's private deck is refused; the owner compares their own", async ({ page }) => {
  const request = page.request
  const owner = await createPlayer(request, 'Secret Keeper')
  const other = await createPlayer(request, 'Curious')
  const secret = await saveDeck(request, owner, { ...ODRAN_DECK, title: 'Secret Plan' })
  const open = await saveLegalDeck(request, other, 'Open Book')
  await snapshot(request, other, open, true)

  // Logged in as someone else: the same refusal as the deck page, nothing of either deck.
  await logInQuickly(page, other)
  await page.goto(`/decks/mine/${secret}/`)
  await expect(page.getByRole('heading', { name: 'No deck found' })).toBeVisible()
  await page.goto(`/decks/compare/?left=${open}&right=${secret}`)
  await expect(page.getByRole('heading', { name: 'No deck found' })).toBeVisible()
  await expect(page.getByText('Sorry, this does not appear to be a valid deck!')).toBeVisible()
  await expect(page.getByRole('region', { name: /^Only in/ })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Different counts' })).toHaveCount(0)
  await expect(page.getByText('Secret Plan')).toHaveCount(0)
  await expect(page.getByText('Phantom Rake')).toHaveCount(0)

  // The owner sees their private working deck beside the public one.
  await logInQuickly(page, owner)
  await page.goto(`/decks/compare/?left=${open}&right=${secret}`)
  await expect(
    region(page, 'Only in Secret Plan').getByRole('link', { name: 'Phantom Rake' }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Right deck' })).toContainText(
    'Latest private save',
  )
})

test('missing or invalid deck ids get a clear message', async ({ page }) => {
  await page.goto('/decks/compare/')
  await expect(page.getByText('Choose two decks to compare.')).toBeVisible()
  await page.goto('/decks/compare/?left=12&right=abc')
  await expect(page.getByText('both left and right need a deck id')).toBeVisible()
  // The form there says what is wrong with what was typed.
  await page.getByRole('textbox', { name: 'Right deck' }).fill('not a deck')
  await page.getByRole('button', { name: 'Compare' }).click()
  await expect(
    page.getByText('Paste a deck link (such as /decks/123/) or a deck id.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/right=abc$/)
})

test("'Compare with…' on a deck page and 'Changes since previous' in its history", async ({
  page,
}) => {
  const request = page.request
  const player = await createPlayer(request, 'Historian')
  const deck = await saveLegalDeck(request, player, 'Growing Embers')
  const first = await snapshot(request, player, deck, true)
  const changed = {
    title: 'Growing Embers',
    phoenixborn: 'sera-emberlock',
    dice: [
      { name: 'ceremonial', count: 6 },
      { name: 'charm', count: 4 },
    ],
    cards: [
      { stub: 'ashbound-acolyte', count: 3 },
      { stub: 'charmed-guardian', count: 2 },
      { stub: 'emberlock-oath', count: 2 },
      { stub: 'gentle-word', count: 3 },
      { stub: 'grave-offering', count: 3 },
      { stub: 'last-ember', count: 3 },
      { stub: 'quick-study', count: 3 },
      { stub: 'seras-firebrand', count: 1 },
      { stub: 'summon-cinder-hound', count: 3 },
      { stub: 'summon-lantern-moth', count: 3 },
      { stub: 'winsome-ward', count: 3 },
      { stub: 'stalwart-militia', count: 1 },
    ],
    id: deck,
  }
  await saveDeck(request, player, changed)
  const second = await snapshot(request, player, deck, true)
  const other = await saveDeck(request, player, { ...ODRAN_DECK, title: 'Veil Tricks' })

  // History: the newer snapshot offers its changes since the one before; the oldest does not.
  await page.goto(`/decks/${deck}/history/`)
  const links = page.getByRole('link', { name: 'Changes since previous' })
  await expect(links).toHaveCount(1)
  await links.click()
  await expect(page).toHaveURL(`/decks/compare/?left=${first}&right=${second}`)
  // Two snapshots of one title are told apart by their ids.
  await expect(
    region(page, `Only in Growing Embers (#${second})`).getByRole('listitem'),
  ).toHaveText([/^1× Stalwart Militia/])
  await expect(region(page, `Only in Growing Embers (#${first})`)).toContainText('No cards')
  await expect(region(page, 'Different counts').getByRole('row').nth(1)).toHaveText(
    /^Charmed Guardian32−1$/,
  )
  await expect(region(page, 'Phoenixborn')).toHaveCount(0)

  // On the deck page: paste a link to another deck.
  await page.goto(`/decks/${deck}/`)
  await page.getByRole('button', { name: 'Compare with…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Compare with…' })
  await dialog.getByRole('textbox', { name: 'Deck link or id' }).fill('/cards/quick-study/')
  await dialog.getByRole('button', { name: 'Compare' }).click()
  await expect(
    dialog.getByText('Paste a deck link (such as /decks/123/) or a deck id.'),
  ).toBeVisible()
  await dialog
    .getByRole('textbox', { name: 'Deck link or id' })
    .fill(`http://127.0.0.1/decks/${first}/`)
  await dialog.getByRole('button', { name: 'Compare' }).click()
  await expect(page).toHaveURL(`/decks/compare/?left=${second}&right=${first}`)

  // Logged in, the dialog lists my decks to pick from.
  await logInQuickly(page, player)
  await page.goto(`/decks/mine/${other}/`)
  await page.getByRole('button', { name: 'Compare with…' }).click()
  await page
    .getByRole('list', { name: 'My decks' })
    .getByRole('link', { name: /Growing Embers/ })
    .click()
  await expect(page).toHaveURL(`/decks/compare/?left=${other}&right=${deck}`)
  await expect(region(page, 'Only in Veil Tricks')).toContainText('Phantom Rake')
  await expect(region(page, 'Only in Growing Embers')).toContainText('Stalwart Militia')
})
