import { expect, type Page, test } from '@playwright/test'
import { createPlayer, PASSWORD } from './fixtures.ts'

// Changing the password in the account settings, and a refused log-in said beside the form
// (issue 30).

const NEW_PASSWORD = 'a brand new passphrase'

const header = (page: Page) => page.getByRole('navigation', { name: 'Site' })

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('a player changes their password: errors beside the fields, other sessions end, this one stays', async ({
  browser,
  request,
}) => {
  // Two browsers and some thirty steps: on a busy 2-core machine this journey took 62 s once.
  test.setTimeout(120_000)
  const { email } = await createPlayer(request, 'Rekey')
  const here = await browser.newPage()
  const there = await browser.newPage()
  for (const page of [here, there]) {
    await page.goto('/log-in/')
    await logIn(page, email, PASSWORD)
    await expect(page.getByText('You are now logged in!')).toBeVisible()
  }

  await here.goto('/players/me/')
  const section = here.getByRole('region', { name: 'Change password' })
  await expect(section.getByRole('heading', { name: 'Change password' })).toBeVisible()
  const current = section.getByLabel('Current password')
  const fresh = section.getByLabel('New password', { exact: true })
  const confirm = section.getByLabel('Confirm new password')
  const change = section.getByRole('button', { name: 'Change password' })

  // Nothing typed: each field says so.
  await change.click()
  await expect(section.getByText('This field is required.')).toHaveCount(3)

  // Too short, then two new passwords that differ: said beside the field, nothing sent.
  await current.fill(PASSWORD)
  await fresh.fill('short')
  await confirm.fill('short')
  await change.click()
  await expect(fresh).toHaveAttribute('aria-invalid', 'true')
  await expect(section.getByText('Use at least 8 characters.')).toBeVisible()
  await fresh.fill(NEW_PASSWORD)
  await confirm.fill(`${NEW_PASSWORD}!`)
  await expect(section.getByText('Passwords do not match.')).toBeVisible()
  await change.click()
  await expect(confirm).toHaveAttribute('aria-invalid', 'true')

  // A wrong current password: the server's refusal, beside that field.
  await current.fill('not my password')
  await confirm.fill(NEW_PASSWORD)
  await change.click()
  await expect(section.getByText('Current password is invalid.')).toBeVisible()
  await expect(current).toHaveAttribute('aria-invalid', 'true')

  await current.fill(PASSWORD)
  await change.click()
  await expect(section.getByText('Your password has been changed!')).toBeVisible()
  await expect(current).toHaveValue('')
  await expect(fresh).toHaveValue('')

  // This tab is still logged in, after a reload too.
  await here.reload()
  await expect(here.getByRole('heading', { level: 1, name: /account settings/ })).toBeVisible()
  await expect(header(here).getByRole('link', { name: /^Rekey#\S+$/ })).toBeVisible()

  // The other browser's session has ended.
  await there.goto('/players/me/')
  const modal = there.getByRole('dialog', { name: 'Log in' })
  await expect(modal.getByText('Your session has expired. Please login to continue.')).toBeVisible()
  // The old password no longer opens the account; the new one does.
  await logIn(there, email, PASSWORD)
  await expect(modal.getByRole('alert')).toContainText('Incorrect username or password')
  await logIn(there, email, NEW_PASSWORD)
  await expect(modal).toBeHidden()
  await expect(there.getByLabel('Username')).toHaveValue('Rekey')
  await here.close()
  await there.close()
})

test('a wrong password is said beside the log-in form, on the page and in the modal', async ({
  page,
  request,
}) => {
  const { email } = await createPlayer(request, 'Forgetful')
  await page.goto('/log-in/')
  await logIn(page, email, 'not my password')
  const form = page.getByRole('main')
  await expect(form.getByRole('alert')).toHaveText('Incorrect username or password.')
  await logIn(page, email, PASSWORD)
  await expect(page.getByText('You are now logged in!')).toBeVisible()

  // The modal that asks again once the session has expired.
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('spellboard') ?? '{}').state.session.token as string,
  )
  await request.delete('/v2/token', { headers: { Authorization: `Bearer ${token}` } })
  await page.goto('/players/me/')
  const modal = page.getByRole('dialog', { name: 'Log in' })
  await logIn(page, email, 'still not my password')
  await expect(modal.getByRole('alert')).toHaveText('Incorrect username or password.')
  await logIn(page, email, PASSWORD)
  await expect(modal).toBeHidden()
  await expect(page.getByLabel('Username')).toHaveValue('Forgetful')
})
