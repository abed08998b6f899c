import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { CardLink } from './card-link.tsx'

const fullCard = {
  name: 'Hammer Knight',
  stub: 'hammer-knight',
  type: 'Ally',
  release: { name: 'Master Set', stub: 'master-set' },
  cost: ['[[main]]', '1 [[natural:class]]'],
  text: 'Aftershock 1: When this unit destroys a unit, deal 1 damage.',
  attack: 3,
  life: 2,
  recover: 1,
}

let fetchCard: (url: URL) => Response
const fetched: string[] = []

// The clock below runs with real time too, so load the preview's code before timing anything.
beforeAll(async () => {
  await import('./card-preview-popup.tsx')
})

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  fetched.length = 0
  fetchCard = () => new Response(JSON.stringify(fullCard), { status: 200 })
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost')
      fetched.push(url.pathname)
      return Promise.resolve(fetchCard(url))
    }),
  )
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime })

function renderLink(card: Parameters<typeof CardLink>[0]['card'], legacy?: boolean) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={
          <p>
            Before <CardLink card={card} legacy={legacy} /> after{' '}
            <button type="button">elsewhere</button>
          </p>
        }
      />
      <Route path="/cards/:stub/" element={<h1>Card page</h1>} />
      <Route path="/cards/legacy/:stub/" element={<h1>Legacy card page</h1>} />
    </Routes>,
  )
}

const link = () => screen.getByRole('link', { name: 'Hammer Knight' })
const preview = () => screen.queryByRole('tooltip')

describe('CardLink', () => {
  it('links to the Reborn or the Legacy card page', () => {
    renderLink({ name: 'Hammer Knight', stub: 'hammer-knight' })
    expect(link()).toHaveAttribute('href', '/cards/hammer-knight/')
  })

  it('links Legacy cards to the Legacy page', () => {
    renderLink({ name: 'Hammer Knight', stub: 'hammer-knight', is_legacy: true })
    expect(link()).toHaveAttribute('href', '/cards/legacy/hammer-knight/')
  })

  it('opens the preview after 200 ms of hovering, fetching a card it only knows by name', async () => {
    const u = user()
    renderLink({ name: 'Hammer Knight', stub: 'hammer-knight' })
    await u.hover(link())
    expect(link()).toHaveAttribute('data-preview', 'opening')
    act(() => vi.advanceTimersByTime(150))
    expect(preview()).toBeNull()
    act(() => vi.advanceTimersByTime(60))
    const popup = await screen.findByRole('tooltip', { name: 'Hammer Knight' })
    expect(fetched).toEqual(['/v2/cards/hammer-knight'])
    expect(popup).toHaveTextContent('Aftershock 1:')
    expect(popup).toHaveTextContent('Attack 3')
    expect(link()).toHaveAttribute('data-preview', 'shown')
  })

  it('does not fetch a card it already has in full', async () => {
    const u = user()
    renderLink(fullCard)
    await u.hover(link())
    act(() => vi.advanceTimersByTime(200))
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Aftershock 1:')
    expect(fetched).toEqual([])
  })

  it('never opens when the pointer leaves within 200 ms', async () => {
    const u = user()
    renderLink(fullCard)
    await u.hover(link())
    act(() => vi.advanceTimersByTime(100))
    await u.unhover(link())
    act(() => vi.advanceTimersByTime(500))
    expect(preview()).toBeNull()
    expect(link()).toHaveAttribute('data-preview', 'closed')
  })

  it('closes 100 ms after the pointer leaves, unless it moves onto the preview', async () => {
    const u = user()
    renderLink(fullCard)
    await u.hover(link())
    act(() => vi.advanceTimersByTime(200))
    const popup = await screen.findByRole('tooltip')
    await u.unhover(link())
    await u.hover(popup)
    act(() => vi.advanceTimersByTime(300))
    expect(preview()).not.toBeNull()
    await u.unhover(popup)
    // Leaving does not close at once: the pointer gets 100 ms to come back.
    expect(preview()).not.toBeNull()
    act(() => vi.advanceTimersByTime(110))
    expect(preview()).toBeNull()
  })

  it('opens nothing when the card cannot be fetched', async () => {
    fetchCard = () => new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404 })
    const u = user()
    renderLink({ name: 'Hammer Knight', stub: 'hammer-knight' })
    await u.hover(link())
    act(() => vi.advanceTimersByTime(200))
    await vi.waitFor(() => expect(link()).toHaveAttribute('data-preview', 'closed'))
    expect(preview()).toBeNull()
  })

  it('shows Legacy cards as the 299x418 preview picture, without a fetch', async () => {
    const u = user()
    renderLink({ name: 'Hammer Knight', stub: 'hammer-knight' }, true)
    await u.hover(link())
    act(() => vi.advanceTimersByTime(200))
    const image = await screen.findByRole('img', { name: 'Hammer Knight' })
    expect(image).toHaveAttribute('width', '299')
    expect(image).toHaveAttribute('height', '418')
    expect(image.getAttribute('src')).toMatch(/legacy-preview\/hammer-knight\.svg$/)
    expect(fetched).toEqual([])
  })

  it('on touch, the first tap previews and the second follows the link', async () => {
    const u = user()
    renderLink(fullCard)
    await u.pointer({ keys: '[TouchA]', target: link() })
    expect(await screen.findByRole('tooltip')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Card page' })).toBeNull()
    await u.pointer({ keys: '[TouchA]', target: link() })
    expect(await screen.findByRole('heading', { name: 'Card page' })).toBeInTheDocument()
  })

  it('closes on a press outside', async () => {
    const u = user()
    renderLink(fullCard)
    await u.pointer({ keys: '[TouchA]', target: link() })
    await screen.findByRole('tooltip')
    await u.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'elsewhere' }) })
    expect(preview()).toBeNull()
  })

  it('a mouse click follows the link straight away', async () => {
    const u = user()
    renderLink(fullCard)
    await u.click(link())
    expect(await screen.findByRole('heading', { name: 'Card page' })).toBeInTheDocument()
  })
})
