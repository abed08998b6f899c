import { expect, type Page, test } from '@playwright/test'
import { bearer, createPlayer, logInQuickly } from './fixtures.ts'

// Logging out on a page that needs an account always lands on the home page (SPEC §2), never on
// the log-in page: the page's own calls, made again without the token, must not win the race.
// The journey is repeated on every login-only screen, before and after its data has arrived.

const header = (page: Page) => page.getByRole('navigation', { name: 'Site' })

test('logging out on a login-only page lands on the home page, 20 times out of 20', async ({
  page,
  request,
}) => {
  // Twenty rounds of log-in and log-out: about 1.5 min on a quiet machine, past 3 min on a busy one.
  test.setTimeout(300_000)
  const player = await createPlayer(request, 'Leaver')
  const saved = await request.put('/v2/decks', {
    headers: bearer(player),
    data: { title: 'Left behind', phoenixborn: 'sera-emberlock', cards: [] },
  })
  expect(saved.status()).toBe(200)
  const { id } = (await saved.json()) as { id: number }
  const pages = [
    '/decks/mine/',
    '/players/me/',
    `/decks/mine/${id}/`,
    `/decks/mine/${id}/history/`,
    '/decks/mine/red-rains/',
  ]

  // A slow network, so answers to calls made around the log-out arrive after it.
  await page.route('**/v2/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 200))
    await route.continue()
  })
  await page.goto('/')
  for (let round = 0; round < 20; round += 1) {
    const path = pages[round % pages.length] ?? '/decks/mine/'
    await logInQuickly(page, player)
    await page.goto(path)
    const logOut = header(page).getByRole('button', { name: 'Log out' })
    // Some rounds with a deck open in the builder, whose state goes with the session.
    if (round % 4 === 3) await header(page).getByRole('button', { name: /^New/ }).click()
    // Half the rounds leave as soon as the button is there, half once the page has its data.
    if (round % 2 === 1) await page.waitForLoadState('networkidle')
    await logOut.click()
    await expect(page, `round ${round + 1} from ${path}`).toHaveURL('/')
    // Calls still under way when the session ended must not move the player on afterwards.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(250)
    await expect(page, `round ${round + 1} from ${path}, a moment later`).toHaveURL('/')
    await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Build your/ })).toBeHidden()
  }
})
