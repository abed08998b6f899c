import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { SnapshotDialog, type SnapshotVariant } from './snapshot-dialog.tsx'

const DECK = {
  id: 12,
  title: 'Water everywhere',
  description: 'Splash',
  phoenixborn: { name: 'Aradel Summergaard' },
}

function open(variant: SnapshotVariant) {
  return renderWithApp(<SnapshotDialog variant={variant} onClose={() => {}} deck={DECK} />, {
    at: '/cards/',
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('the snapshot dialog', () => {
  it('saves a private snapshot with the deck’s own title and description, then shows it', async () => {
    const server = fakeApi({
      'POST /decks/12/snapshot': [{ status: 201, body: { detail: 'ok', snapshot_id: 31 } }],
    })
    const user = userEvent.setup()
    open('snapshot')
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute(
      'placeholder',
      'Water everywhere',
    )
    await user.click(screen.getByRole('button', { name: 'Save snapshot' }))
    expect(await screen.findByText('Your snapshot has been saved!')).toBeInTheDocument()
    expect(server.calls[0]?.body).toEqual({ is_public: false })
    // The toast may paint before the navigation that follows it in the same handler.
    await waitFor(() =>
      expect(screen.getByTestId('current-path')).toHaveTextContent('/decks/mine/31/'),
    )
  })

  it('publishes with a typed title and a changed description, then shows the public deck', async () => {
    const server = fakeApi({
      'POST /decks/12/snapshot': [{ status: 201, body: { detail: 'ok', snapshot_id: 32 } }],
    })
    const user = userEvent.setup()
    open('publish')
    expect(screen.getByRole('dialog', { name: 'Publish your deck' })).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Tidal  ')
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '!')
    await user.click(screen.getByRole('button', { name: 'Publish deck' }))
    expect(await screen.findByText('Your deck has been published!')).toBeInTheDocument()
    expect(server.calls[0]?.body).toEqual({
      is_public: true,
      title: 'Tidal',
      description: 'Splash!',
    })
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/decks/12/'))
  })

  it('tells the player why the server refused, and stays open', async () => {
    fakeApi({
      'POST /decks/12/snapshot': [
        { status: 400, body: { detail: 'Deck must have exactly 30 cards.' } },
      ],
    })
    const user = userEvent.setup()
    open('publish')
    await user.click(screen.getByRole('button', { name: 'Publish deck' }))
    expect(await screen.findByText('Deck must have exactly 30 cards.')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Publish your deck' })).toBeInTheDocument()
    expect(screen.getByTestId('current-path')).toHaveTextContent('/cards/')
  })
})
