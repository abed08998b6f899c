import { expect, type Locator, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logInQuickly, type Player, saveLegalDeck } from './fixtures.ts'

// Draw odds and the sample hand on the demo set's Ember Oath (30 cards, Sera Emberlock). With
// its First Five marked the pile holds the other 25; by hand, 1 − C(25 − k, d)/C(25, d):
//   3 copies: 1 − C(22,5)/C(25,5) = 50.4%, 1 − C(22,10)/C(25,10) = 80.2%, C(22,15): 94.8%
//   2 copies: 1 − (20·19)/(25·24) = 36.7%, 1 − (15·14)/600 = 65.0%, 1 − (10·9)/600 = 85.0%
//   1 copy: 5/25, 10/25, 15/25 = 20.0%, 40.0%, 60.0%
// Without one, 1 − C(30 − k, n)/C(30, n) for n = 10, 15, 20; 3 copies: 71.9%, 88.8%, 97.0%.

const FIRST_FIVE = [
  ['Gentle Word', 'gentle-word'],
  ['Quick Study', 'quick-study'],
  ['Summon Cinder Hound', 'summon-cinder-hound'],
  ['Grave Offering', 'grave-offering'],
  ['Last Ember', 'last-ember'],
] as const
const WITH_FIRST_FIVE = {
  'Ashbound Acolyte': ['50.4%', '80.2%', '94.8%'],
  'Emberlock Oath': ['36.7%', '65.0%', '85.0%'],
  "Sera's Firebrand": ['20.0%', '40.0%', '60.0%'],
  'Gentle Word': ['100.0%', '100.0%', '100.0%'],
}
const SAVED = { timeout: 20_000 }

let player: Player

test.beforeAll(async ({ request }) => {
  player = await createPlayer(request, 'Hand Drawer')
})

const drawOdds = (scope: Page | Locator) => scope.getByRole('region', { name: 'Draw odds' })
const sampleRegion = (scope: Page | Locator) => scope.getByRole('region', { name: 'Sample hand' })
const roundCards = (region: Locator, round: number) =>
  region.getByRole('list', { name: `Round ${round}`, exact: true }).getByRole('listitem')

async function expectRows(region: Locator, rows: Record<string, string[]>) {
  for (const [name, cells] of Object.entries(rows)) {
    const row = region.getByRole('row', { name: new RegExp(`^${name}`) })
    await expect(row.getByRole('cell')).toHaveText(cells)
  }
}

async function publishWithFirstFive(page: Page, title: string) {
  const request = page.request
  const id = await saveLegalDeck(request, player, title)
  const saved = (await (
    await request.get(`/v2/decks/${id}?show_saved=true`, { headers: bearer(player) })
  ).json()) as { deck: { cards: { stub: string; count: number }[] } }
  const marked = await request.put('/v2/decks', {
    headers: bearer(player),
    data: {
      id,
      title,
      phoenixborn: 'sera-emberlock',
      dice: [
        { name: 'ceremonial', count: 5 },
        { name: 'charm', count: 5 },
      ],
      cards: saved.deck.cards.map(({ stub, count }) => ({ stub, count })),
      first_five: FIRST_FIVE.map(([, stub]) => stub),
    },
  })
  expect(marked.status()).toBe(200)
  const published = await request.post(`/v2/decks/${id}/snapshot`, {
    headers: bearer(player),
    data: { is_public: true, include_first_five: true },
  })
  expect(published.status()).toBe(201)
  const details = (await (await request.get(`/v2/decks/${id}`)).json()) as {
    deck: { direct_share_uuid: string }
  }
  return { id, shareUuid: details.deck.direct_share_uuid }
}

test('a deck page shows the draw odds, and a sample hand its address keeps', async ({ page }) => {
  const { id, shareUuid } = await publishWithFirstFive(page, 'Drawn and quartered')
  await page.goto(`/decks/${id}/`)
  const odds = drawOdds(page.getByRole('main'))
  await expect(odds.getByRole('heading', { name: 'Draw odds' })).toBeVisible()
  await expect(odds.getByRole('columnheader')).toHaveText(['Card', 'Round 2', 'Round 3', 'Round 4'])
  // A row per card of the deck: not the Phoenixborn, not the conjurations.
  await expect(odds.getByRole('rowheader')).toHaveCount(11)
  await expect(odds.getByRole('rowheader', { name: 'Sera Emberlock' })).toHaveCount(0)
  await expect(odds.getByRole('rowheader', { name: 'Cinder Hound', exact: true })).toHaveCount(0)
  await expectRows(odds, WITH_FIRST_FIVE)
  await expect(
    odds.getByText(/^Round 1's hand is the First Five; the other 25 cards/),
  ).toBeVisible()
  await expect(sampleRegion(page)).toHaveCount(0)

  // From the keyboard: Enter on the button, then on 'Next round', where the focus lands.
  const historyLength = await page.evaluate(() => history.length)
  await odds.getByRole('button', { name: 'Draw a sample hand' }).focus()
  await page.keyboard.press('Enter')
  const sample = sampleRegion(odds)
  const next = sample.getByRole('button', { name: 'Next round' })
  await expect(next).toBeFocused()
  await expect(roundCards(sample, 1)).toHaveText(FIRST_FIVE.map(([name]) => name))
  await expect(page).toHaveURL(/\?sample=[0-9a-z]+&rounds=1$/)
  const status = sample.getByRole('status')
  await expect(status).toHaveText(/^Round 1, your First Five: Gentle Word, Quick Study/)

  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(0)
  await page.keyboard.press('Enter')
  await expect(roundCards(sample, 2)).toHaveCount(5)
  await expect(page).toHaveURL(/&rounds=2$/)
  const round2 = await roundCards(sample, 2).allTextContents()
  await expect(status).toHaveText(`Round 2: ${round2.join(', ')}.`)
  await expect(sample.getByText('20 cards left in the draw pile.')).toBeVisible()
  // The page stays where it was, and the clicks add no history entry to go Back through.
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2)
  expect(await page.evaluate(() => history.length)).toBe(historyLength)

  // A reload, and the share link with the same address, show the same cards.
  const address = new URL(page.url())
  await page.reload()
  await expect(roundCards(sampleRegion(page), 1)).toHaveText(FIRST_FIVE.map(([name]) => name))
  await expect(roundCards(sampleRegion(page), 2)).toHaveText(round2)
  await page.goto(`/decks/share/${shareUuid}/${address.search}`)
  const shared = sampleRegion(page)
  await expect(roundCards(shared, 2)).toHaveText(round2)
  await expect(shared.getByRole('list', { name: 'Round 3', exact: true })).toHaveCount(0)

  // The pile of 25 runs out after five more rounds of five; no card more often than it is held.
  for (const round of [3, 4, 5, 6]) {
    await shared.getByRole('button', { name: 'Next round' }).click()
    await expect(roundCards(shared, round)).toHaveCount(5)
  }
  await expect(shared.getByRole('button', { name: 'Next round' })).toBeDisabled()
  await expect(
    shared.getByText('The draw pile is empty: all 30 cards have been drawn.'),
  ).toBeVisible()
  await expect(shared.getByRole('button', { name: 'Shuffle again' })).toBeFocused()
  const drawn = await shared.getByRole('listitem').allTextContents()
  expect(drawn).toHaveLength(30)
  expect(drawn.filter((name) => name === "Sera's Firebrand")).toHaveLength(1)
  expect(drawn.filter((name) => name === 'Emberlock Oath')).toHaveLength(2)
  expect(drawn.filter((name) => name === 'Gentle Word')).toHaveLength(3)

  await shared.getByRole('button', { name: 'Shuffle again' }).click()
  await expect(page).toHaveURL(/&rounds=1$/)
  expect(new URL(page.url()).searchParams.get('sample')).not.toBe(
    address.searchParams.get('sample'),
  )
  await expect(shared.getByRole('list', { name: 'Round 2', exact: true })).toHaveCount(0)
  await expect(status).toHaveText(/^Shuffled again\. Round 1/)
  await shared.getByRole('button', { name: 'Hide sample hand' }).click()
  await expect(sampleRegion(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Draw a sample hand' })).toBeFocused()
  expect(new URL(page.url()).search).toBe('')
})

test('the builder Preview follows the deck as it is built, with a sample hand of its own', async ({
  page,
  request,
}) => {
  const id = await saveLegalDeck(request, player, 'Previewed odds')
  await logInQuickly(page, player)
  await page.goto(`/decks/mine/${id}/`)
  // The own deck page has the section too, without a First Five yet.
  await expectRows(drawOdds(page.getByRole('main')), {
    'Ashbound Acolyte': ['71.9%', '88.8%', '97.0%'],
  })
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const builder = page.getByRole('complementary', { name: /^Build your/ })

  const openPreview = async () => {
    await builder.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Preview' }).click()
    return page.getByRole('dialog', { name: 'Previewed odds' })
  }
  let preview = await openPreview()
  await expectRows(drawOdds(preview), { 'Ashbound Acolyte': ['71.9%', '88.8%', '97.0%'] })
  await expect(drawOdds(preview).getByText(/^Without a complete First Five/)).toBeVisible()
  await page.keyboard.press('Escape')

  // Marking the First Five changes the odds at once, before any save.
  const panel = builder.getByRole('region', { name: 'First Five' })
  for (const [name] of FIRST_FIVE) {
    await panel.getByRole('checkbox', { name, exact: true }).check()
  }
  preview = await openPreview()
  await expectRows(drawOdds(preview), WITH_FIRST_FIVE)
  await page.keyboard.press('Escape')

  // So does a card taken out: 29 cards, a pile of 24. 3 copies: 1 − C(21,5)/C(24,5) = 52.1%.
  await builder
    .getByRole('group', { name: "Copies of Sera's Firebrand in your deck" })
    .getByRole('button', { name: '0', exact: true })
    .click()
  preview = await openPreview()
  await expectRows(drawOdds(preview), { 'Ashbound Acolyte': ['52.1%', '82.0%', '95.8%'] })
  await expect(drawOdds(preview).getByRole('rowheader', { name: "Sera's Firebrand" })).toHaveCount(
    0,
  )
  await expect(drawOdds(preview).getByText(/This deck has 29 cards, not 30/)).toBeVisible()

  const before = page.url()
  await drawOdds(preview).getByRole('button', { name: 'Draw a sample hand' }).click()
  const sample = sampleRegion(preview)
  await expect(roundCards(sample, 1)).toHaveText(FIRST_FIVE.map(([name]) => name))
  await sample.getByRole('button', { name: 'Next round' }).click()
  await expect(roundCards(sample, 2)).toHaveCount(5)
  await expect(sample.getByText('19 cards left in the draw pile.')).toBeVisible()
  // The Preview's sample stays with the dialog: the address of the page behind is not its own.
  expect(page.url()).toBe(before)
  await page.keyboard.press('Escape')
  await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)
})
