import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { fakeApi, liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { LogOutEverywhere } from './log-out-everywhere.tsx'

beforeEach(() => {
  useAppStore
    .getState()
    .logIn({ token: liveToken('mine'), username: 'Ada', badge: '1abc', isAdmin: false })
})
afterEach(() => vi.unstubAllGlobals())

it('ends every session on the server, then this one', async () => {
  const user = userEvent.setup({ delay: null })
  const api = fakeApi({
    'DELETE /players/me/sessions': [{ status: 200, body: { detail: 'Done.' } }],
  })
  renderWithApp(<LogOutEverywhere />)
  await user.click(screen.getByRole('button', { name: 'Log out everywhere' }))
  expect(await screen.findByText('You have been logged out everywhere.')).toBeInTheDocument()
  expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
    'DELETE /players/me/sessions',
  ])
  await waitFor(() => expect(useAppStore.getState().session).toBeNull())
})
