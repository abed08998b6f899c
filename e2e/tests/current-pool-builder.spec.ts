import { expect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logInQuickly, type Player } from './fixtures.ts'
import { openInBuilder } from './measure.ts'

// Searching and building on the real pool (the 2021 set, then the 2026 pool): release terms,
// narrowing while typing, the builder's "show everything" switch, the releases a Red Rains deck
// requires, and a typo in an imported list.

const cardList = (page: Page) => page.getByRole('list', { name: 'Cards' })
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Filter by name or text' })
const cardRow = (page: Page, name: string) =>
  cardList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) })

let player: Player
let deckId: number

test.beforeAll(async ({ request }) => {
  player = await createPlayer(request, 'Pool Builder')
  const saved = await request.put('/v2/decks', {
    headers: bearer(player),
    data: {
      title: 'Sky watch',
      phoenixborn: 'arren-frostpeak',
      dice: [{ name: 'astral', count: 10 }],
      cards: [{ stub: 'dodge', count: 3 }],
    },
  })
  expect(saved.status()).toBe(200)
  deckId = ((await saved.json()) as { id: number }).id
})

test('r:frost finds The Frostdale Giants, by the second word of its name', async ({ page }) => {
  await page.goto('/cards/?q=r%3Afrost')
  await expect(cardList(page).getByRole('link', { name: 'Frost Fang', exact: true })).toBeVisible()
  await expect(page.getByText(/names no release/)).toHaveCount(0)
  // The Frostwild Scourge's cards too, every word of a name counting.
  await expect(
    cardList(page).getByRole('link', { name: 'Frost Frog', exact: true }).first(),
  ).toBeVisible()
  await expect(cardList(page).getByRole('link', { name: 'Absorption' })).toHaveCount(0)
})

test('typing narrows the cards at once; the address follows after the pause', async ({ page }) => {
  await page.goto('/cards/')
  await expect(page.getByText('526 cards')).toBeVisible()
  await searchBox(page).pressSequentially('astr')
  // Well before the 1250 ms pause is over: narrowed on the page, the address untouched.
  await expect(cardList(page).getByRole('link', { name: 'Absorption' })).toHaveCount(0, {
    timeout: 600,
  })
  await expect(cardList(page).getByRole('link', { name: 'Astrea', exact: true })).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
  // Then the API's answer, with the cards the first page had not loaded (Mark of the Goddess
  // is Astrea's, so her name is in its search text).
  await expect(page).toHaveURL(/\/cards\/\?q=astr$/)
  await expect(cardList(page).getByRole('link', { name: 'Mark of the Goddess' })).toBeVisible()
})

test('"Show conjurations and Phoenixborn" on lists everything; cards the deck cannot hold get no buttons', async ({
  page,
}) => {
  await logInQuickly(page, player)
  await openInBuilder(page, deckId)
  await page.goto('/cards/?q=astrea')
  const toggle = page.getByRole('switch', { name: 'Show conjurations and Phoenixborn' })
  await expect(toggle).not.toBeChecked()
  await expect(cardList(page).getByRole('link', { name: 'Mark of the Goddess' })).toHaveCount(0)

  await toggle.check()
  await expect(cardList(page).getByRole('link', { name: 'Astrea', exact: true })).toBeVisible()
  await expect(cardList(page).getByRole('link', { name: 'Mark of the Goddess' })).toBeVisible()
  // Astrea's unique card is not for Arren's deck: no count buttons on it.
  await expect(
    cardRow(page, 'Mark of the Goddess').getByRole('group', { name: /^Copies of/ }),
  ).toHaveCount(0)
  await expect(cardRow(page, 'Astrea').getByRole('group', { name: /^Copies of/ })).toHaveCount(0)

  await toggle.uncheck()
  await expect(cardList(page).getByRole('link', { name: 'Mark of the Goddess' })).toHaveCount(0)
})

test('every release a Red Rains deck requires is a link, the last one too', async ({
  page,
  request,
}) => {
  // Absorption comes from a Red Rains box, which has no deck of its own.
  const saved = await request.put('/v2/decks', {
    headers: bearer(player),
    data: {
      title: 'Rain check',
      phoenixborn: 'arren-frostpeak',
      is_red_rains: true,
      dice: [{ name: 'astral', count: 10 }],
      cards: [
        { stub: 'dodge', count: 3 },
        { stub: 'absorption', count: 3 },
      ],
    },
  })
  const id = ((await saved.json()) as { id: number }).id
  await logInQuickly(page, player)
  await page.goto(`/decks/mine/${id}/`)
  const requires = page.getByRole('definition').filter({ hasText: 'The Flood of Moon Cove' })
  const links = requires.getByRole('link')
  await expect(links.last()).toHaveText('The Flood of Moon Cove')
  expect(await links.count()).toBeGreaterThan(1)
  await links.last().click()
  await expect(page).toHaveURL(/\/cards\/\?r=the-flood-of-moon-cove$/)
  await expect(cardList(page).getByRole('link', { name: 'Absorption' })).toBeVisible()
})

test('an imported list with a typo offers the nearest card name', async ({ page }) => {
  await logInQuickly(page, player)
  await page.goto('/decks/mine/import/')
  await page
    .getByRole('textbox', { name: 'Deck list' })
    .fill(['Arren Frostpeak', '10 Astral', '3x Strenghten', '3x Dodge'].join('\n'))
  const report = page.getByRole('region', { name: '1 line not matched' })
  await report.getByRole('button', { name: 'Strengthen' }).click()
  await expect(page.getByRole('textbox', { name: 'Deck list' })).toHaveValue(/\n3x Strengthen\n/)
  await expect(page.getByRole('region', { name: /lines? not matched/ })).toHaveCount(0)
})
