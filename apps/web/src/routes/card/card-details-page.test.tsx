import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice.ts'
import { CardDetailsLegacyPage, CardDetailsPage } from './card-details-page.tsx'
import { usageText } from './card-side-table.tsx'
import { relatedGroups } from './related-cards.tsx'

const summon = {
  name: 'Summon Iron Rhino',
  stub: 'summon-iron-rhino',
  type: 'Ready Spell',
  release: { name: 'The Children of Blackcloud', stub: 'the-children-of-blackcloud' },
  placement: 'Spellboard',
  cost: ['[[main]]', ['1 [[charm:class]]', '1 [[sympathy:class]]']],
  dice: ['charm', 'sympathy'],
  text: '[[main]] - [[exhaust]]: Place an [[Iron Rhino]] conjuration onto your battlefield.',
}

const details = {
  card: summon,
  usage: { decks: 3, users: 1 },
  preconstructed_deck: { id: 7, title: 'Blackcloud Raiders' },
  related_cards: {
    summoning_cards: [{ name: 'Summon Iron Rhino', stub: 'summon-iron-rhino' }],
    conjurations: [{ name: 'Iron Rhino', stub: 'iron-rhino' }],
  },
  entity_id: 41,
  last_seen_entity_id: null,
}

const decks = {
  count: 12,
  next: null,
  previous: null,
  results: [
    {
      id: 5,
      title: null,
      modified: '2021-01-08T17:02:11Z',
      user: { username: 'Isaac', badge: '3000' },
      phoenixborn: { name: 'Coal Roarkwin', stub: 'coal-roarkwin' },
    },
  ],
}

const noComments = { count: 0, next: null, previous: null, results: [] }

type Handler = (url: URL, init?: RequestInit) => { status: number; body?: unknown }
let handle: Handler
const calls: { method: string; path: string }[] = []

beforeEach(() => {
  calls.length = 0
  useAppStore.setState({ session: null, preferences: DEFAULT_PREFERENCES })
  handle = (url) => {
    if (url.pathname === '/v2/decks') return { status: 200, body: decks }
    if (url.pathname.endsWith('/details')) return { status: 200, body: details }
    return { status: 404, body: { detail: 'Not Found' } }
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost')
      calls.push({ method: init?.method ?? 'GET', path: `${url.pathname}${url.search}` })
      const { status, body } = handle(url, init)
      return Promise.resolve(
        new Response(body === undefined ? null : JSON.stringify(body), { status }),
      )
    }),
  )
})

afterEach(() => vi.unstubAllGlobals())

function renderPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/cards/legacy/:stub/" element={<CardDetailsLegacyPage />} />
      <Route path="/cards/:stub/" element={<CardDetailsPage />} />
    </Routes>,
    { route },
  )
}

describe('card details', () => {
  it('shows the card, its stats table, related cards and recent decks', async () => {
    renderPage('/cards/summon-iron-rhino/')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summon Iron Rhino' }),
    ).toBeInTheDocument()
    // The title is set by an effect once the data is there.
    await waitFor(() => expect(document.title).toBe('Summon Iron Rhino - Spellboard'))
    const image = screen.getByRole('img', { name: 'Summon Iron Rhino' })
    expect(image).toHaveAttribute('width', '300')
    expect(image).toHaveAttribute('height', '420')
    expect(screen.getByText('or')).toBeInTheDocument()
    expect(screen.getByText('1 user has this card in 3 decks')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Charm magic' })).toBeInTheDocument()
    // The precon's title differs from the release: the release is text, the deck a link.
    expect(screen.getByRole('link', { name: 'Blackcloud Raiders' })).toHaveAttribute(
      'href',
      '/decks/7/',
    )
    expect(screen.queryByRole('link', { name: 'The Children of Blackcloud' })).toBeNull()
    const related = screen.getByRole('region', { name: 'Related cards' })
    expect(within(related).getByText('Summon Iron Rhino').tagName).toBe('EM')
    expect(within(related).getByRole('link', { name: 'Iron Rhino' })).toHaveAttribute(
      'href',
      '/cards/iron-rhino/',
    )
    expect(await screen.findByRole('link', { name: 'Untitled Coal Roarkwin' })).toHaveAttribute(
      'href',
      '/decks/5/',
    )
    expect(screen.getByRole('link', { name: 'See all decks using this card' })).toHaveAttribute(
      'href',
      '/decks/?card=summon-iron-rhino',
    )
    expect(calls).toContainEqual({
      method: 'GET',
      path: '/v2/decks?card=summon-iron-rhino&limit=10',
    })
    expect(document.getElementById('comments')).not.toBeNull()
    // Anonymous visitors cannot subscribe.
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull()
  })

  it("lists a Phoenixborn's recent decks by Phoenixborn, since decks never list it as a card", async () => {
    const phoenixborn = {
      name: 'Coal Roarkwin',
      stub: 'coal-roarkwin',
      type: 'Phoenixborn',
      release: { name: 'Master Set', stub: 'master-set' },
      battlefield: 6,
      life: 16,
      spellboard: 5,
    }
    handle = (url) => {
      if (url.pathname === '/v2/decks') return { status: 200, body: decks }
      if (url.pathname.endsWith('/details')) {
        return {
          status: 200,
          body: { ...details, card: phoenixborn, preconstructed_deck: null, related_cards: {} },
        }
      }
      return { status: 404, body: { detail: 'Not Found' } }
    }
    renderPage('/cards/coal-roarkwin/')
    expect(
      await screen.findByRole('link', { name: 'See all decks using this card' }),
    ).toHaveAttribute('href', '/decks/?phoenixborn=coal-roarkwin')
    expect(calls).toContainEqual({
      method: 'GET',
      path: '/v2/decks?phoenixborn=coal-roarkwin&limit=10',
    })
  })

  it('asks for the Legacy card on the Legacy page and shows it at 332x452', async () => {
    handle = (url) =>
      url.pathname === '/v2/decks'
        ? { status: 200, body: { ...decks, count: 1 } }
        : {
            status: 200,
            body: {
              ...details,
              card: { ...summon, is_legacy: true, release: { ...summon.release, is_phg: false } },
            },
          }
    renderPage('/cards/legacy/summon-iron-rhino/')
    const image = await screen.findByRole('img', { name: 'Summon Iron Rhino' })
    expect(image).toHaveAttribute('width', '332')
    expect(image).toHaveAttribute('height', '452')
    expect(calls[0]?.path).toBe('/v2/cards/summon-iron-rhino/details?show_legacy=true')
    expect(screen.getAllByText('†').length).toBeGreaterThan(0)
    expect(screen.queryByRole('link', { name: 'See all decks using this card' })).toBeNull()
  })

  it('says so when the card does not exist, offering the other edition', async () => {
    handle = () => ({ status: 404, body: { detail: 'Not Found' } })
    renderPage('/cards/nope/')
    expect(await screen.findByRole('heading', { name: 'No card found' })).toBeInTheDocument()
    expect(screen.getByText(/Sorry, this does not appear to be a valid card!/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Try the Legacy version.' })).toHaveAttribute(
      'href',
      '/cards/legacy/nope/',
    )
  })

  it('subscribes and unsubscribes a logged-in player', async () => {
    useAppStore.setState({
      session: { token: 'x.y.z', username: 'Ann', badge: 'a1', isAdmin: false },
    })
    handle = (url, init) => {
      if (url.pathname === '/v2/subscription/41') {
        return init?.method === 'POST'
          ? { status: 201, body: { last_seen_entity_id: 99 } }
          : { status: 204 }
      }
      if (url.pathname === '/v2/decks') return { status: 200, body: decks }
      if (url.pathname === '/v2/comments/41') return { status: 200, body: noComments }
      return { status: 200, body: details }
    }
    const u = userEvent.setup()
    renderPage('/cards/summon-iron-rhino/')
    await u.click(await screen.findByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument()
    expect(
      calls.filter((call) => call.path === '/v2/subscription/41').map((call) => call.method),
    ).toEqual(['POST', 'DELETE'])
  })
})

describe('usage text', () => {
  it.each([
    [{ users: 0, decks: 0 }, '0 users have this card in 0 decks'],
    [{ users: 1, decks: 1 }, '1 user has this card in 1 deck'],
    [{ users: 2, decks: 5 }, '2 users have this card in 5 decks'],
  ])('%o', (usage, text) => expect(usageText(usage)).toBe(text))
})

describe('related groups', () => {
  const pb = { name: 'Aradel Summergaard', stub: 'aradel-summergaard' }
  const unique = { name: 'Water Blast', stub: 'water-blast' }
  const conj = { name: 'Blue Jaguar', stub: 'blue-jaguar' }

  it.each([
    ['nothing', {}, []],
    [
      'the Phoenixborn group',
      { phoenixborn: pb, phoenixborn_conjurations: [conj], phoenixborn_unique: unique },
      [
        { cards: [pb], conjurations: [conj] },
        { cards: [unique], conjurations: [] },
      ],
    ],
    [
      'the summon group',
      { summoning_cards: [unique], conjurations: [conj] },
      [{ cards: [unique], conjurations: [conj] }],
    ],
  ])('%s', (_, related, groups) => expect(relatedGroups(related)).toEqual(groups))
})
