import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { CardDetailsPage } from '../../routes/card/card-details-page.tsx'
import { CardsPage } from '../../routes/cards/cards-page.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { type Builder, INITIAL_BUILDER } from '../../store/builder-slice.ts'
import { startNewDeck } from '../../store/builder-transitions.ts'
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice.ts'
import { PhoenixbornPicker } from './phoenixborn-picker.tsx'

const release = { name: 'Master Set', stub: 'master-set' }
const SERA = {
  name: 'Sera Emberlock',
  stub: 'sera-emberlock',
  type: 'Phoenixborn',
  release,
  battlefield: 5,
  life: 17,
  spellboard: 4,
}
const ARADEL = {
  name: 'Aradel Summergaard',
  stub: 'aradel-summergaard',
  type: 'Phoenixborn',
  release,
  battlefield: 8,
  life: 16,
  spellboard: 4,
  text: '**Spring Bloom**: [[main]]: Place 1 [[natural:class]] die on a unit.',
}
const KNIGHT = { name: 'Hammer Knight', stub: 'hammer-knight', type: 'Ally', release }
const OATH = {
  name: 'Emberlock Oath',
  stub: 'emberlock-oath',
  type: 'Ready Spell',
  release,
  phoenixborn: 'Sera Emberlock',
}

const cardsRequests: URL[] = []
const lastCardsQuery = () => cardsRequests.at(-1)?.searchParams

beforeEach(() => {
  cardsRequests.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost')
      let body: unknown = { detail: 'Not Found' }
      let status = 200
      if (url.pathname === '/v2/cards') {
        cardsRequests.push(url)
        const all = url.searchParams.get('types') === 'phoenixborn'
        const results = all ? [ARADEL, SERA] : [ARADEL, KNIGHT, OATH, SERA]
        body = { count: results.length, next: null, previous: null, results }
      } else if (url.pathname === '/v2/cards/aradel-summergaard/details') {
        body = {
          card: ARADEL,
          usage: { decks: 0, users: 0 },
          preconstructed_deck: null,
          related_cards: {},
          entity_id: 9,
          last_seen_entity_id: null,
        }
      } else if (url.pathname.startsWith('/v2/comments/')) {
        body = { count: 0, next: null, previous: null, results: [] }
      } else if (url.pathname === '/v2/decks') {
        body = { count: 0, next: null, previous: null, results: [] }
      } else status = 404
      return Promise.resolve(new Response(JSON.stringify(body), { status }))
    }),
  )
})

afterEach(() => vi.unstubAllGlobals())

const builder = () => useAppStore.getState().builder

/** A new deck, with or without a Phoenixborn and cards (a unique card of Sera's included). */
function openDeck(withSera: boolean): Builder {
  const opened = startNewDeck(INITIAL_BUILDER, false)
  const state: Builder = withSera
    ? {
        ...opened,
        deck: {
          ...opened.deck,
          phoenixborn: {
            stub: SERA.stub,
            name: SERA.name,
            battlefield: 5,
            life: 17,
            spellboard: 4,
          },
          cards: [
            {
              stub: 'hammer-knight',
              name: 'Hammer Knight',
              type: 'Ally',
              count: 3,
              phoenixborn: null,
            },
            {
              stub: 'emberlock-oath',
              name: 'Emberlock Oath',
              type: 'Ready Spell',
              count: 2,
              phoenixborn: 'Sera Emberlock',
            },
          ],
        },
      }
    : opened
  useAppStore.setState({ session: null, preferences: DEFAULT_PREFERENCES, builder: state })
  return state
}

const cardPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/cards/:stub/" element={<CardDetailsPage />} />
    </Routes>,
    { route: '/cards/aradel-summergaard/' },
  )

describe('choosing a Phoenixborn from the card browser', () => {
  it('lists the Phoenixborn while the deck has none: the switch starts on', async () => {
    openDeck(false)
    renderWithProviders(<CardsPage />, { route: '/cards/' })
    const toggle = await screen.findByRole('switch', { name: 'Show conjurations and Phoenixborn' })
    expect(toggle).toBeChecked()
    await waitFor(() => expect(lastCardsQuery()?.has('mode')).toBe(false))
    const use = await screen.findByRole('button', { name: 'Use Aradel Summergaard for this deck' })
    expect(screen.getByRole('button', { name: 'Use Sera Emberlock for this deck' })).toBeVisible()
    await userEvent.setup().click(use)
    await waitFor(() => expect(builder().deck.phoenixborn?.stub).toBe('aradel-summergaard'))
    // With a Phoenixborn chosen, the player's own setting (deck cards only) applies again.
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Show conjurations and Phoenixborn' }),
      ).not.toBeChecked(),
    )
    await waitFor(() => expect(lastCardsQuery()?.get('mode')).toBe('deckbuilder'))
  })

  it('offers a swap on the other Phoenixborn and marks the chosen one', async () => {
    openDeck(true)
    useAppStore.getState().setPreference('deckbuilderMode', false)
    renderWithProviders(<CardsPage />, { route: '/cards/' })
    const swap = await screen.findByRole('button', { name: 'Swap to Aradel Summergaard' })
    expect(swap).toHaveTextContent('Swap')
    expect(screen.queryByRole('button', { name: /Sera Emberlock/ })).toBeNull()
    const seraRow = screen.getByRole('link', { name: 'Sera Emberlock' }).closest('li')
    expect(within(seraRow as HTMLElement).getByText('Chosen')).toBeInTheDocument()
  })
})

describe("a Phoenixborn's card page while a deck is being built", () => {
  it('has no deck button when no deck is being built', async () => {
    useAppStore.setState({ builder: INITIAL_BUILDER, session: null })
    cardPage()
    expect(await screen.findByRole('heading', { name: 'Aradel Summergaard' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Aradel Summergaard/ })).toBeNull()
  })

  it('uses the Phoenixborn for a deck without one', async () => {
    openDeck(false)
    cardPage()
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Use Aradel Summergaard for this deck' }))
    await waitFor(() => expect(builder().deck.phoenixborn?.stub).toBe('aradel-summergaard'))
    expect(await screen.findByText("Your deck's Phoenixborn")).toBeInTheDocument()
  })

  it("swaps to it, saying that the other Phoenixborn's unique card leaves the deck", async () => {
    openDeck(true)
    cardPage()
    const swap = await screen.findByRole('button', { name: 'Swap to Aradel Summergaard' })
    expect(screen.getByText(/The card unique to Sera Emberlock will leave the deck/)).toBeVisible()
    await userEvent.setup().click(swap)
    await waitFor(() => expect(builder().deck.phoenixborn?.stub).toBe('aradel-summergaard'))
    expect(builder().deck.cards.map((card) => card.stub)).toEqual(['hammer-knight'])
  })
})

describe('the three ways to choose a Phoenixborn', () => {
  it.each([false, true])(
    'leave the builder in the same state (deck with a Phoenixborn already: %s)',
    async (withSera) => {
      const user = userEvent.setup()
      const action = withSera
        ? 'Swap to Aradel Summergaard'
        : 'Use Aradel Summergaard for this deck'
      const outcomes: Builder[] = []

      openDeck(withSera)
      const picker = renderWithProviders(<PhoenixbornPicker />)
      await user.click(await screen.findByRole('button', { name: /^Aradel Summergaard/ }))
      outcomes.push(builder())
      picker.unmount()

      openDeck(withSera)
      if (withSera) useAppStore.getState().setPreference('deckbuilderMode', false)
      const browser = renderWithProviders(<CardsPage />, { route: '/cards/' })
      await user.click(await screen.findByRole('button', { name: action }))
      await waitFor(() => expect(builder().deck.phoenixborn?.stub).toBe('aradel-summergaard'))
      outcomes.push(builder())
      browser.unmount()

      openDeck(withSera)
      const page = cardPage()
      await user.click(await screen.findByRole('button', { name: action }))
      await waitFor(() => expect(builder().deck.phoenixborn?.stub).toBe('aradel-summergaard'))
      outcomes.push(builder())
      page.unmount()

      expect(outcomes[0]?.deck).toEqual({
        ...outcomes[0]?.deck,
        phoenixborn: {
          stub: 'aradel-summergaard',
          name: 'Aradel Summergaard',
          battlefield: 8,
          life: 16,
          spellboard: 4,
        },
      })
      expect(outcomes[1]).toEqual(outcomes[0])
      expect(outcomes[2]).toEqual(outcomes[0])
    },
  )
})

describe('the Phoenixborn picker', () => {
  it('shows each Phoenixborn’s ability text under its name and stats, describing its button', async () => {
    useAppStore.setState({ builder: startNewDeck(INITIAL_BUILDER, false) })
    renderWithProviders(<PhoenixbornPicker />)
    const button = await screen.findByRole('button', { name: /^Aradel Summergaard/ })
    const item = button.closest('li') as HTMLElement
    expect(within(item).getByText('Spring Bloom')).toBeInTheDocument()
    expect(item).toHaveTextContent('Place 1')
    expect(button).toHaveAccessibleDescription(/Spring Bloom.*Place 1/)
    // Sera has no text in this listing: no empty box under her.
    const sera = (await screen.findByRole('button', { name: /^Sera Emberlock/ })).closest('li')
    expect(sera?.children).toHaveLength(1)
  })
})
