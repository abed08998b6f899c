import { expect, type Locator, type Page } from '@playwright/test'

// Measuring the page as it is drawn, for the layout journeys.

export type Box = { x: number; y: number; width: number; height: number }

export const header = (page: Page) => page.getByRole('navigation', { name: 'Site' })

export async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`${locator} has no box`)
  return found
}

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The deck in the builder, as a player opens it: its page, then Edit. */
export async function openInBuilder(page: Page, deckId: number) {
  await page.goto(`/decks/mine/${deckId}/`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Editing' })).toBeVisible()
}

/** Buttons, fields and switches a thumb has to hit, inside `scope`, that are on screen. */
export function touchTargets(scope: Locator) {
  return scope.evaluate((root) =>
    Array.from(
      root.querySelectorAll<HTMLElement>(
        'button, input:not([type="checkbox"]), select, [role="switch"]',
      ),
    )
      .filter((control) => control.getClientRects().length > 0)
      .map((control) => {
        const area = control.getBoundingClientRect()
        const name = control.getAttribute('aria-label') ?? control.textContent ?? ''
        return { name: name.trim().slice(0, 40), width: area.width, height: area.height }
      }),
  )
}
