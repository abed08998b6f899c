import { expect, test } from '@playwright/test'

test('an unknown address shows the Not Found screen', async ({ page }) => {
  await page.goto('/nonexistent/')
  await expect(page.getByRole('heading', { name: 'No page found' })).toBeVisible()
  await expect(
    page.getByText('Sorry, there does not appear to be anything at this URL!'),
  ).toBeVisible()
  await expect(page).toHaveTitle('Spellboard')
})

test('the header links to decks and cards, and titles follow the route', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Site' })
  await nav.getByRole('link', { name: 'Cards' }).click()
  await expect(page).toHaveURL(/\/cards\/$/)
  await expect(page).toHaveTitle('Browse cards - Spellboard')
  await nav.getByRole('link', { name: 'Decks' }).click()
  await expect(page).toHaveURL(/\/decks\/$/)
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible()
})

test('a login-only page sends an anonymous visitor to log in', async ({ page }) => {
  await page.goto('/decks/mine/')
  await expect(page).toHaveURL(/\/log-in\/$/)
})

test('the footer names the publisher with the current year', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('contentinfo')).toContainText(
    `© ${new Date().getFullYear()} Plaid Hat Games`,
  )
})

test('the footer links to the source code and switches the theme, kept across visits', async ({
  page,
}) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByRole('link', { name: 'Web app source' })).toHaveAttribute(
    'href',
    /^https:\/\//,
  )
  await expect(footer.getByRole('link', { name: 'API source' })).toHaveAttribute(
    'href',
    /^https:\/\//,
  )
  await footer.getByRole('radio', { name: 'Dark' }).check()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await page.getByRole('radio', { name: 'System' }).check()
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/)
})

test('the home page tells the story, offers the rules and shows every die', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Spellboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Spellboard' })).toBeVisible()
  // This site shows the demo set: the home page says so, with the command for the real cards.
  const notice = page.getByRole('status').filter({ hasText: 'These are demo cards' })
  await expect(notice).toContainText('These are demo cards, not the real game.')
  await expect(notice.locator('code')).toHaveText('npm run import -- --from https://api.ashes.live')
  await expect(page.getByRole('heading', { name: 'The game and its editions' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ashes Reborn rulebook' }).first()).toHaveAttribute(
    'href',
    /\.pdf$/,
  )
  for (const die of ['ceremonial', 'charm', 'illusion', 'natural', 'divine', 'sympathy', 'time']) {
    await expect(page.getByRole('img', { name: `${die} die` })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Legacy resources' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'New to Ashes?' })).toBeVisible()
})

test('static pages have their titles, and the policies have anchors to link to', async ({
  page,
}) => {
  await page.goto('/phoenix/')
  await expect(page).toHaveTitle('Project Phoenix - Spellboard')
  await page.goto('/policies/#comments')
  await expect(page).toHaveTitle('Content policies - Spellboard')
  await expect(page.locator('#comments')).toBeInViewport()
})

test('the skip link jumps to the content, and a phone gets no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})
