import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_TOKEN, fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { LogInForm } from './log-in-form.tsx'

const logInButton = () => screen.getByRole('button', { name: 'Log in' })

// Typing whole forms takes a while when the machine runs many suites at once.
describe('LogInForm', { timeout: 20_000 }, () => {
  beforeEach(() => useAppStore.getState().logOut())
  afterEach(() => vi.unstubAllGlobals())

  it('stays disabled until both the email and the password are filled in', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithApp(<LogInForm />)
    expect(logInButton()).toBeDisabled()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    expect(logInButton()).toBeDisabled()
    await user.type(screen.getByLabelText('Password'), 'secret-words')
    expect(logInButton()).toBeEnabled()
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), '   ')
    expect(logInButton()).toBeDisabled()
  })

  it.each([
    ['without Remember me, a short-lived token', false, undefined],
    ['with Remember me, the one-year scope', true, 'token:longterm'],
  ])('asks %s', async (_, remember, scope) => {
    const user = userEvent.setup({ delay: null })
    const api = fakeApi({ 'POST /token': [{ status: 200, body: AUTH_TOKEN }] })
    renderWithApp(<LogInForm />)
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ')
    await user.type(screen.getByLabelText('Password'), 'secret-words')
    if (remember) await user.click(screen.getByLabelText('Remember me (1 year)'))
    await user.click(logInButton())

    expect(await screen.findByText('You are now logged in!')).toBeInTheDocument()
    expect(api.calls).toHaveLength(1)
    expect(api.calls[0]?.body).toEqual({
      username: 'ada@example.com',
      password: 'secret-words',
      ...(scope ? { scope } : {}),
    })
    expect(useAppStore.getState().session).toEqual({
      token: 'fresh-token',
      username: 'Ada',
      badge: '1abc',
      isAdmin: false,
    })
    expect(useAppStore.getState().preferences.colorizeIcons).toBe(true)
  })

  it('shows a refused log-in and stays logged out', async () => {
    const user = userEvent.setup({ delay: null })
    fakeApi({
      'POST /token': [{ status: 401, body: { detail: 'Incorrect username or password' } }],
    })
    const onSuccess = vi.fn()
    renderWithApp(<LogInForm onSuccess={onSuccess} />)
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'wrong-words')
    await user.click(logInButton())

    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument()
    expect(useAppStore.getState().session).toBeNull()
    expect(onSuccess).not.toHaveBeenCalled()
  })

  it.each([
    ['/log-in/', true],
    ['/players/reset/', false],
    ['/players/reset/0b8ef1ad-62d2-4bdc-a1d6-5b44c5d2fb4f/', false],
  ])('on %s shows the forgotten-password link: %s', (at, shown) => {
    renderWithApp(<LogInForm />, { at })
    const link = screen.queryByRole('link', { name: 'Forgot your password?' })
    if (shown) expect(link).toHaveAttribute('href', '/players/reset/')
    else expect(link).toBeNull()
  })
})
