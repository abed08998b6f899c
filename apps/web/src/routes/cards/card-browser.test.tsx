import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation, useNavigate } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { ApiError } from '../../api/client.ts'
import { useAppStore } from '../../store/app-store.ts'
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice.ts'
import { CardBrowser, listingErrorMessage } from './card-browser.tsx'

const card = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  stub: name.toLowerCase().replace(/ /g, '-'),
  type: 'Ally',
  release: { name: 'Master Set', stub: 'master-set' },
  cost: ['[[main]]', '1 [[charm:class]]'],
  ...extra,
})

type Answer = { status: number; body: unknown }
let answer: (url: URL) => Answer
const requests: URL[] = []

function page(results: unknown[], next: string | null = null, count = results.length) {
  return { status: 200, body: { count, next, previous: null, results } }
}

function LocationProbe() {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Forward
      </button>
    </>
  )
}

function renderBrowser(route = '/cards/', legacy = false) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/cards/*"
        element={
          <>
            <CardBrowser legacy={legacy} />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  )
}

const search = () => screen.getByTestId('search').textContent
const cardRequests = () => requests.filter((url) => url.pathname === '/v2/cards')
const lastQuery = () => cardRequests().at(-1)?.search

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  requests.length = 0
  answer = () => page([card('Hammer Knight'), card('Iron Rhino')])
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost')
      requests.push(url)
      const { status, body } = answer(url)
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
      )
    }),
  )
  useAppStore.setState({ session: null, preferences: DEFAULT_PREFERENCES })
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime })

describe('CardBrowser', () => {
  it('asks for the first 50 cards sorted by name and lists them', async () => {
    renderBrowser()
    expect(await screen.findByRole('link', { name: 'Hammer Knight' })).toBeInTheDocument()
    expect(lastQuery()).toBe('?limit=50&sort=name&order=asc')
  })

  it('reads the filters from the URL and sends them on, arrays repeated', async () => {
    renderBrowser(
      '/cards/?q=knight&dice=charm&dice=time&dice_logic=includes&types=ally&types=summon&r=master-set&sort=cost&order=desc',
    )
    await screen.findByRole('link', { name: 'Hammer Knight' })
    expect(lastQuery()).toBe(
      '?limit=50&sort=cost&order=desc&q=knight&dice_logic=includes&dice=charm&dice=time&types=ally&show_summons=true&r=master-set',
    )
    expect(screen.getByRole('textbox', { name: 'Filter by name or text' })).toHaveValue('knight')
    expect(screen.getByRole('button', { name: 'Charm magic' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(screen.getByRole('button', { name: 'Summons' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('button', { name: 'Cost' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('asks for Legacy cards on the Legacy listing and has no gallery switch there', async () => {
    renderBrowser('/cards/legacy/', true)
    await screen.findByRole('link', { name: 'Hammer Knight' })
    expect(lastQuery()).toBe('?limit=50&sort=name&order=asc&show_legacy=true')
    expect(screen.queryByRole('button', { name: /Binder/ })).toBeNull()
  })

  it('waits for a 1250 ms pause, then pushes one URL with every change', async () => {
    const u = user()
    renderBrowser()
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.click(screen.getByRole('button', { name: 'Charm magic' }))
    await u.click(screen.getByRole('button', { name: 'Time magic' }))
    await u.click(screen.getByRole('button', { name: 'Ally' }))
    act(() => vi.advanceTimersByTime(1200))
    expect(search()).toBe('')
    act(() => vi.advanceTimersByTime(100))
    expect(search()).toBe('?dice=charm&dice=time&types=ally')
    await waitFor(() => expect(lastQuery()).toContain('dice=charm&dice=time&types=ally'))
  })

  it('trims the search text and omits defaults from the URL', async () => {
    const u = user()
    renderBrowser('/cards/?sort=cost')
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.type(screen.getByRole('textbox', { name: 'Filter by name or text' }), '  owl  ')
    await u.click(screen.getByRole('button', { name: 'Name' }))
    act(() => vi.advanceTimersByTime(1250))
    expect(search()).toBe('?q=owl')
    await waitFor(() => expect(lastQuery()).toBe('?limit=50&sort=name&order=asc&q=owl'))
  })

  it('switching to Incl. clears and disables the basic die', async () => {
    const u = user()
    renderBrowser('/cards/?dice=basic&dice=charm')
    await screen.findByRole('link', { name: 'Hammer Knight' })
    const basic = screen.getByRole('button', { name: 'Basic magic' })
    expect(basic).toHaveAttribute('aria-pressed', 'true')
    await u.click(screen.getByRole('button', { name: 'Only use the selected magic types' }))
    expect(screen.getByRole('button', { name: /^Incl\./ })).toBeInTheDocument()
    expect(basic).toHaveAttribute('aria-pressed', 'false')
    expect(basic).toBeDisabled()
    act(() => vi.advanceTimersByTime(1250))
    expect(search()).toBe('?dice=charm&dice_logic=includes')
  })

  it('Back and Forward restore the filters and cards', async () => {
    const u = user()
    answer = (url) =>
      url.searchParams.get('q') === 'rhino'
        ? page([card('Iron Rhino')])
        : page([card('Hammer Knight'), card('Iron Rhino')])
    renderBrowser()
    await screen.findByRole('link', { name: 'Hammer Knight' })
    const box = screen.getByRole('textbox', { name: 'Filter by name or text' })
    await u.type(box, 'rhino{Enter}')
    expect(search()).toBe('?q=rhino')
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Hammer Knight' })).toBeNull())
    await u.click(screen.getByRole('button', { name: 'Back' }))
    expect(search()).toBe('')
    expect(box).toHaveValue('')
    expect(await screen.findByRole('link', { name: 'Hammer Knight' })).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Forward' }))
    expect(search()).toBe('?q=rhino')
    expect(box).toHaveValue('rhino')
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Hammer Knight' })).toBeNull())
  })

  it('applies a release choice at once, as repeated r values', async () => {
    const u = user()
    answer = (url) =>
      url.pathname === '/v2/releases'
        ? {
            status: 200,
            body: [
              { name: 'Master Set', stub: 'master-set', is_legacy: false },
              { name: 'The Frostdale Giants', stub: 'the-frostdale-giants', is_legacy: false },
            ],
          }
        : page([card('Hammer Knight')])
    renderBrowser()
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.click(screen.getByRole('button', { name: 'Releases' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter by release' })
    expect(within(dialog).getByRole('tab', { name: 'Mine' })).toBeDisabled()
    await u.click(within(dialog).getByRole('switch', { name: 'Show everything' }))
    await u.click(await within(dialog).findByRole('checkbox', { name: 'The Frostdale Giants' }))
    await u.click(within(dialog).getByRole('checkbox', { name: 'Master Set' }))
    await u.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(search()).toBe('?r=master-set&r=the-frostdale-giants')
    await waitFor(() => expect(lastQuery()).toContain('r=master-set&r=the-frostdale-giants'))
  })

  it('under Mine, saves the boxes owned and lists only owned releases', async () => {
    const u = user()
    useAppStore.setState({
      session: { token: 'x.y.z', username: 'Ann', badge: 'a1', isAdmin: false },
    })
    const releases = [
      { name: 'Master Set', stub: 'master-set', is_legacy: false, is_mine: true },
      {
        name: 'The Frostdale Giants',
        stub: 'the-frostdale-giants',
        is_legacy: false,
        is_mine: false,
      },
    ]
    const bodies: unknown[] = []
    answer = (url) =>
      url.pathname.startsWith('/v2/releases')
        ? { status: 200, body: releases }
        : url.pathname === '/v2/players/me/collection'
          ? { status: 200, body: { releases: { 'master-set': 2 } } }
          : page([card('Hammer Knight')])
    const fetchMock = vi.mocked(globalThis.fetch)
    fetchMock.mockImplementation((input, init) => {
      const url = new URL(String(input), 'http://localhost')
      requests.push(url)
      if (init?.method === 'PUT') bodies.push(JSON.parse(String(init.body)))
      const { status, body } = answer(url)
      return Promise.resolve(new Response(JSON.stringify(body), { status }))
    })
    renderBrowser()
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.click(screen.getByRole('button', { name: 'Releases' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter by release' })
    await u.click(within(dialog).getByRole('tab', { name: 'Mine' }))
    expect(
      within(dialog).getByText('Choose the releases you own, and how many boxes:'),
    ).toBeInTheDocument()
    const master = await within(dialog).findByRole('checkbox', { name: 'Master Set' })
    await waitFor(() => expect(master).toBeChecked())
    expect(within(dialog).getByRole('combobox', { name: 'Boxes of Master Set' })).toHaveValue('2')
    await u.click(within(dialog).getByRole('checkbox', { name: 'The Frostdale Giants' }))
    // Ticked: one box, which the player may raise.
    const frostdale = within(dialog).getByRole('combobox', {
      name: 'Boxes of The Frostdale Giants',
    })
    expect(frostdale).toHaveValue('1')
    await u.selectOptions(frostdale, '3')
    await u.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() =>
      expect(bodies).toEqual([{ releases: { 'master-set': 2, 'the-frostdale-giants': 3 } }]),
    )
    await waitFor(() => expect(lastQuery()).toBe('?limit=50&sort=name&order=asc&releases=mine'))
    expect(useAppStore.getState().preferences.releaseFilter).toBe('mine')
    expect(search()).toBe('')
  })

  it('shows the empty state, whose button clears every filter', async () => {
    const u = user()
    answer = (url) => (url.searchParams.has('q') ? page([]) : page([card('Hammer Knight')]))
    renderBrowser('/cards/?q=zzz&dice=charm&sort=cost')
    expect(await screen.findByRole('heading', { name: 'No cards found' })).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(search()).toBe('?sort=cost')
    expect(await screen.findByRole('link', { name: 'Hammer Knight' })).toBeInTheDocument()
  })

  it('loads the next page from the URL the API gave and appends it', async () => {
    const u = user()
    answer = (url) =>
      url.searchParams.get('offset') === '50'
        ? {
            status: 200,
            body: { count: 51, next: null, previous: 'x', results: [card('Zebra Knight')] },
          }
        : page([card('Hammer Knight')], 'http://localhost/v2/cards?limit=50&offset=50', 51)
    renderBrowser()
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.click(screen.getByRole('button', { name: 'Load more cards...' }))
    expect(await screen.findByRole('link', { name: 'Zebra Knight' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Hammer Knight' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Load more cards...' })).toBeNull()
  })

  it('disables the controls while a listing loads', async () => {
    let release: () => void = () => {}
    answer = () => page([card('Hammer Knight')])
    const original = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return original(input)
      }),
    )
    renderBrowser()
    expect(screen.getByRole('button', { name: 'Charm magic' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Ally' })).toBeDisabled()
    act(() => release())
    await screen.findByRole('link', { name: 'Hammer Knight' })
    expect(screen.getByRole('button', { name: 'Charm magic' })).toBeEnabled()
  })
})

describe('listingErrorMessage', () => {
  it.each([
    [
      new ApiError(422, [{ loc: ['query', 'dice'], msg: 'bad', type: 'enum', input: 'plasma' }]),
      'Failed to fetch card listing (validation failure)!',
    ],
    [new ApiError(400, 'Release filter is broken'), 'Release filter is broken'],
    [
      new ApiError(500, undefined),
      'Failed to fetch card listing. Please report if this fails repeatedly!',
    ],
    [
      new TypeError('Failed to fetch'),
      'Failed to fetch card listing. Please report if this fails repeatedly!',
    ],
  ])('%s', (error, message) => {
    expect(listingErrorMessage(error)).toBe(message)
  })
})
