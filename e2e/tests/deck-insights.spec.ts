import { expect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logInQuickly, type Player, saveLegalDeck } from './fixtures.ts'

// Deck analysis and First Five on a real deck (the demo set's Ember Oath: 5 ceremonial and
// 5 charm dice). The odds below are worked out by hand:
//   Gentle Word, Last Ember (one class of five dice): 1 − (1/3)^5 = 99.6%
//   Grave Offering (one ceremonial power of five dice): 1 − (5/6)^5 = 59.8%
//   Quick Study (basic), Summon Cinder Hound (no play cost): 100.0%
//   all five: a ceremonial power and a second ceremonial class or power, 4571/7776, times a
//   charm class, 242/243: 58.5%

const SAVED = { timeout: 20_000 }
const FIRST_FIVE = [
  ['Gentle Word', 'gentle-word', '99.6%'],
  ['Quick Study', 'quick-study', '100.0%'],
  ['Summon Cinder Hound', 'summon-cinder-hound', '100.0%'],
  ['Grave Offering', 'grave-offering', '59.8%'],
  ['Last Ember', 'last-ember', '99.6%'],
] as const

const pane = (page: Page) => page.getByRole('complementary', { name: /^Build your/ })
const main = (page: Page) => page.getByRole('main')

let player: Player

test.beforeAll(async ({ request }) => {
  player = await createPlayer(request, 'Odds Keeper')
})

async function expectAnalysis(page: Page) {
  const analysis = main(page).getByRole('region', { name: 'Deck analysis' })
  await expect(analysis.getByRole('heading', { name: 'Deck analysis' })).toBeVisible()
  const types = analysis.getByRole('region', { name: 'Cards by type' })
  await expect(types.getByRole('row', { name: 'Ready Spells 8' })).toBeVisible()
  await expect(types.getByRole('row', { name: 'All cards 30' })).toBeVisible()
  await expect(types.getByRole('row', { name: 'Conjuration pile 7' })).toBeVisible()
  const curve = analysis.getByRole('region', { name: 'Cost curve' })
  await expect(curve.getByRole('img', { name: 'Cost curve' })).toBeVisible()
  await expect(curve.getByRole('row', { name: /^Copies/ }).getByRole('cell')).toHaveText([
    '6',
    '17',
    '7',
    '0',
    '0',
    '0',
  ])
  const dice = analysis.getByRole('region', { name: 'Dice' })
  await expect(dice.getByRole('row', { name: /^Ceremonial/ })).toContainText('5')
  await expect(dice.getByText('Needed, not chosen')).toHaveCount(0)
  await expect(
    analysis.getByRole('region', { name: 'Problems' }).getByText('No problems found'),
  ).toBeVisible()
}

async function expectFirstFive(page: Page, withEffects: string | null) {
  const firstFive = main(page).getByRole('region', { name: 'First Five' })
  await expect(firstFive.getByRole('heading', { name: 'First Five' })).toBeVisible()
  const rows = firstFive.getByRole('listitem')
  await expect(rows).toHaveCount(5)
  for (const [index, [name, , chance]] of FIRST_FIVE.entries()) {
    await expect(rows.nth(index)).toContainText(name)
    await expect(rows.nth(index)).toContainText(chance)
    await expect(rows.nth(index)).toContainText('Meditate:')
  }
  await expect(firstFive.getByText('All five on the first roll: 58.5%')).toBeVisible()
  if (withEffects) {
    await expect(
      firstFive.getByText(`With the effects paid in round 1: ${withEffects}`),
    ).toBeVisible()
  }
  await expect(
    firstFive.getByText(/^Each die has 6 faces: 1 power, 3 class and 2 basic/),
  ).toBeVisible()
}

test('a published deck and its share link show the analysis and the First Five odds', async ({
  page,
  request,
}) => {
  const id = await saveLegalDeck(request, player, 'Odds on display')
  const withFive = await request.put('/v2/decks', {
    headers: bearer(player),
    data: {
      id,
      title: 'Odds on display',
      phoenixborn: 'sera-emberlock',
      dice: [
        { name: 'ceremonial', count: 5 },
        { name: 'charm', count: 5 },
      ],
      cards: (
        (await (
          await request.get(`/v2/decks/${id}?show_saved=true`, { headers: bearer(player) })
        ).json()) as {
          deck: { cards: { stub: string; count: number }[] }
        }
      ).deck.cards.map(({ stub, count }) => ({ stub, count })),
      first_five: FIRST_FIVE.map(([, stub]) => stub),
      effect_costs: ['sera-emberlock'],
    },
  })
  expect(withFive.status()).toBe(200)
  const published = await request.post(`/v2/decks/${id}/snapshot`, {
    headers: bearer(player),
    data: { is_public: true, include_first_five: true },
  })
  expect(published.status()).toBe(201)

  await page.goto(`/decks/${id}/`)
  await expectAnalysis(page)
  // Sera's ceremonial class as well: a third ceremonial class or power, 51.4%.
  await expectFirstFive(page, '51.4%')

  const details = (await (await request.get(`/v2/decks/${id}`)).json()) as {
    deck: { direct_share_uuid: string }
  }
  await page.goto(`/decks/share/${details.deck.direct_share_uuid}/`)
  await expectAnalysis(page)
  await expectFirstFive(page, '51.4%')
})

test('a player marks the First Five in the builder, plans round 1, and sees it saved', async ({
  page,
  request,
}) => {
  const id = await saveLegalDeck(request, player, 'Marked in the builder')
  await logInQuickly(page, player)
  await page.goto(`/decks/mine/${id}/`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const builder = pane(page)
  const panel = builder.getByRole('region', { name: 'First Five' })
  await expect(panel.getByText('Cards to open with (0 of 5 marked)')).toBeVisible()

  // From the keyboard: each card's checkbox, Space to mark it.
  for (const [name] of FIRST_FIVE) {
    await panel.getByRole('checkbox', { name, exact: true }).focus()
    await page.keyboard.press('Space')
  }
  await expect(panel.getByText('Cards to open with (5 of 5 marked)')).toBeVisible()
  await expect(panel.getByRole('checkbox', { name: 'Winsome Ward', exact: true })).toBeDisabled()
  const plan = panel.getByRole('status')
  await expect(plan).toContainText('Round 1 plan: 58.5%')
  await expect(plan).toContainText('All five on the first roll: 58.5%')

  // Not playing Grave Offering: a class of each type, (242/243)^2 = 99.2%...
  await panel.getByRole('checkbox', { name: 'Play Grave Offering in round 1' }).click()
  await expect(plan).toContainText('Round 1 plan: 99.2%')
  // ...and paying Sera's Kindle too: two ceremonial class of five, 232/243 × 242/243 = 95.1%.
  await panel.getByRole('checkbox', { name: 'Pay the effect of Sera Emberlock in round 1' }).check()
  await expect(plan).toContainText('Round 1 plan: 95.1%')
  await expect(plan).toContainText('All five on the first roll: 58.5%')
  await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)

  // Each card of the deck list hints at its chance on hover.
  const row = builder
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Grave Offering' }) })
  await row.hover()
  await expect(row.getByText('Pays on the first roll: 59.8%')).toBeVisible()

  await page.reload()
  await expectAnalysis(page)
  await expectFirstFive(page, '51.4%')
  const saved = (await (
    await request.get(`/v2/decks/${id}?show_saved=true`, { headers: bearer(player) })
  ).json()) as { deck: { first_five: string[]; effect_costs: string[] } }
  expect(saved.deck.first_five).toEqual(FIRST_FIVE.map(([, stub]) => stub))
  expect(saved.deck.effect_costs).toEqual(['sera-emberlock'])
})

test("the builder lists the deck's problems and a disabled Publish... names them", async ({
  page,
  request,
}) => {
  const id = await saveLegalDeck(request, player, 'Three short')
  await logInQuickly(page, player)
  await page.goto(`/decks/mine/${id}/`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  const builder = pane(page)
  const problems = builder.getByRole('region', { name: 'Problems' })
  await expect(problems.getByText('No problems found')).toBeVisible()

  await builder
    .getByRole('group', { name: 'Copies of Quick Study in your deck' })
    .getByRole('button', { name: '0', exact: true })
    .click()
  await expect(problems.getByRole('listitem')).toHaveText(['27 of 30 cardsBlocks Publish...'])
  await expect(builder.getByText('Deck is saved!')).toBeVisible(SAVED)
  await builder.getByRole('button', { name: 'Actions' }).click()
  const publish = page.getByRole('menuitem', { name: 'Publish...' })
  await expect(publish).toBeDisabled()
  await expect(publish).toHaveAttribute('title', 'Fix first: 27 of 30 cards')
  await page.keyboard.press('Escape')

  // The Preview shows the same analysis.
  await builder.getByRole('button', { name: 'Actions' }).click()
  await page.getByRole('menuitem', { name: 'Preview' }).click()
  const preview = page.getByRole('dialog', { name: 'Three short' })
  await expect(preview.getByRole('heading', { name: 'Deck analysis' })).toBeVisible()
  await expect(
    preview.getByRole('region', { name: 'Problems' }).getByText('27 of 30 cards'),
  ).toBeVisible()
  await expect(preview.getByRole('heading', { name: 'First Five' })).toBeVisible()
})
