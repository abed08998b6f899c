import { expect, type Page, test } from '@playwright/test'
import { createPlayer, mailLink, PASSWORD } from './fixtures.ts'

let counter = 0
/** A fresh address per test, so tests never see each other's accounts or mails. */
function newEmail(): string {
  counter += 1
  return `player-${Date.now()}-${counter}@example.com`
}

async function logIn(page: Page, email: string, { remember = false } = {}) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  if (remember) await page.getByLabel('Remember me (1 year)').check()
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('You are now logged in!')).toBeVisible()
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Site' })

test('a visitor signs up from the mailed link, finalizes the account and logs out', async ({
  page,
}) => {
  const email = newEmail()
  await page.goto('/')
  await header(page).getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/players\/new\/$/)
  await expect(page).toHaveTitle('Sign up - Spellboard')
  const send = page.getByRole('button', { name: 'Create account' })
  await expect(send).toBeDisabled()
  await page.getByLabel('Email').fill(email)
  await send.click()
  await expect(
    page.getByText(
      'Your account invitation has been sent! Please follow the instructions in your email to finalize your account.',
    ),
  ).toBeVisible()
  await expect(page).toHaveURL('/')

  await page.goto(await mailLink(email))
  await expect(page.getByText(/kid-friendly/).first()).toBeVisible()
  await page.getByLabel('Username').fill('Tester')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(`${PASSWORD}!`)
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true')
  const create = page.getByRole('button', { name: 'Create account' })
  await expect(create).toBeDisabled()
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await create.click()

  await expect(page.getByText('Welcome to the site, Tester!')).toBeVisible()
  await expect(page).toHaveURL(/\/decks\/mine\/$/)
  await expect(header(page).getByRole('link', { name: /^Tester#\S+$/ })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'My decks' })).toBeVisible()

  await header(page).getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByText('You have logged out!')).toBeVisible()
  await expect(page).toHaveURL('/')
  await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible()

  // The invitation was used up.
  await page.goto(await mailLink(email))
  await page.getByLabel('Username').fill('Tester')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByText('This invitation token has already been used or is otherwise invalid.'),
  ).toBeVisible()
})

test('a login-only page asks for an account, and Remember me keeps it for a year', async ({
  page,
  request,
}) => {
  const { email } = await createPlayer(request, 'Rememberer')
  await page.goto('/players/me/')
  await expect(page).toHaveURL(/\/log-in\/$/)
  await expect(
    page.getByText('This page requires an account; please log in to continue...'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled()
  await logIn(page, email, { remember: true })

  await expect(page).toHaveURL(/\/players\/me\/$/)
  await expect(page.getByLabel('Username')).toHaveValue('Rememberer')
  const expiresInDays = await page.evaluate(() => {
    const token = JSON.parse(localStorage.getItem('spellboard') ?? '{}').state.session.token
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))
    return (payload.exp * 1000 - Date.now()) / 86_400_000
  })
  expect(expiresInDays).toBeGreaterThan(360)

  // Logged in, the log-in page sends the player on.
  await page.goto('/log-in/')
  await expect(page).toHaveURL('/')
})

test('an expired session asks to log in again and retries the call', async ({ page, request }) => {
  const { email } = await createPlayer(request, 'Expiring')
  await page.goto('/log-in/')
  await logIn(page, email)
  await expect(page).toHaveURL('/')

  // The token stops working on the server (as after expiry) while the browser still holds it.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('spellboard') ?? '{}').state.session.token as string,
  )
  const revoked = await request.delete('/v2/token', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(revoked.status()).toBe(200)

  await header(page)
    .getByRole('link', { name: /^Expiring#\S+$/ })
    .click()
  const modal = page.getByRole('dialog', { name: 'Log in' })
  await expect(modal.getByText('Your session has expired. Please login to continue.')).toBeVisible()
  await modal.getByLabel('Email').fill(email)
  await modal.getByLabel('Password').fill(PASSWORD)
  await modal.getByRole('button', { name: 'Log in' }).click()
  await expect(modal).toBeHidden()
  await expect(page.getByLabel('Username')).toHaveValue('Expiring')

  // Revoked again, and this time the player closes the modal: logged out, sent home.
  const second = await page.evaluate(
    () => JSON.parse(localStorage.getItem('spellboard') ?? '{}').state.session.token as string,
  )
  await request.delete('/v2/token', { headers: { Authorization: `Bearer ${second}` } })
  await page.reload()
  await expect(modal).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByText('You have been automatically logged out.')).toBeVisible()
  await expect(page).toHaveURL('/')
  await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible()

  // A page whose call the entry script starts (a card's) still asks, and retries it.
  await page.goto('/log-in/')
  await logIn(page, email)
  const third = await page.evaluate(
    () => JSON.parse(localStorage.getItem('spellboard') ?? '{}').state.session.token as string,
  )
  await request.delete('/v2/token', { headers: { Authorization: `Bearer ${third}` } })
  await page.goto('/cards/bark-skin/')
  await modal.getByLabel('Email').fill(email)
  await modal.getByLabel('Password').fill(PASSWORD)
  await modal.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bark Skin' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: /^Expiring#\S+$/ })).toBeVisible()
})

test('a forgotten password is reset from the mailed link', async ({ page, request }) => {
  const { email } = await createPlayer(request, 'Forgetful')
  await page.goto('/log-in/')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/players\/reset\/$/)
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveCount(0)

  await page.getByLabel('Email').fill(newEmail())
  await page.getByRole('button', { name: 'Request password reset' }).click()
  await expect(
    page.getByText('This email has not been registered yet! Please sign up to continue.'),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/players\/new\/$/)

  await page.goto('/players/reset/')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Request password reset' }).click()
  await expect(
    page.getByText('Your password request has been sent! Please check your email.'),
  ).toBeVisible()

  await page.goto(await mailLink(email))
  const change = page.getByRole('button', { name: 'Change password' })
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret')
  await expect(change).toBeDisabled()
  await page.getByLabel('Confirm new password').fill('a brand new secret')
  await change.click()
  await expect(
    page.getByText('You have successfully changed your password and logged in!'),
  ).toBeVisible()
  await expect(header(page).getByRole('link', { name: /^Forgetful#\S+$/ })).toBeVisible()

  // Logged in, the reset pages lead to the account settings.
  await page.goto('/players/reset/')
  await expect(page).toHaveURL(/\/players\/me\/$/)

  await header(page).getByRole('button', { name: 'Log out' }).click()
  await page.goto('/log-in/')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('a brand new secret')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('You are now logged in!')).toBeVisible()
})

test('account settings are saved and show on the public profile', async ({ page, request }) => {
  const { email, badge } = await createPlayer(request, 'Settler')
  await page.goto('/log-in/')
  await logIn(page, email)
  await header(page)
    .getByRole('link', { name: /^Settler#\S+$/ })
    .click()
  await expect(page).toHaveURL(/\/players\/me\/$/)
  await expect(page).toHaveTitle('Account settings - Spellboard')

  await page.getByLabel('Username').fill('Settled')
  await page.getByLabel('Description').fill('Plays charm and illusion.')
  await page.getByLabel('Email me subscription notifications').check()
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText('Account settings saved!')).toBeVisible()
  await expect(header(page).getByRole('link', { name: `Settled#${badge}` })).toBeVisible()

  await page.reload()
  await expect(page.getByLabel('Email me subscription notifications')).toBeChecked()

  await page.getByRole('link', { name: 'Public profile' }).click()
  // Badges may hold characters that mean something in a pattern (`*`, `+`): compare the path.
  await expect(page).toHaveURL((url) => url.pathname === `/players/${encodeURIComponent(badge)}/`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Settled#${badge}`)
  await expect(page).toHaveTitle(`Settled#${badge} - Spellboard`)
  await expect(page.getByText('Plays charm and illusion.')).toBeVisible()

  await page.goto('/players/no-such-badge/')
  await expect(page.getByRole('heading', { name: 'No player found' })).toBeVisible()
  await expect(page.getByText('Sorry, this does not appear to be a valid player!')).toBeVisible()
})

test('a reset or invitation link that no longer works says so and mails a new one', async ({
  page,
  request,
}) => {
  const { email } = await createPlayer(request, 'Latecomer')
  // Unknown, used and expired links look the same to the site.
  await page.goto('/players/reset/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a/')
  await expect(page.getByText('This reset link has expired')).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send a new link' }).click()
  await expect(page.getByText(/A new link to reset your password is on its way/)).toBeVisible()
  await page.goto(await mailLink(email))
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible()
  await expect(page.getByText('This reset link has expired')).toHaveCount(0)

  const invitee = newEmail()
  await page.goto('/players/new/0d4c7f3e-1f7e-4c55-9a55-4c1b2b0f3e2a/')
  await expect(page.getByText('This invitation link has expired')).toBeVisible()
  await page.getByLabel('Email').fill(invitee)
  await page.getByRole('button', { name: 'Send a new link' }).click()
  await expect(page.getByText(/A new invitation is on its way/)).toBeVisible()
  await page.goto(await mailLink(invitee))
  await expect(page.getByLabel('Username')).toBeVisible()
  await expect(page.getByText('This invitation link has expired')).toHaveCount(0)
})

test('"Log out everywhere" ends the sessions of every browser', async ({ browser, request }) => {
  const { email } = await createPlayer(request, 'Roamer')
  const here = await browser.newPage()
  const there = await browser.newPage()
  for (const page of [here, there]) {
    await page.goto('/log-in/')
    await logIn(page, email)
  }
  await here.goto('/players/me/')
  await here.getByRole('button', { name: 'Log out everywhere' }).click()
  await expect(here.getByText('You have been logged out everywhere.')).toBeVisible()
  await expect(here).toHaveURL('/')
  await expect(header(here).getByRole('link', { name: 'Log in' })).toBeVisible()

  // The other browser still holds its token, which the site now refuses.
  await there.goto('/players/me/')
  const modal = there.getByRole('dialog', { name: 'Log in' })
  await expect(modal.getByText('Your session has expired. Please login to continue.')).toBeVisible()
  await here.close()
  await there.close()
})
