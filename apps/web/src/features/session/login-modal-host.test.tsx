import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render-with-app.tsx'
import { LoginModalHost } from './login-modal-host.tsx'
import { requestLogIn } from './login-prompt.ts'

describe('the log-in modal host', () => {
  it('shows a prompt opened before it mounted, and closes it as cancelled on a route change', async () => {
    // The landing page's call can find the session expired before the app has mounted the host.
    const answer = requestLogIn('expired')
    renderWithApp(
      <>
        <Link to="/cards/">Cards</Link>
        <LoginModalHost />
      </>,
      { at: '/decks/' },
    )
    expect(
      await screen.findByText('Your session has expired. Please login to continue.'),
    ).toBeInTheDocument()

    await userEvent.setup().click(screen.getByRole('link', { name: 'Cards' }))
    await expect(answer).resolves.toBe(false)
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument()
  })
})
