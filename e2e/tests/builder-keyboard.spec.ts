import { expect, test } from '@playwright/test'
import { createPlayer } from './fixtures.ts'
import { cardRows, header, isFocused, logInByKeyboard, tabTo } from './keyboard.ts'

// The deck builder by keyboard only, at desktop width and as a drawer: every control on the way
// is reachable and shows where the focus is. (Its own file, so it starts early beside the other
// long journeys when the tests run on two workers.)

test.describe('the deck builder', () => {
  test.describe.configure({ timeout: 300_000 })

  test('new deck, Phoenixborn, dice, cards and title, all from the keyboard', async ({
    page,
    request,
  }) => {
    const player = await createPlayer(request, 'Keyboard Builder')
    await logInByKeyboard(page, player)
    await page.goto('/cards/')
    await expect(cardRows(page).getByRole('listitem').first()).toBeVisible()

    await tabTo(page, header(page).getByRole('button', { name: 'New deck' }))
    await page.keyboard.press('Enter')
    const pane = page.getByRole('complementary', { name: /Build your deck/ })
    await expect(pane.getByRole('heading', { name: 'Build your deck' })).toBeVisible()

    // The builder follows the whole card listing in tab order: its skip link leads there.
    const skipToBuilder = page.getByRole('link', { name: 'Skip to deck builder' })
    await tabTo(page, skipToBuilder, { back: true })
    await page.keyboard.press('Enter')
    await expect(pane.getByRole('heading', { name: 'Build your deck' })).toBeFocused()
    await tabTo(page, pane.getByRole('button', { name: /Sera Emberlock/ }))
    await page.keyboard.press('Enter')
    await expect(pane.getByRole('heading', { name: 'Sera Emberlock' })).toBeVisible()
    await expect(pane.getByText('Deck is saved!')).toBeVisible({ timeout: 20_000 })

    // Dice: Enter on a + button, then the arrow keys in a number field.
    const addCeremonial = pane.getByRole('button', { name: 'Add a Ceremonial die' })
    await tabTo(page, addCeremonial)
    for (let die = 0; die < 5; die += 1) {
      await expect(addCeremonial).toBeEnabled({ timeout: 20_000 })
      await page.keyboard.press('Enter')
    }
    const charm = pane.getByRole('spinbutton', { name: 'Charm' })
    await tabTo(page, charm)
    for (let die = 0; die < 5; die += 1) await page.keyboard.press('ArrowUp')
    await expect(charm).toHaveValue('5')
    await expect(pane.getByText('10/10')).toBeVisible()

    // Cards: three copies of the first card the browser lists, by Enter on its '3'.
    const three = cardRows(page)
      .getByRole('group', { name: /^Copies of / })
      .first()
      .getByRole('button', { name: '3', exact: true })
    await tabTo(page, three, { back: true, max: 400 })
    await page.keyboard.press('Enter')
    await expect(three).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 })
    await expect(pane.getByText('3/30')).toBeVisible()

    const title = pane.getByRole('textbox', { name: 'Deck title' })
    await tabTo(page, title, { max: 400 })
    await page.keyboard.type('Typed Without a Mouse')
    await page.keyboard.press('Enter')
    await expect(pane.getByText('Deck is saved!')).toBeVisible({ timeout: 20_000 })
    await expect(title).toHaveValue('Typed Without a Mouse')

    // Below extra-large widths the pane is a drawer: it takes focus, keeps it, and Escape closes.
    await page.setViewportSize({ width: 900, height: 900 })
    const toggle = page.getByRole('button', { name: 'Toggle pane' })
    await tabTo(page, skipToBuilder, { back: true, max: 400 })
    await page.keyboard.press('Enter')
    await expect(toggle).toBeFocused()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: /Build your deck/ })
    await expect(drawer).toBeVisible()
    for (let press = 0; press < 40; press += 1) {
      await page.keyboard.press('Tab')
      const inDrawer = await page.evaluate(
        () =>
          Boolean(document.activeElement?.closest('#builder-drawer')) ||
          document.activeElement?.textContent?.includes('Toggle pane') === true,
      )
      expect(inDrawer, `Tab ${press + 1} stays in the drawer`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    expect(await isFocused(toggle)).toBe(true)
  })
})
