import { expect, test } from '@playwright/test'
import { createPlayer, logInQuickly, type Player, saveLegalDeck } from './fixtures.ts'
import { box, header, openInBuilder, overlaps } from './measure.ts'

// The site's frame where it used to go wrong: popups that opened off-screen, a header that
// wrapped, and toasts over the header.

let player: Player
let deckId: number

test.beforeAll(async ({ request }) => {
  // The longest name the site allows: nothing may wrap or overflow because of it.
  player = await createPlayer(request, 'A'.repeat(42))
  deckId = await saveLegalDeck(request, player, 'Frame check')
})

test.describe('the releases popup', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1366, height: 900 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    test(`opens inside the viewport with the builder open at ${viewport.width}×${viewport.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport)
      await logInQuickly(page, player)
      await openInBuilder(page, deckId)
      await page.goto('/cards/')
      if (viewport.width < 640) await page.getByRole('button', { name: 'Filters' }).click()
      await page.getByRole('button', { name: /^Releases/ }).click()
      const popup = page.getByRole('dialog', { name: 'Filter by release' })
      await expect(popup.getByRole('checkbox').first()).toBeVisible()
      const area = await box(popup)
      expect(area.x).toBeGreaterThanOrEqual(0)
      expect(area.y).toBeGreaterThanOrEqual(0)
      expect(area.x + area.width).toBeLessThanOrEqual(viewport.width)
      expect(area.y + area.height).toBeLessThanOrEqual(viewport.height)
      // Its last control can be reached inside the popup.
      await popup.getByRole('button', { name: 'Done' }).scrollIntoViewIfNeeded()
      await expect(popup.getByRole('button', { name: 'Done' })).toBeInViewport()
    })
  }
})

test.describe('the header at 1024 px', () => {
  test.use({ viewport: { width: 1024, height: 768 } })

  test('keeps one row: longest name, My decks, Log out and the builder button', async ({
    page,
  }) => {
    await logInQuickly(page, player)
    for (const path of ['/decks/red-rains/', '/cards/']) {
      await page.goto(path)
      const controls = header(page).locator('a, button')
      await expect(controls.first()).toBeVisible()
      if (path === '/decks/red-rains/') {
        await expect(header(page).getByRole('button', { name: 'New Red Rains deck' })).toBeVisible()
      } else {
        await header(page).getByRole('button', { name: 'New deck' }).click()
        await expect(header(page).getByRole('button', { name: 'Exit builder' })).toBeVisible()
      }
      const bar = await box(header(page))
      expect(bar.height).toBeLessThanOrEqual(64)
      const middles = []
      for (const control of await controls.all()) {
        const area = await box(control)
        middles.push(area.y + area.height / 2)
        expect(area.x + area.width).toBeLessThanOrEqual(1024)
      }
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(4)
    }
  })
})

test.describe('toasts', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
    { width: 390, height: 844 },
  ]) {
    test(`never cover the header's mark or controls at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await logInQuickly(page, player)
      for (const path of ['/', '/cards/']) {
        await page.goto(path)
        await header(page).getByRole('button', { name: 'Log out' }).click()
        const toast = page.getByText('You have logged out!')
        await expect(toast).toBeVisible()
        const toastBox = await box(toast.locator('xpath=ancestor::li[1]'))
        for (const control of await header(page).locator('a, button').all()) {
          expect(overlaps(toastBox, await box(control)), `${await control.textContent()}`).toBe(
            false,
          )
        }
        await logInQuickly(page, player)
      }
    })
  }
})
