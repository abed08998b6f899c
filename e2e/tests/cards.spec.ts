import { expect, type Page, test } from '@playwright/test'

// Journeys through the card browser and card pages on the demo data the site starts with
// (61 Reborn cards, so the listing has a second page; a handful of Legacy cards).

const cardList = (page: Page) => page.getByRole('list', { name: 'Cards' })
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Filter by name or text' })

test('filter by text and dice: the URL follows and Back restores each step', async ({ page }) => {
  await page.goto('/cards/')
  await expect(page).toHaveTitle('Browse cards - Spellboard')
  await expect(searchBox(page)).toHaveAttribute('placeholder', 'Filter by name or text...')
  await expect(cardList(page).getByRole('link', { name: 'Bark Skin' })).toBeVisible()

  await searchBox(page).fill('  shade ')
  await expect(page).toHaveURL(/\/cards\/\?q=shade$/)
  await expect(cardList(page).getByRole('link', { name: 'Summon Shade Weaver' })).toBeVisible()
  await expect(cardList(page).getByRole('link', { name: 'Bark Skin' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Illusion magic' }).click()
  await expect(page).toHaveURL(/\/cards\/\?q=shade&dice=illusion$/)
  await page.getByRole('button', { name: 'Only use the selected magic types' }).click()
  await expect(page).toHaveURL(/\/cards\/\?q=shade&dice=illusion&dice_logic=includes$/)
  await expect(page.getByRole('button', { name: 'Basic magic' })).toBeDisabled()

  await page.goBack()
  await expect(page).toHaveURL(/\/cards\/\?q=shade&dice=illusion$/)
  await expect(page.getByRole('button', { name: /^Only use/ })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/cards\/\?q=shade$/)
  await expect(page.getByRole('button', { name: 'Illusion magic' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await page.goBack()
  await expect(page).toHaveURL(/\/cards\/$/)
  await expect(searchBox(page)).toHaveValue('')
  await expect(cardList(page).getByRole('link', { name: 'Bark Skin' })).toBeVisible()
})

test('nothing found offers to clear the filters', async ({ page }) => {
  await page.goto('/cards/?q=zzzzzz&types=phoenixborn&sort=cost')
  await expect(page.getByRole('heading', { name: 'No cards found' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).toHaveURL(/\/cards\/\?sort=cost$/)
  await expect(cardList(page).getByRole('listitem').first()).toBeVisible()
})

test('a listing the API rejects says so', async ({ page }) => {
  await page.goto('/cards/?dice=plasma')
  await expect(page.getByText('Failed to fetch card listing (validation failure)!')).toBeVisible()
})

test('the next page loads with the button and when scrolled near', async ({ page }) => {
  await page.goto('/cards/')
  const rows = cardList(page).getByRole('listitem')
  await expect(rows).toHaveCount(50)
  await page.getByRole('button', { name: 'Load more cards...' }).scrollIntoViewIfNeeded()
  await expect(rows).toHaveCount(61)
  await expect(page.getByRole('button', { name: 'Load more cards...' })).toHaveCount(0)
})

test('hovering a card previews it; clicking opens its page', async ({ page }) => {
  await page.goto('/cards/')
  const link = cardList(page).getByRole('link', { name: 'Bark Skin' })
  await link.hover()
  const preview = page.getByRole('tooltip', { name: 'Bark Skin' })
  await expect(preview).toContainText('Hardened:')
  await page.mouse.move(0, 0)
  await expect(preview).toHaveCount(0)

  await link.click()
  await expect(page).toHaveURL(/\/cards\/bark-skin\/$/)
  await expect(page).toHaveTitle('Bark Skin - Spellboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Bark Skin' })).toBeVisible()
  const image = page.getByRole('img', { name: 'Bark Skin' })
  await expect(image).toHaveAttribute('width', '300')
  await expect(image).toHaveAttribute('height', '420')
  await expect(page.getByText(/users? (has|have) this card in \d+ decks?/)).toBeVisible()
})

test('card text links to other cards with a preview', async ({ page }) => {
  await page.goto('/cards/summon-shade-weaver/')
  const text = page.getByRole('region', { name: 'Card text' })
  await expect(text.getByRole('img', { name: 'Main action' }).first()).toBeVisible()
  await text.getByRole('link', { name: 'Shade Weaver' }).hover()
  await expect(page.getByRole('tooltip', { name: 'Shade Weaver' })).toBeVisible()
  await text.getByRole('link', { name: 'Shade Weaver' }).click()
  await expect(page).toHaveURL(/\/cards\/shade-weaver\/$/)
  await expect(page.getByRole('heading', { name: 'Related cards' })).toBeVisible()
})

test('Legacy cards have their own listing and pages', async ({ page }) => {
  await page.goto('/cards/')
  await page.getByRole('link', { name: 'Browse Legacy cards' }).click()
  await expect(page).toHaveURL(/\/cards\/legacy\/$/)
  await expect(page).toHaveTitle('Browse legacy cards - Spellboard')
  await expect(page.getByText(/dagger \(†\) are fan-made/)).toBeVisible()
  await expect(page.getByRole('button', { name: /Binder/ })).toHaveCount(0)

  const link = cardList(page).getByRole('link', { name: 'Ashen Rite' })
  await link.hover()
  const preview = page.getByRole('tooltip').getByRole('img', { name: 'Ashen Rite' })
  await expect(preview).toHaveAttribute('width', '299')
  await expect(preview).toHaveAttribute('height', '418')

  await link.click()
  await expect(page).toHaveURL(/\/cards\/legacy\/ashen-rite\/$/)
  const image = page.getByRole('main').getByRole('img', { name: 'Ashen Rite' })
  await expect(image).toHaveAttribute('width', '332')
  await expect(image).toHaveAttribute('height', '452')
})

test('an unknown card says so and offers the other edition', async ({ page }) => {
  await page.goto('/cards/not-a-card/')
  await expect(page.getByRole('heading', { name: 'No card found' })).toBeVisible()
  await expect(page.getByText('Sorry, this does not appear to be a valid card!')).toBeVisible()
  await page.getByRole('link', { name: 'Try the Legacy version.' }).click()
  await expect(page).toHaveURL(/\/cards\/legacy\/not-a-card\/$/)
  await expect(page.getByRole('link', { name: 'Try the Ashes Reborn version.' })).toBeVisible()
})
