import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { CardsPage } from '../../routes/cards/cards-page.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { INITIAL_BUILDER } from '../../store/builder-slice.ts'
import { startNewDeck } from '../../store/builder-transitions.ts'
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice.ts'

const card = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  stub: name.toLowerCase().replace(/ /g, '-'),
  type: 'Ally',
  release: { name: 'Master Set', stub: 'master-set' },
  ...extra,
})

const CARDS = [
  card('Hammer Knight'),
  card('Emberlock Oath', { type: 'Ready Spell', phoenixborn: 'Sera Emberlock' }),
  card('Dawn Seraph', { type: 'Conjuration' }),
  card('Sera Emberlock', { type: 'Phoenixborn' }),
  card('Mark of the Goddess', { type: 'Alteration Spell', phoenixborn: 'Astrea' }),
]

const requests: URL[] = []
const lastQuery = () =>
  requests
    .filter((url) => url.pathname === '/v2/cards')
    .at(-1)
    ?.searchParams.toString()

function building(enabled: boolean) {
  const builder = startNewDeck(INITIAL_BUILDER, false)
  useAppStore.setState({
    preferences: DEFAULT_PREFERENCES,
    builder: enabled
      ? {
          ...builder,
          deck: {
            ...builder.deck,
            phoenixborn: { stub: 'sera-emberlock', name: 'Sera Emberlock' },
          },
        }
      : INITIAL_BUILDER,
  })
}

beforeEach(() => {
  requests.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost')
      requests.push(url)
      const body = { count: CARDS.length, next: null, previous: null, results: CARDS }
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
    }),
  )
})

afterEach(() => vi.unstubAllGlobals())

describe('the card browser while a deck is being built', () => {
  it('is the plain browser when the builder is off', async () => {
    building(false)
    renderWithProviders(<CardsPage />, { route: '/cards/' })
    expect(await screen.findByRole('link', { name: 'Hammer Knight' })).toBeInTheDocument()
    expect(lastQuery()).toBe('limit=50&sort=name&order=asc')
    expect(screen.queryByRole('group', { name: /^Copies of / })).toBeNull()
    expect(screen.queryByRole('switch', { name: 'Show conjurations and Phoenixborn' })).toBeNull()
  })

  it('lists what the deck can hold, with the Phoenixborn’s own cards and quantity buttons', async () => {
    building(true)
    renderWithProviders(<CardsPage />, { route: '/cards/' })
    expect(await screen.findByRole('link', { name: 'Hammer Knight' })).toBeInTheDocument()
    expect(lastQuery()).toBe(
      'limit=50&sort=name&order=asc&mode=deckbuilder&include_uniques_for=Sera+Emberlock',
    )
    const groups = screen.getAllByRole('group', { name: /^Copies of / })
    expect(
      groups.map((group) => group.textContent?.replace(/^Copies of (.*) in your deck.*$/, '$1')),
    ).toEqual(['Hammer Knight', 'Emberlock Oath'])
    expect(within(groups[0] as HTMLElement).getAllByRole('button')).toHaveLength(4)
  })

  it('shows everything on request (the plain listing), with buttons only where the deck can use them', async () => {
    building(true)
    const user = userEvent.setup()
    renderWithProviders(<CardsPage />, { route: '/cards/' })
    await user.click(
      await screen.findByRole('switch', { name: 'Show conjurations and Phoenixborn' }),
    )
    // No mode and no include_uniques_for: other Phoenixborns' unique cards come too.
    await waitFor(() => expect(lastQuery()).toBe('limit=50&sort=name&order=asc'))
    expect(useAppStore.getState().preferences.deckbuilderMode).toBe(false)
    expect(screen.getByRole('link', { name: 'Mark of the Goddess' })).toBeInTheDocument()
    expect(
      screen
        .getAllByRole('group', { name: /^Copies of / })
        .map((group) => group.textContent?.replace(/^Copies of (.*) in your deck.*$/, '$1')),
    ).toEqual(['Hammer Knight', 'Emberlock Oath'])
  })
})
