import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { CompareWithDialog } from './compare-with-dialog.tsx'

const UUID = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b'
const listed = (id: number, title: string | null) => ({
  id,
  title,
  phoenixborn: { name: 'Sera Emberlock', stub: 'sera-emberlock' },
})

const path = () => screen.getByTestId('current-path')
const pasteField = () => screen.getByRole('textbox', { name: 'Deck link or id' })

describe('Compare with…', () => {
  beforeEach(() => useAppStore.setState({ session: null }))
  afterEach(() => vi.unstubAllGlobals())

  it("offers the player's own decks, not the one shown", async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false },
    })
    fakeApi({
      'GET /decks/mine': [
        {
          status: 200,
          body: {
            count: 2,
            next: null,
            previous: null,
            results: [listed(3, 'Here'), listed(8, null)],
          },
        },
      ],
    })
    renderWithApp(<CompareWithDialog deckId={3} onClose={() => {}} />)
    const mine = await screen.findByRole('list', { name: 'My decks' })
    const links = within(mine).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Untitled Sera EmberlockSera Emberlock', '/decks/compare/?left=3&right=8'],
    ])
  })

  it('reads a pasted link or id, and says what is wrong with anything else', async () => {
    fakeApi({})
    renderWithApp(<CompareWithDialog deckId={3} onClose={() => {}} />)
    expect(screen.queryByRole('list', { name: 'My decks' })).toBeNull()
    fireEvent.change(pasteField(), { target: { value: 'https://example.org/cards/x/' } })
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    expect(
      await screen.findByText('Paste a deck link (such as /decks/123/) or a deck id.'),
    ).toBeInTheDocument()
    expect(pasteField()).toHaveAttribute('aria-invalid', 'true')
    fireEvent.change(pasteField(), { target: { value: 'https://example.org/decks/mine/12/' } })
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    await waitFor(() => expect(path()).toHaveTextContent('/decks/compare/'))
  })

  it('finds the deck of a share link', async () => {
    const { calls } = fakeApi({
      [`GET /decks/shared/${UUID}`]: [{ status: 200, body: { id: 44 } }],
    })
    renderWithApp(<CompareWithDialog deckId={3} onClose={() => {}} />)
    fireEvent.change(pasteField(), { target: { value: `/decks/share/${UUID}/` } })
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }))
    await waitFor(() => expect(path()).toHaveTextContent('/decks/compare/'))
    expect(calls.map((call) => call.path)).toEqual([`/decks/shared/${UUID}`])
  })
})
