import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice.ts'
import { MyDecksPage, MyLegacyDecksPage, MyRedRainsDecksPage } from './my-decks-page.tsx'

const newDeck = vi.fn()
vi.mock('../../features/deck-builder/builder-hooks.ts', () => ({ useNewDeck: () => newDeck }))

const requests: URL[] = []
const EMPTY = { count: 0, next: null, previous: null, results: [] }

describe('My decks', () => {
  beforeEach(() => {
    requests.length = 0
    newDeck.mockClear()
    useAppStore.setState({
      session: { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false },
      preferences: DEFAULT_PREFERENCES,
    })
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost')
        requests.push(url)
        return Promise.resolve(new Response(JSON.stringify(EMPTY), { status: 200 }))
      }),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  const mine = () => requests.filter((url) => url.pathname === '/v2/decks/mine')

  it('explains privacy and offers a first deck of the tab kind', async () => {
    renderWithApp(<MyDecksPage />, { at: '/decks/mine/' })
    expect(screen.getByText(/Decks are private by default/)).toHaveTextContent(
      'further edits stay private until you publish it again',
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Create your first deck' }))
    expect(newDeck).toHaveBeenCalledWith({ redRains: false })
    expect(mine()[0]?.searchParams.get('sort')).toBe('modified')
    expect(mine()[0]?.searchParams.has('show_red_rains')).toBe(false)
  })

  it('offers a first Red Rains deck on the Red Rains tab', async () => {
    renderWithApp(<MyRedRainsDecksPage />, { at: '/decks/mine/red-rains/' })
    fireEvent.click(await screen.findByRole('button', { name: 'Create your first Red Rains deck' }))
    expect(newDeck).toHaveBeenCalledWith({ redRains: true })
    expect(mine()[0]?.searchParams.get('show_red_rains')).toBe('true')
  })

  it('points Legacy players to their Reborn decks', async () => {
    renderWithApp(<MyLegacyDecksPage />, { at: '/decks/mine/legacy/' })
    expect(await screen.findByText(/Legacy decks are read-only/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See your Reborn decks' })).toHaveAttribute(
      'href',
      '/decks/mine/',
    )
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull()
    expect(screen.queryByRole('switch', { name: 'Preconstructed Only' })).toBeNull()
  })

  it('keeps the chosen sort as a preference', async () => {
    renderWithApp(<MyDecksPage />, { at: '/decks/mine/' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'created' },
    })
    expect(useAppStore.getState().preferences.myDecksSort).toBe('created')
    await waitFor(() => expect(mine().at(-1)?.searchParams.get('sort')).toBe('created'))
  })
})
