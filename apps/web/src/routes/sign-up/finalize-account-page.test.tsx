import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_TOKEN, fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { FinalizeAccountPage } from './finalize-account-page.tsx'

const TOKEN = '0b8ef1ad-62d2-4bdc-a1d6-5b44c5d2fb4f'

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/players/new/:token/" element={<FinalizeAccountPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { at: `/players/new/${TOKEN}/` },
  )
}

const createButton = () => screen.getByRole('button', { name: 'Create account' })
const confirmField = () => screen.getByLabelText('Confirm password')

async function fillIn(user: ReturnType<typeof userEvent.setup>, confirm: string) {
  await user.type(screen.getByLabelText('Username'), 'Ada')
  await user.type(screen.getByLabelText('Password'), 'secret-words')
  await user.type(confirmField(), confirm)
}

// Typing whole forms takes a while when the machine runs many suites at once.
describe('FinalizeAccountPage', { timeout: 20_000 }, () => {
  beforeEach(() => useAppStore.getState().logOut())
  afterEach(() => vi.unstubAllGlobals())

  it('marks the confirmation invalid while it differs and keeps the button disabled', async () => {
    const user = userEvent.setup({ delay: null })
    renderPage()
    expect(createButton()).toBeDisabled()
    await fillIn(user, 'secret-wordz')
    expect(confirmField()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument()
    expect(createButton()).toBeDisabled()

    await user.clear(confirmField())
    await user.type(confirmField(), 'secret-words')
    expect(confirmField()).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Passwords do not match.')).toBeNull()
    expect(createButton()).toBeEnabled()
  })

  it('creates the account, logs in and goes to my decks', async () => {
    const user = userEvent.setup({ delay: null })
    const api = fakeApi({ [`POST /players/new/${TOKEN}`]: [{ status: 201, body: AUTH_TOKEN }] })
    renderPage()
    await fillIn(user, 'secret-words')
    await user.click(screen.getByLabelText('Notify me of new site features'))
    await user.click(createButton())

    expect(await screen.findByText('Welcome to the site, Ada!')).toBeInTheDocument()
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'Ada',
      password: 'secret-words',
      password_confirm: 'secret-words',
      newsletter_opt_in: true,
    })
    await waitFor(() =>
      expect(screen.getByTestId('current-path')).toHaveTextContent('/decks/mine/'),
    )
    expect(useAppStore.getState().session?.badge).toBe('1abc')
  })

  it('explains a used or unknown invitation', async () => {
    const user = userEvent.setup({ delay: null })
    fakeApi({ [`POST /players/new/${TOKEN}`]: [{ status: 404, body: { detail: 'Not Found' } }] })
    renderPage()
    await fillIn(user, 'secret-words')
    await user.click(createButton())

    expect(
      await screen.findByText(
        'This invitation token has already been used or is otherwise invalid.',
      ),
    ).toBeInTheDocument()
    expect(useAppStore.getState().session).toBeNull()
  })
})
