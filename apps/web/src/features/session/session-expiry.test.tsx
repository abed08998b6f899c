import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_TOKEN, fakeApi, liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { type ApiError, api } from '../../api/client.ts'
import { useAppStore } from '../../store/app-store.ts'
import { onLogOut } from './log-out-hooks.ts'
import { LoginModalHost } from './login-modal-host.tsx'
import { useSessionWiring } from './session-wiring.ts'

/** A screen making one authenticated call, inside the app's session handling. */
function Harness() {
  useSessionWiring()
  const [result, setResult] = useState('')
  const load = () =>
    api<{ username: string }>('/players/me').then(
      (me) => setResult(`loaded ${me.username}`),
      (error: ApiError) => setResult(`failed ${error.status}`),
    )
  return (
    <>
      <button type="button" onClick={load}>
        Load
      </button>
      <p data-testid="result">{result}</p>
      <LoginModalHost />
    </>
  )
}

const EXPIRED_MESSAGE = 'Your session has expired. Please login to continue.'
const staleToken = liveToken('stale')

async function logInThroughModal(user: ReturnType<typeof userEvent.setup>) {
  const modal = await screen.findByRole('dialog', { name: 'Log in' })
  expect(within(modal).getByText(EXPIRED_MESSAGE)).toBeInTheDocument()
  await user.type(within(modal).getByLabelText('Email'), 'ada@example.com')
  await user.type(within(modal).getByLabelText('Password'), 'secret-words')
  await user.click(within(modal).getByRole('button', { name: 'Log in' }))
}

// Typing whole forms takes a while when the machine runs many suites at once.
describe('an expired session', { timeout: 20_000 }, () => {
  beforeEach(() => {
    useAppStore
      .getState()
      .logIn({ token: staleToken, username: 'Ada', badge: '1abc', isAdmin: false })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('asks the player to log in again, then retries the call once with the new token', async () => {
    const user = userEvent.setup({ delay: null })
    const server = fakeApi({
      'GET /players/me': [
        { status: 401, body: { detail: 'Expired' } },
        { status: 200, body: { username: 'Ada' } },
      ],
      'POST /token': [{ status: 200, body: AUTH_TOKEN }],
    })
    renderWithApp(<Harness />, { at: '/players/me/' })
    await user.click(screen.getByRole('button', { name: 'Load' }))
    await logInThroughModal(user)

    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('loaded Ada'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(
      server.calls.map(
        (call) => `${call.method} ${call.path} ${call.headers.get('Authorization')}`,
      ),
    ).toEqual([
      `GET /players/me Bearer ${staleToken}`,
      'POST /token null',
      'GET /players/me Bearer fresh-token',
    ])
    expect(useAppStore.getState().session?.token).toBe('fresh-token')
  })

  it('gives up after one retry', async () => {
    const user = userEvent.setup({ delay: null })
    const server = fakeApi({
      'GET /players/me': [
        { status: 401, body: { detail: 'Expired' } },
        { status: 401, body: { detail: 'Still no' } },
      ],
      'POST /token': [{ status: 200, body: AUTH_TOKEN }],
    })
    renderWithApp(<Harness />, { at: '/players/me/' })
    await user.click(screen.getByRole('button', { name: 'Load' }))
    await logInThroughModal(user)

    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('failed 401'))
    expect(server.calls.filter((call) => call.method === 'GET')).toHaveLength(2)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('logs the player out and sends them home when they close the modal', async () => {
    const user = userEvent.setup({ delay: null })
    const builderReset = vi.fn()
    const unregister = onLogOut(builderReset)
    fakeApi({ 'GET /players/me': [{ status: 401, body: { detail: 'Expired' } }] })
    renderWithApp(<Harness />, { at: '/players/me/' })
    await user.click(screen.getByRole('button', { name: 'Load' }))
    const modal = await screen.findByRole('dialog', { name: 'Log in' })
    await user.click(within(modal).getByRole('button', { name: 'Close' }))

    expect(await screen.findByText('You have been automatically logged out.')).toBeInTheDocument()
    expect(screen.getByTestId('result')).toHaveTextContent('failed 401')
    // The router applies navigations as transitions, so the address may follow the toast.
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/))
    expect(useAppStore.getState().session).toBeNull()
    expect(builderReset).toHaveBeenCalledOnce()
    unregister()
  })

  it('sends an anonymous visitor whose call needs an account to the log-in page', async () => {
    const user = userEvent.setup({ delay: null })
    useAppStore.getState().logOut()
    fakeApi({ 'GET /players/me': [{ status: 401, body: { detail: 'Not authenticated' } }] })
    renderWithApp(<Harness />, { at: '/players/me/' })
    await user.click(screen.getByRole('button', { name: 'Load' }))

    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/log-in/'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
