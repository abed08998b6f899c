import { fireEvent, screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { SharedDeckPage } from './shared-deck-page.tsx'

const editDeck = vi.fn()
vi.mock('../../features/deck-builder/builder-hooks.ts', () => ({ useEditDeck: () => editDeck }))

const UUID = '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b'
const deck = (extra: Record<string, unknown> = {}) => ({
  id: 12,
  entity_id: 112,
  source_id: 11,
  direct_share_uuid: UUID,
  title: 'Secret Embers',
  description: null,
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
  is_public: false,
  is_snapshot: true,
  is_red_rains: true,
  first_five: [],
  effect_costs: [],
  tutor_map: {},
  comments_entity_id: null,
  is_saved: null,
  ...extra,
})

let replies: Record<string, { status: number; body: unknown }>
const requests: { url: URL; headers: Headers }[] = []

describe('Shared deck', () => {
  beforeEach(() => {
    requests.length = 0
    editDeck.mockClear()
    useAppStore.setState({ session: null })
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://localhost')
        requests.push({ url, headers: new Headers(init.headers) })
        const reply = replies[url.pathname.replace(/^\/v2/, '')] ?? {
          status: 404,
          body: { detail: 'Not Found' },
        }
        return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }))
      }),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  const renderPage = () =>
    renderWithApp(
      <Routes>
        <Route path="/decks/share/:uuid/" element={<SharedDeckPage />} />
        <Route path="/" element={<p>Home</p>} />
      </Routes>,
      { at: `/decks/share/${UUID}/` },
    )

  it('says who shared a private deck and asks to keep the link private', async () => {
    replies = { [`/decks/shared/${UUID}`]: { status: 200, body: deck() } }
    renderPage()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Secret Embers' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/This deck has been shared with you by/)).toHaveTextContent(
      'Demo Player#1demo',
    )
    expect(screen.getByText(/Please do not post this link publicly/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ashteki' })).toHaveAttribute(
      'href',
      'https://ashteki.com',
    )
    expect(screen.queryByRole('button', { name: 'Clone & Edit' })).toBeNull()
  })

  it('clones with the share link only and opens the copy in the builder', async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false },
    })
    replies = {
      [`/decks/shared/${UUID}`]: { status: 200, body: deck({ is_public: true }) },
      '/decks/12/clone': {
        status: 200,
        body: deck({ id: 30, title: 'Copy of Secret Embers', is_snapshot: false }),
      },
    }
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Clone & Edit' }))
    expect(screen.queryByText(/Please do not post this link publicly/)).toBeNull()
    await vi.waitFor(() => expect(editDeck).toHaveBeenCalledOnce())
    const clone = requests.find((request) => request.url.pathname === '/v2/decks/12/clone')
    expect([...(clone?.url.searchParams.keys() ?? [])]).toEqual(['direct_share_uuid'])
    expect(clone?.url.searchParams.get('direct_share_uuid')).toBe(UUID)
    await vi.waitFor(() =>
      expect(screen.getByTestId('current-path')).toHaveTextContent('/decks/mine/30/'),
    )
  })

  it('prints the deck with the browser', async () => {
    const print = vi.fn()
    vi.stubGlobal('print', print)
    replies = { [`/decks/shared/${UUID}`]: { status: 200, body: deck() } }
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
  })

  it('sends the visitor home when the link leads nowhere', async () => {
    replies = {}
    renderPage()
    expect(await screen.findByText('Home')).toBeInTheDocument()
    expect(await screen.findByText('Not Found')).toBeInTheDocument()
  })
})
