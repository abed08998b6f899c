import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { ResetPasswordPage } from '../../routes/reset/reset-password-page.tsx'
import { FinalizeAccountPage } from '../../routes/sign-up/finalize-account-page.tsx'
import { useAppStore } from '../../store/app-store.ts'

const TOKEN = '0b8ef1ad-62d2-4bdc-a1d6-5b44c5d2fb4f'
const GONE = { status: 404, body: { detail: 'This link has expired or was already used.' } }

function renderAt(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/players/reset/:token/" element={<ResetPasswordPage />} />
      <Route path="/players/new/:token/" element={<FinalizeAccountPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { at: path },
  )
}

describe('a mailed link that no longer works', { timeout: 20_000 }, () => {
  beforeEach(() => useAppStore.getState().logOut())
  afterEach(() => vi.unstubAllGlobals())

  it('on the reset page: says it expired and sends a new one', async () => {
    const user = userEvent.setup({ delay: null })
    const api = fakeApi({
      [`GET /reset/${TOKEN}`]: [GONE],
      'POST /reset': [{ status: 200, body: { detail: 'Sent.' } }],
    })
    renderAt(`/players/reset/${TOKEN}/`)
    expect(await screen.findByText('This reset link has expired')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText(/A new link to reset your password/)).toBeInTheDocument()
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/reset',
      body: { email: 'ada@example.com' },
    })
  })

  it('on the reset page: a link that expires while the page is open says so too', async () => {
    const user = userEvent.setup({ delay: null })
    fakeApi({
      [`GET /reset/${TOKEN}`]: [{ status: 200, body: { detail: 'This reset link is valid.' } }],
      [`POST /reset/${TOKEN}`]: [GONE],
    })
    renderAt(`/players/reset/${TOKEN}/`)
    await user.type(screen.getByLabelText('New password'), 'secret-words')
    await user.type(screen.getByLabelText('Confirm new password'), 'secret-words')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('This reset link has expired')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument()
  })

  it('on the sign-up page: says the invitation expired and sends a new one', async () => {
    const user = userEvent.setup({ delay: null })
    const api = fakeApi({
      [`GET /players/new/${TOKEN}`]: [GONE],
      'POST /players/new': [{ status: 201, body: { detail: 'Sent.' } }],
    })
    renderAt(`/players/new/${TOKEN}/`)
    expect(await screen.findByText('This invitation link has expired')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText(/A new invitation is on its way/)).toBeInTheDocument()
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/players/new' })
  })
})
