import { expect, type Page, test } from '@playwright/test'

// Journeys on a site loaded with the real card pool: the 2021 set, then the current 2026 pool
// (the `current-pool` project of playwright.config.ts starts that site).

const cardList = (page: Page) => page.getByRole('list', { name: 'Cards' })
const deckRows = (page: Page) => page.getByRole('list', { name: 'Decks' })

test('the home page of a site with real cards has no demo notice', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Spellboard' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'The game and its editions' })).toBeVisible()
  await expect(page.getByText('These are demo cards')).toHaveCount(0)
})

test('filter by artifice and open an Ascendancy card', async ({ page }) => {
  await page.goto('/cards/')
  await expect(page.getByText('526 cards')).toBeVisible()
  await expect(cardList(page).getByRole('link', { name: 'Absorption' })).toBeVisible()

  await page.getByRole('button', { name: 'Artifice magic' }).click()
  await expect(page).toHaveURL(/\/cards\/\?dice=artifice$/)
  await expect(cardList(page).getByRole('link', { name: 'Supercharge' })).toBeVisible()
  await expect(cardList(page).getByRole('link', { name: 'Absorption' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Astral magic' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )

  await cardList(page).getByRole('link', { name: 'Barrier' }).click()
  await expect(page).toHaveURL(/\/cards\/barrier\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Barrier' })).toBeVisible()
  await expect(page.getByText('Ascendancy Starter Kit').first()).toBeVisible()
  await expect(page.getByRole('img', { name: 'Artifice power' }).first()).toBeVisible()
})

test('a precon of the Ascendancy box shows its artifice dice and First Five', async ({ page }) => {
  await page.goto('/decks/?preconstructed')
  await page.getByRole('textbox', { name: 'Filter by title' }).fill('Spark of Invention')
  await page.getByRole('textbox', { name: 'Filter by title' }).press('Enter')
  await deckRows(page).getByRole('link', { name: 'The Spark of Invention' }).click()
  await expect(page).toHaveURL(/\/decks\/\d+\/$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'The Spark of Invention' }),
  ).toBeVisible()
  await expect(page.getByText('Dice: 10 Artifice')).toBeAttached()

  const firstFive = page.getByRole('region', { name: 'First Five' })
  await expect(firstFive.getByRole('heading', { name: 'First Five' })).toBeVisible()
  await expect(firstFive.getByRole('link')).toHaveText([
    'Reconfigure',
    'Summon Spark Drone',
    'Summon Thunder Hulk',
    'Supercharge',
    'Systems Drafter',
  ])
  await firstFive.getByRole('link', { name: 'Summon Spark Drone' }).click()
  await expect(page).toHaveURL(/\/cards\/summon-spark-drone\/$/)
})

test('the release filter lists all 31 Reborn releases and narrows to the Ascendancy box', async ({
  page,
}) => {
  await page.goto('/cards/')
  await expect(page.getByText('526 cards')).toBeVisible()
  await page.getByRole('button', { name: 'Releases' }).click()
  const popup = page.getByRole('dialog', { name: 'Filter by release' })
  await expect(popup.getByRole('checkbox', { name: 'Master Set' })).toBeVisible()
  await expect(popup.getByRole('checkbox')).toHaveCount(31)
  await popup.getByRole('switch', { name: 'Show everything' }).uncheck()
  await popup.getByRole('checkbox', { name: 'Ascendancy Starter Kit' }).check()
  await popup.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText('26 cards')).toBeVisible()
  await expect(cardList(page).getByRole('link', { name: 'Barrier' })).toBeVisible()
  await expect(cardList(page).getByRole('link', { name: 'Absorption' })).toHaveCount(0)
})
