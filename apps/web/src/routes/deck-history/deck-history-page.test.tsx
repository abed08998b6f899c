import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { DeckHistoryPage, MyDeckHistoryPage } from './deck-history-page.tsx'

const deck = (id: number, title: string | null, extra: Record<string, unknown> = {}) => ({
  id,
  entity_id: id + 100,
  source_id: 5,
  title,
  created: '2024-03-01T09:00:00Z',
  modified: '2024-03-02T09:00:00Z',
  user: { username: 'Demo Player', badge: '1demo' },
  dice: [{ name: 'charm', count: 10 }],
  phoenixborn: {
    name: 'Sera Emberlock',
    stub: 'sera-emberlock',
    battlefield: 5,
    life: 17,
    spellboard: 4,
    is_legacy: false,
  },
  cards: [],
  conjurations: [],
  is_public: true,
  is_snapshot: true,
  is_red_rains: false,
  ...extra,
})

const page = (results: unknown[], next: string | null = null) => ({
  count: results.length,
  next,
  previous: null,
  results,
})

let replies: Record<string, { status: number; body: unknown }[]>
const requests: URL[] = []

function renderAt(at: string) {
  return renderWithApp(
    <Routes>
      <Route path="/decks/mine/:id/history/" element={<MyDeckHistoryPage />} />
      <Route path="/decks/:id/history/" element={<DeckHistoryPage />} />
    </Routes>,
    { at },
  )
}

describe('Deck history', () => {
  beforeEach(() => {
    requests.length = 0
    useAppStore.setState({ session: null })
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost')
        requests.push(url)
        const key = `${url.pathname.replace(/^\/v2/, '')}${url.searchParams.has('offset') ? '+more' : ''}`
        const reply = replies[key]?.shift() ?? { status: 404, body: { detail: 'Not Found' } }
        return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }))
      }),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('lists published snapshots, the newest marked Latest, and loads more', async () => {
    replies = {
      '/decks/5/snapshots': [
        {
          status: 200,
          body: page(
            [deck(9, 'Third', { dice: [{ name: 'charm', count: 9 }] }), deck(7, 'Second')],
            'http://localhost/v2/decks/5/snapshots?show_public_only=true&offset=30',
          ),
        },
      ],
      '/decks/5/snapshots+more': [{ status: 200, body: page([deck(6, null)]) }],
    }
    renderAt('/decks/5/history/')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('History for: Third')
    expect(requests[0]?.searchParams.get('show_public_only')).toBe('true')
    const list = screen.getByRole('list', { name: 'Snapshots' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Latest')
    expect(rows[1]).not.toHaveTextContent('Latest')
    expect(rows[1]).toHaveTextContent('Public')
    expect(within(list).getByRole('link', { name: 'Third' })).toHaveAttribute('href', '/decks/9/')
    fireEvent.click(screen.getByRole('button', { name: 'Load more snapshots...' }))
    expect(
      await within(list).findByRole('link', { name: 'Untitled Sera Emberlock' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more snapshots...' })).toBeNull()

    // Each snapshot compares with the one before it, unless nothing changed; the oldest has
    // none before it.
    const changes = within(list).getAllByRole('link', { name: 'Changes since previous' })
    expect(changes.map((link) => link.getAttribute('href'))).toEqual([
      '/decks/compare/?left=7&right=9',
    ])
    const after = within(list).getAllByRole('listitem')
    expect(after[1]).toHaveTextContent('No changes since the previous snapshot')
    expect(after[0]).not.toHaveTextContent('No changes')
    expect(after[2]).not.toHaveTextContent(/changes/i)
  })

  it('shows the latest save first in the private view, and private snapshots', async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Demo Player', badge: '1demo', isAdmin: false },
    })
    replies = {
      '/decks/5': [
        {
          status: 200,
          body: {
            deck: deck(5, 'Working', { is_public: false, is_snapshot: false, source_id: null }),
            releases: [],
          },
        },
      ],
      '/decks/5/snapshots': [
        { status: 200, body: page([deck(8, 'Private one', { is_public: false })]) },
      ],
    }
    renderAt('/decks/mine/5/history/')
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Private history for: Working',
    )
    // The title is set by an effect once the data is there.
    await waitFor(() => expect(document.title).toBe('Private history for: Working - Spellboard'))
    expect(
      requests
        .find((url) => url.pathname.endsWith('/snapshots'))
        ?.searchParams.has('show_public_only'),
    ).toBe(false)
    const latest = screen.getByRole('list', { name: 'Latest save' })
    expect(within(latest).getByRole('link', { name: 'Working' })).toHaveAttribute(
      'href',
      '/decks/mine/5/',
    )
    expect(latest).toHaveTextContent('Latest')
    const snapshot = within(screen.getByRole('list', { name: 'Snapshots' })).getByRole('listitem')
    expect(snapshot).toHaveTextContent('Private')
    expect(within(snapshot).getByRole('link', { name: 'Private one' })).toHaveAttribute(
      'href',
      '/decks/mine/8/',
    )
  })

  it('says when there are no snapshots, and when there is no deck', async () => {
    replies = { '/decks/5/snapshots': [{ status: 200, body: page([]) }] }
    const { unmount } = renderAt('/decks/5/history/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No snapshots' }),
    ).toBeInTheDocument()
    unmount()
    replies = {}
    renderAt('/decks/5/history/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No deck found' }),
    ).toBeInTheDocument()
  })
})
