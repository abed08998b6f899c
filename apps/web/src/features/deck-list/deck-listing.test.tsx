import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../test/render-with-app.tsx'
import { DeckListing } from './deck-listing.tsx'

const deck = (id: number, title: string | null, extra: Record<string, unknown> = {}) => ({
  id,
  entity_id: id + 100,
  source_id: id - 1,
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

type Reply = { status: number; body: unknown }
const requests: URL[] = []
let listing: (url: URL) => Reply

function Search() {
  return <output data-testid="search">{useLocation().search}</output>
}

function renderListing(at = '/decks/') {
  return renderWithApp(
    <>
      <DeckListing scope="public" legacy={false} redRains={false} />
      <Search />
    </>,
    { at },
  )
}

const listingRequests = () => requests.filter((url) => url.pathname === '/v2/decks')

describe('DeckListing', () => {
  beforeEach(() => {
    requests.length = 0
    listing = () => ({
      status: 200,
      body: {
        count: 2,
        next: null,
        previous: null,
        results: [deck(2, 'The Ember Oath'), deck(4, null)],
      },
    })
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost')
        requests.push(url)
        let reply: Reply = { status: 404, body: { detail: 'Not Found' } }
        if (url.pathname === '/v2/decks') reply = listing(url)
        else if (url.pathname === '/v2/cards') {
          reply = {
            status: 200,
            body: {
              count: 2,
              next: null,
              previous: null,
              results: [
                { name: 'Orrin Vale', stub: 'orrin-vale', type: 'Phoenixborn' },
                { name: 'Sera Emberlock', stub: 'sera-emberlock', type: 'Phoenixborn' },
              ],
            },
          }
        } else if (url.pathname === '/v2/cards/quick-study') {
          reply = {
            status: 200,
            body: { name: 'Quick Study', stub: 'quick-study', type: 'Action Spell' },
          }
        }
        return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }))
      }),
    )
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('lists decks as rows: title (or Untitled), author, deck page link', async () => {
    renderListing()
    const rows = await screen.findByRole('list', { name: 'Decks' })
    expect(within(rows).getByRole('link', { name: 'The Ember Oath' })).toHaveAttribute(
      'href',
      '/decks/2/',
    )
    expect(within(rows).getByRole('link', { name: 'Untitled Sera Emberlock' })).toHaveAttribute(
      'href',
      '/decks/4/',
    )
    expect(within(rows).getAllByRole('link', { name: 'Demo Player#1demo' })[0]).toHaveAttribute(
      'href',
      '/players/1demo/',
    )
    const first = listingRequests()[0]
    expect(first?.searchParams.get('limit')).toBe('30')
    expect(first?.searchParams.get('offset')).toBe('0')
    expect(screen.getByRole('combobox', { name: 'Phoenixborn' })).toHaveDisplayValue(
      'All Phoenixborn',
    )
  })

  it('applies the title filter, trimmed, after a 750 ms pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderListing()
    await screen.findByRole('link', { name: 'The Ember Oath' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter by title' }), {
      target: { value: '  ember ' },
    })
    act(() => vi.advanceTimersByTime(700))
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/)
    act(() => vi.advanceTimersByTime(50))
    expect(screen.getByTestId('search')).toHaveTextContent('?q=ember')
    await waitFor(() => expect(listingRequests().at(-1)?.searchParams.get('q')).toBe('ember'))
    // The box keeps what was typed.
    expect(screen.getByRole('textbox', { name: 'Filter by title' })).toHaveValue('  ember ')
  })

  it('filters by Phoenixborn and preconstructed decks at once, back on page 1', async () => {
    renderListing('/decks/?page=2')
    await screen.findByRole('option', { name: 'Orrin Vale' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Phoenixborn' }), {
      target: { value: 'orrin-vale' },
    })
    expect(screen.getByTestId('search')).toHaveTextContent('?phoenixborn=orrin-vale')
    fireEvent.click(screen.getByRole('switch', { name: 'Preconstructed Only' }))
    expect(screen.getByTestId('search')).toHaveTextContent('?phoenixborn=orrin-vale&preconstructed')
    await waitFor(() =>
      expect(listingRequests().at(-1)?.searchParams.get('show_preconstructed')).toBe('true'),
    )
    expect(listingRequests().at(-1)?.searchParams.get('phoenixborn')).toBe('orrin-vale')
  })

  it('shows card chips from the address and removes them', async () => {
    renderListing('/decks/?card=quick-study')
    expect(await screen.findByText('Card: Quick Study')).toBeInTheDocument()
    expect(listingRequests()[0]?.searchParams.getAll('card')).toEqual(['quick-study'])
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Card: Quick Study' }))
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/)
  })

  it('offers Clear filters when filters find nothing', async () => {
    listing = (url) => ({
      status: 200,
      body: {
        count: url.searchParams.get('q') ? 0 : 1,
        next: null,
        previous: null,
        results: url.searchParams.get('q') ? [] : [deck(2, 'The Ember Oath')],
      },
    })
    renderListing('/decks/?q=nothing')
    expect(await screen.findByRole('heading', { name: 'No decks found' })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('link', { name: 'The Ember Oath' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Filter by title' })).toHaveValue('')
  })

  it('pages by 30 with Previous/Next and Page X of Y in the address', async () => {
    listing = () => ({
      status: 200,
      body: { count: 65, next: null, previous: null, results: [deck(2, 'The Ember Oath')] },
    })
    renderListing('/decks/?q=oath&page=2')
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument()
    expect(listingRequests()[0]?.searchParams.get('offset')).toBe('30')
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/decks/?q=oath&page=3',
    )
    expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/decks/?q=oath')
  })

  it('reads Page 1 of 1, without Previous or Next, when every deck fits on one page', async () => {
    renderListing('/decks/')
    expect(await screen.findByRole('link', { name: 'The Ember Oath' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Deck pages' })).toHaveTextContent(
      /^Page 1 of 1$/,
    )
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
    expect(screen.queryByRole('link', { name: /Previous|Next/ })).toBeNull()
  })
})
