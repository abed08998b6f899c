import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { ChangePasswordForm } from './change-password-form.tsx'

const TOKEN = liveToken('changer')

beforeEach(() => {
  useAppStore.getState().logIn({ token: TOKEN, username: 'Ada', badge: '1abc', isAdmin: false })
})
afterEach(() => vi.unstubAllGlobals())

async function fill(current: string, password: string, confirm = password) {
  const user = userEvent.setup({ delay: null })
  const section = screen.getByRole('region', { name: 'Change password' })
  await user.type(within(section).getByLabelText('Current password'), current)
  await user.type(within(section).getByLabelText('New password'), password)
  await user.type(within(section).getByLabelText('Confirm new password'), confirm)
  await user.click(within(section).getByRole('button', { name: 'Change password' }))
  return section
}

describe('ChangePasswordForm', () => {
  it('sends the three fields, says it worked, empties them and keeps the session', async () => {
    const api = fakeApi({
      'POST /players/me/password': [
        { status: 200, body: { detail: 'Your password has been updated!' } },
      ],
    })
    renderWithApp(<ChangePasswordForm />)
    await fill('old password', 'a new password')
    expect(await screen.findByText('Your password has been changed!')).toBeInTheDocument()
    expect(api.calls[0]?.body).toEqual({
      current_password: 'old password',
      password: 'a new password',
      password_confirm: 'a new password',
    })
    expect(screen.getByLabelText('Current password')).toHaveValue('')
    expect(useAppStore.getState().session?.token).toBe(TOKEN)
  })

  it('checks length and match before sending anything', async () => {
    const api = fakeApi({})
    renderWithApp(<ChangePasswordForm />)
    await fill('old password', 'short', 'shorter')
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument()
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true')
    expect(api.calls).toHaveLength(0)
  })

  it('puts a wrong current password beside that field', async () => {
    fakeApi({
      'POST /players/me/password': [
        {
          status: 422,
          body: {
            detail: [
              {
                type: 'value_error',
                loc: ['body', 'current_password'],
                msg: 'Current password is invalid.',
                input: 'wrong',
              },
            ],
          },
        },
      ],
    })
    renderWithApp(<ChangePasswordForm />)
    await fill('wrong password', 'a new password')
    const field = screen.getByLabelText('Current password')
    expect(await screen.findByText('Current password is invalid.')).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription('Current password is invalid.')
    expect(screen.queryByText('Your password has been changed!')).toBeNull()
  })

  it('says when there were too many wrong guesses, beside the current password', async () => {
    fakeApi({
      'POST /players/me/password': [
        { status: 429, body: { detail: 'Too many attempts; please try again in 15 minutes.' } },
      ],
    })
    renderWithApp(<ChangePasswordForm />)
    await fill('guess number eleven', 'a new password')
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      await screen
        .findByText('Too many attempts; please try again in 15 minutes.')
        .then((node) => node.textContent ?? ''),
    )
  })

  it('shows a mismatch the server found beside the confirmation', async () => {
    fakeApi({
      'POST /players/me/password': [
        {
          status: 422,
          body: {
            detail: [
              { type: 'value_error', loc: ['body'], msg: 'Passwords must match.', input: {} },
            ],
          },
        },
      ],
    })
    renderWithApp(<ChangePasswordForm />)
    await fill('old password', 'a new password')
    expect(await screen.findByText('Passwords must match.')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true')
  })
})
