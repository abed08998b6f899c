import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { DeckDetailsPage, MyDeckDetailsPage } from './deck-details-page.tsx'

const editDeck = vi.fn()
let editingId: number | null = null
vi.mock('../../features/deck-builder/builder-hooks.ts', () => ({
  useEditDeck: () => editDeck,
  useIsEditingDeck: (id: number | null | undefined) => id !== null && id === editingId,
  useForgetDeck: () => vi.fn(),
}))

const card = (name: string, type: string, count: number) => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  count,
  release: { name: 'Ashen Dawn', stub: 'ashen-dawn' },
  text: 'Some text.',
})

const deck = (extra: Record<string, unknown> = {}) => ({
  id: 12,
  entity_id: 112,
  source_id: 11,
  direct_share_uuid: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
  title: 'The Ember Oath',
  description: 'A **fiery** deck.',
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
  cards: [card('Quick Study', 'Action Spell', 3), card('Iron Worker', 'Ally', 3)],
  conjurations: [],
  is_public: true,
  is_snapshot: true,
  is_red_rains: false,
  first_five: [],
  effect_costs: [],
  tutor_map: {},
  comments_entity_id: 11,
  ...extra,
})

type Reply = { status: number; body?: unknown }
let replies: Record<string, Reply>
const requests: { method: string; url: URL }[] = []

function renderAt(at: string) {
  return renderWithApp(
    <Routes>
      <Route path="/decks/mine/:id/" element={<MyDeckDetailsPage />} />
      <Route path="/decks/:id/" element={<DeckDetailsPage />} />
    </Routes>,
    { at },
  )
}

describe('Deck details', () => {
  beforeEach(() => {
    requests.length = 0
    editingId = null
    editDeck.mockClear()
    useAppStore.setState({ session: null })
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://localhost')
        const method = init.method ?? 'GET'
        requests.push({ method, url })
        const reply = replies[`${method} ${url.pathname.replace(/^\/v2/, '')}`] ?? {
          status: 404,
          body: { detail: 'Not Found' },
        }
        return Promise.resolve(
          new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
            status: reply.status,
          }),
        )
      }),
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('shows a public deck to a visitor: title, author, releases, cards, no player actions', async () => {
    replies = {
      'GET /decks/12': {
        status: 200,
        body: {
          deck: deck(),
          releases: [
            { name: 'Ashen Dawn', stub: 'ashen-dawn', is_legacy: false, preconstructed_deck_id: 3 },
            {
              name: 'Master Set',
              stub: 'master-set',
              is_legacy: false,
              preconstructed_deck_id: null,
            },
          ],
        },
      },
    }
    renderAt('/decks/12/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Ember Oath' }),
    ).toBeInTheDocument()
    // The title is set by an effect once the data is there.
    await waitFor(() => expect(document.title).toBe('The Ember Oath - Spellboard'))
    expect(requests[0]?.url.searchParams.get('full_cards')).toBe('true')
    expect(requests[0]?.url.searchParams.has('show_saved')).toBe(false)
    expect(screen.getByRole('link', { name: 'Demo Player#1demo' })).toHaveAttribute(
      'href',
      '/players/1demo/',
    )
    expect(screen.getByRole('link', { name: 'Ashen Dawn' })).toHaveAttribute('href', '/decks/3/')
    // A release without a deck of its own leads to its cards.
    expect(screen.getByRole('link', { name: 'Master Set' })).toHaveAttribute(
      'href',
      '/cards/?r=master-set',
    )
    expect(screen.getByText('6/30')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/decks/11/history/',
    )
    expect(screen.getByRole('button', { name: 'Share...' })).toBeInTheDocument()
    const print = vi.fn()
    vi.stubGlobal('print', print)
    fireEvent.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
    for (const name of ['Edit', 'Delete', 'Clone & Edit', 'Subscribe']) {
      expect(screen.queryByRole('button', { name })).toBeNull()
    }
    expect((await screen.findByText('fiery')).tagName).toBe('STRONG')
  })

  it('offers a player clones in both modes and the subscription', async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false },
    })
    replies = {
      'GET /decks/12': { status: 200, body: { deck: deck(), releases: [] } },
      'POST /subscription/11': { status: 201, body: { last_seen_entity_id: 40 } },
    }
    renderAt('/decks/12/')
    expect(await screen.findByRole('button', { name: 'Clone & Edit' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clone as PvE' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(
      await screen.findByText("You have subscribed to this deck's updates and comments!"),
    ).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument()
  })

  it('gives the owner the private view: banner, Private History, Edit reading Editing', async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Demo Player', badge: '1demo', isAdmin: false },
    })
    editingId = 11
    replies = {
      'GET /decks/11': {
        status: 200,
        body: {
          deck: deck({
            id: 11,
            source_id: null,
            is_public: false,
            is_snapshot: false,
            is_saved: true,
            title: null,
            is_red_rains: true,
          }),
          releases: [],
          has_published_snapshot: true,
        },
      },
    }
    renderAt('/decks/mine/11/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Untitled Sera Emberlock' }),
    ).toBeInTheDocument()
    expect(requests[0]?.url.searchParams.get('show_saved')).toBe('true')
    expect(screen.getByText(/latest private save of your deck/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View the latest published version' })).toHaveAttribute(
      'href',
      '/decks/11/',
    )
    expect(screen.getByRole('link', { name: 'Private History' })).toHaveAttribute(
      'href',
      '/decks/mine/11/history/',
    )
    expect(screen.getByRole('button', { name: 'Editing' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Clone as PvP' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument()
  })

  it('on a phone, shows the owner Edit and Share... and puts the rest in a menu named More', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 639px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    useAppStore.setState({
      session: { token: liveToken(), username: 'Demo Player', badge: '1demo', isAdmin: false },
    })
    replies = {
      'GET /decks/11': {
        status: 200,
        body: {
          deck: deck({ id: 11, source_id: null, is_public: false, is_snapshot: false }),
          releases: [],
        },
      },
    }
    renderAt('/decks/mine/11/')
    const edit = await screen.findByRole('button', { name: 'Edit' })
    const actions = edit.parentElement as HTMLElement
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Share...', 'More'])
    fireEvent.click(screen.getByRole('button', { name: 'More' }))
    const menu = screen.getByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Print',
      'Private History',
      'Compare with…',
      'Delete',
      'Clone & Edit',
      'Clone as PvE',
      'Subscribe',
    ])
    const print = vi.fn()
    vi.stubGlobal('print', print)
    // Delete asks again inside the menu, which stays open for the second press.
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }))
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Confirm?' }),
    ).toBeVisible()
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Print' }))
    expect(print).toHaveBeenCalledOnce()
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('sends a public deck opened on the private route to its public address', async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Demo Player', badge: '1demo', isAdmin: false },
    })
    replies = { 'GET /decks/12': { status: 200, body: { deck: deck(), releases: [] } } }
    renderAt('/decks/mine/12/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Ember Oath' }),
    ).toBeInTheDocument()
    expect(screen.getByTestId('current-path')).toHaveTextContent('/decks/12/')
  })

  it('warns about Legacy decks and offers no edit, clone or subscribe', async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Demo Player', badge: '1demo', isAdmin: false },
    })
    replies = {
      'GET /decks/12': { status: 200, body: { deck: deck({ is_legacy: true }), releases: [] } },
    }
    renderAt('/decks/12/')
    expect(
      await screen.findByText(
        'This is a legacy 1.0 deck that cannot be played using Reborn cards.',
      ),
    ).toBeInTheDocument()
    const actions = within(screen.getByRole('complementary', { name: 'About this deck' }))
    // Read-only: a legacy deck can still be shared and compared.
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Share...',
      'Print',
      'Compare with…',
    ])
  })

  it.each([403, 404])('reads %i as no deck found', async (status) => {
    replies = { 'GET /decks/12': { status, body: { detail: 'Nope' } } }
    renderAt('/decks/12/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No deck found' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Sorry, this does not appear to be a valid deck!')).toBeInTheDocument()
  })
})
