import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice.ts'
import { CardBrowser } from './card-browser.tsx'

const HAMMER = {
  name: 'Hammer Knight',
  stub: 'hammer-knight',
  type: 'Ally',
  release: { name: 'Master Set', stub: 'master-set' },
}
const RELEASES = [
  { name: 'Master Set', stub: 'master-set', is_legacy: false },
  { name: 'The Frostdale Giants', stub: 'the-frostdale-giants', is_legacy: false },
]

type Answer = { status: number; body: unknown }
let answer: (url: URL) => Answer
const requests: URL[] = []

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>
}

function renderBrowser(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/cards/*"
        element={
          <>
            <CardBrowser legacy={false} />
            <SearchProbe />
          </>
        }
      />
    </Routes>,
    { route },
  )
}

const lastQuery = () => requests.filter((url) => url.pathname === '/v2/cards').at(-1)?.search
const box = () => screen.getByRole('textbox', { name: 'Filter by name or text' })
const pressed = (name: string) =>
  screen.getByRole('button', { name }).getAttribute('aria-pressed') === 'true'

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  requests.length = 0
  answer = (url) =>
    url.pathname === '/v2/releases'
      ? { status: 200, body: RELEASES }
      : { status: 200, body: { count: 1, next: null, previous: null, results: [HAMMER] } }
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

describe('the card browser search language', () => {
  it('sends the typed terms as q and lights the chips they name', async () => {
    renderBrowser('/cards/?q=t%3Aally+d%3Acharm+hamm')
    await screen.findByRole('link', { name: 'Hammer Knight' })
    expect(lastQuery()).toBe('?limit=50&sort=name&order=asc&q=t%3Aally+d%3Acharm+hamm')
    expect(pressed('Ally')).toBe(true)
    expect(pressed('Charm magic')).toBe(true)
    expect(pressed('Action Spell')).toBe(false)
    expect(pressed('Time magic')).toBe(false)
  })

  it('a chip click edits the typed text, which the URL then holds', async () => {
    const u = user()
    renderBrowser('/cards/?q=hamm+type%3Aally')
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.click(screen.getByRole('button', { name: 'Action Spell' }))
    expect(box()).toHaveValue('hamm type:ally or type:actionspell')
    expect(pressed('Action Spell')).toBe(true)
    await u.click(screen.getByRole('button', { name: 'Ally' }))
    expect(box()).toHaveValue('hamm type:actionspell')
    act(() => vi.advanceTimersByTime(1300))
    expect(screen.getByTestId('search').textContent).toBe('?q=hamm+type%3Aactionspell')
    await waitFor(() => expect(lastQuery()).toContain('q=hamm+type%3Aactionspell'))
  })

  it('typing narrows the cards on screen at once; the address and the API wait for the pause', async () => {
    const knight = { ...HAMMER, text: 'Aftershock 1.' }
    const rhino = {
      name: 'Iron Rhino',
      stub: 'iron-rhino',
      type: 'Conjuration',
      release: HAMMER.release,
      text: 'Hammer it home.',
    }
    const owl = { ...HAMMER, name: 'Three-Eyed Owl', stub: 'three-eyed-owl', text: 'Memory.' }
    answer = (url) => {
      const q = url.searchParams.get('q')
      const results = q === 'hammer' ? [knight, rhino] : [knight, rhino, owl]
      return { status: 200, body: { count: results.length, next: null, previous: null, results } }
    }
    const u = user()
    renderBrowser('/cards/')
    await screen.findByRole('link', { name: 'Three-Eyed Owl' })
    const listed = () =>
      within(screen.getByRole('list', { name: 'Cards' }))
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((name) => name !== '')
    const requestsBefore = requests.length
    await u.type(box(), 'hamm')
    // By name and by text, at once: no request, no address yet.
    expect(listed()).toEqual(['Hammer Knight', 'Iron Rhino'])
    expect(screen.getByText('2 cards')).toBeInTheDocument()
    await u.type(box(), 'er k')
    expect(listed()).toEqual(['Hammer Knight'])
    expect(screen.getByTestId('search').textContent).toBe('')
    expect(requests.length).toBe(requestsBefore)
    // A phrase cannot be told here: the list stays as it is until the API answers.
    await u.clear(box())
    await u.type(box(), '"memory')
    expect(listed()).toEqual(['Hammer Knight', 'Iron Rhino', 'Three-Eyed Owl'])
    await u.clear(box())
    await u.type(box(), 'hammer')
    act(() => vi.advanceTimersByTime(1300))
    expect(screen.getByTestId('search').textContent).toBe('?q=hammer')
    await waitFor(() => expect(lastQuery()).toContain('q=hammer'))
    await waitFor(() => expect(listed()).toEqual(['Hammer Knight', 'Iron Rhino']))
  })

  it('typing a term lights its chip before the search is sent', async () => {
    const u = user()
    renderBrowser('/cards/')
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.type(box(), 'dice:time')
    expect(pressed('Time magic')).toBe(true)
    expect(screen.getByTestId('search').textContent).toBe('')
  })

  it('the release picker shows and rewrites the releases the text names', async () => {
    const u = user()
    renderBrowser('/cards/?q=r%3Amaster')
    await screen.findByRole('link', { name: 'Hammer Knight' })
    await u.click(screen.getByRole('button', { name: /Releases/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter by release' })
    const master = await within(dialog).findByRole('checkbox', { name: 'Master Set' })
    expect(master).toBeChecked()
    await u.click(within(dialog).getByRole('checkbox', { name: 'The Frostdale Giants' }))
    await u.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(box()).toHaveValue('release:master or release:the-frostdale-giants')
    expect(screen.getByTestId('search').textContent).toBe(
      '?q=release%3Amaster+or+release%3Athe-frostdale-giants',
    )
  })

  it('says why a search cannot run, naming the term, without a toast', async () => {
    answer = (url) =>
      url.pathname === '/v2/cards'
        ? {
            status: 422,
            body: {
              detail: [
                {
                  type: 'value_error',
                  loc: ['query', 'q'],
                  msg: "Search term 'cost<=x' needs a whole number of dice",
                  input: 'cost<=x',
                  ctx: { term: 'cost<=x' },
                },
              ],
            },
          }
        : { status: 200, body: RELEASES }
    renderBrowser('/cards/?q=cost%3C%3Dx')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent("Search term 'cost<=x' needs a whole number of dice")
    expect(screen.queryByText(/Failed to fetch card listing/)).toBeNull()
  })

  it('has a help popover listing the terms; Escape closes it and focus returns', async () => {
    const u = user()
    renderBrowser('/cards/')
    await screen.findByRole('link', { name: 'Hammer Knight' })
    const help = screen.getByRole('button', { name: 'Search help' })
    await u.click(help)
    const dialog = screen.getByRole('dialog', { name: 'Search terms' })
    expect(help).toHaveAttribute('aria-expanded', 'true')
    for (const example of ['type:ally', 'dice:charm', 'release:master-set', 'cost<=2']) {
      expect(within(dialog).getByText(example)).toBeInTheDocument()
    }
    expect(within(dialog).getByText('text:"draw 1 card"')).toBeInTheDocument()
    expect(within(dialog).getByText('r:frost')).toBeInTheDocument()
    // The last line says what plain words do, not how it used to be.
    expect(dialog).not.toHaveTextContent(/as before/)
    expect(dialog).toHaveTextContent(
      'Other words find cards with a word in the name or text that starts with each of them',
    )
    await u.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Search terms' })).toBeNull()
    expect(help).toHaveFocus()
  })
})
