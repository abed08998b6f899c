import { expect, type Page, test } from '@playwright/test'

// The search language in the card browser, on the demo set the site starts with: terms typed in
// the search box filter the cards, light the chips, and chip clicks edit the text (issue 22).

const cardList = (page: Page) => page.getByRole('list', { name: 'Cards' })
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Filter by name or text' })
/** The cards listed, by name (each row also links its conjurations). */
const cardNames = (page: Page) => cardList(page).getByRole('link', { name: /^(?!Conjuration: )/ })
const chip = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

test('typed terms filter, light their chips, and chip clicks edit the text', async ({ page }) => {
  await page.goto('/cards/')
  await expect(cardList(page).getByRole('link', { name: 'Bark Skin' })).toBeVisible()

  await searchBox(page).fill('type:ally d:charm')
  await searchBox(page).press('Enter')
  await expect(page).toHaveURL(/\/cards\/\?q=type%3Aally\+d%3Acharm$/)
  await expect(cardNames(page)).toHaveText(['Charmed Guardian'])
  await expect(chip(page, 'Ally')).toHaveAttribute('aria-pressed', 'true')
  await expect(chip(page, 'Charm magic')).toHaveAttribute('aria-pressed', 'true')
  await expect(chip(page, 'Action Spell')).toHaveAttribute('aria-pressed', 'false')

  await chip(page, 'Action Spell').click()
  await expect(searchBox(page)).toHaveValue('type:ally or type:actionspell dice:charm')
  await expect(page).toHaveURL(/q=type%3Aally\+or\+type%3Aactionspell\+dice%3Acharm$/)
  await expect(cardNames(page)).toHaveText(['Charmed Guardian', 'Gentle Word'])

  await chip(page, 'Charm magic').click()
  await expect(searchBox(page)).toHaveValue('type:ally or type:actionspell')
  await expect(chip(page, 'Charm magic')).toHaveAttribute('aria-pressed', 'false')
  await expect(page).toHaveURL(/q=type%3Aally\+or\+type%3Aactionspell$/)

  await page.goBack()
  await expect(searchBox(page)).toHaveValue('type:ally or type:actionspell dice:charm')
  await expect(cardNames(page)).toHaveText(['Charmed Guardian', 'Gentle Word'])
})

test('negation, cost and free text combine; a bad term is named', async ({ page }) => {
  await page.goto(`/cards/?q=${encodeURIComponent('type:ally -d:charm cost>=3')}`)
  await expect(cardNames(page)).toHaveText(['Thornwall Bear'])

  await page.goto(`/cards/?q=${encodeURIComponent('shade -type:conj')}`)
  await expect(cardNames(page)).toHaveText(['Summon Shade Weaver'])

  await searchBox(page).fill('summon cost<=x')
  await searchBox(page).press('Enter')
  await expect(page.getByRole('alert')).toContainText(
    "Search term 'cost<=x' needs a whole number of dice",
  )
  await expect(cardList(page)).toHaveCount(0)
  await expect(page.getByText(/Failed to fetch card listing/)).toHaveCount(0)
})

test('the search help lists the terms; Escape closes it and focus returns', async ({ page }) => {
  await page.goto('/cards/')
  const help = page.getByRole('button', { name: 'Search help' })
  await help.click()
  const dialog = page.getByRole('dialog', { name: 'Search terms' })
  await expect(dialog).toBeVisible()
  for (const example of [
    'type:ally',
    'dice:charm',
    'release:master-set',
    'cost<=2',
    '-type:ally',
  ]) {
    await expect(dialog.getByText(example, { exact: true })).toBeVisible()
  }
  const box = await dialog.boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport && box.x + box.width <= viewport.width).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(help).toBeFocused()
})

test('typing narrows the list at once, to what the search then finds', async ({ page }) => {
  await page.goto('/cards/')
  await expect(cardList(page).getByRole('link', { name: 'Bark Skin' })).toBeVisible()
  const before = await cardNames(page).count()
  await searchBox(page).pressSequentially('ember')
  // Well within the 1250 ms pause: narrowed on the page, the address as it was.
  await expect(cardList(page).getByRole('link', { name: 'Bark Skin' })).toHaveCount(0, {
    timeout: 600,
  })
  expect(new URL(page.url()).search).toBe('')
  const narrowed = await cardNames(page).allTextContents()
  expect(narrowed.length).toBeGreaterThan(0)
  expect(narrowed.length).toBeLessThan(before)
  expect(narrowed).toContain('Last Ember')
  // After the pause the address and the API's answer: the same cards.
  await expect(page).toHaveURL(/\/cards\/\?q=ember$/)
  await expect(cardList(page)).not.toHaveAttribute('aria-busy', 'true')
  await expect(cardNames(page)).toHaveText(narrowed)
})

test('keys typed while the list reloads are kept: a pause mid-word loses nothing', async ({
  page,
}) => {
  await page.goto('/cards/')
  await expect(cardList(page).getByRole('link', { name: 'Bark Skin' })).toBeVisible()
  // The answer for the half-typed word is held back, as on a slow connection, until released.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => url.pathname === '/v2/cards' && url.searchParams.get('q') === 'ba',
    async (route) => {
      await held
      await route.continue()
    },
  )
  await searchBox(page).pressSequentially('ba')
  // The pause applies 'ba', and the box is disabled while its list loads: typed on at once, the
  // rest of the word and Enter are kept, not lost with the focus.
  await expect(searchBox(page)).toBeDisabled()
  await expect(searchBox(page)).toBeFocused()
  await page.keyboard.type('rk')
  await page.keyboard.press('Enter')
  release()
  await expect(searchBox(page)).toBeEnabled()
  await expect(searchBox(page)).toHaveValue('bark')
  await expect(searchBox(page)).toBeFocused()
  await expect(page).toHaveURL(/\/cards\/\?q=bark$/)
  await expect(cardNames(page)).toHaveText(['Bark Skin'])
})
