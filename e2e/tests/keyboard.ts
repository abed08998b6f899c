import { type ElementHandle, expect, type Locator, type Page } from '@playwright/test'
import { PASSWORD, type Player } from './fixtures.ts'

// Keyboard journeys' helpers: Tab through a page checking every stop shows where the focus is.

type FocusState = { label: string; ring: boolean; onTarget: boolean; targetAttached: boolean }

/**
 * The focused element's description, whether it shows a focus indicator, and whether it is
 * `target` (one round trip to the page, as tabbing through a long listing takes hundreds).
 */
export function focusState(page: Page, target?: ElementHandle<Node> | null): Promise<FocusState> {
  return page.evaluate((goal) => {
    const element = document.activeElement as HTMLElement | null
    const onTarget = goal != null && element === goal
    const targetAttached = goal?.isConnected ?? false
    if (!element || element === document.body) {
      return { label: 'body', ring: false, onTarget, targetAttached }
    }
    const outlined = (candidate: Element) => {
      const style = getComputedStyle(candidate)
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    }
    // A field may draw the ring on its frame instead (:focus-within).
    let frame = element.parentElement
    let framed = false
    for (let level = 0; frame && level < 2; level += 1, frame = frame.parentElement) {
      framed ||= outlined(frame)
    }
    const label = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
    return {
      label,
      ring: outlined(element) || getComputedStyle(element).boxShadow !== 'none' || framed,
      onTarget,
      targetAttached,
    }
  }, target ?? null)
}

export async function expectFocusRing(page: Page) {
  const state = await focusState(page)
  expect(state.ring, `focus indicator on ${state.label}`).toBe(true)
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, checking that every stop on the
 * way shows a focus indicator. Past the last control, Tab leaves the page (the browser's own
 * controls) before wrapping: focus on the body needs no indicator.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 200, mayVanish = false } = {},
) {
  await expect(target).toBeAttached()
  let handle = await target.elementHandle()
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const state = await focusState(page, handle)
    if (state.label !== 'body') expect(state.ring, `focus indicator on ${state.label}`).toBe(true)
    if (state.onTarget) return
    if (!state.targetAttached) {
      // Re-rendered or gone: find it again.
      if ((await target.count()) === 0) {
        if (mayVanish) return
        throw new Error(`${target} went away while tabbing to it`)
      }
      handle = await target.elementHandle()
      if (await isFocused(target)) return
    }
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`)
}

export const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement)

export async function logInByKeyboard(page: Page, player: Player) {
  await page.goto('/log-in/')
  // The log-in page starts in the e-mail field.
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.keyboard.type(player.email)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page.getByText('You are now logged in!')).toBeVisible()
}

export const header = (page: Page) => page.getByRole('navigation', { name: 'Site' })
export const cardRows = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Cards' })
