import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { ImportDeckPage } from './import-deck-page.tsx'

const card = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  release: { name: 'Master Set', stub: 'master-set' },
  ...extra,
})

const CARDS = [
  card('Sera Emberlock', 'Phoenixborn', { battlefield: 5, life: 17, spellboard: 4 }),
  card('Quick Study', 'Action Spell'),
  card('Charmed Guardian', 'Ally'),
  card('Gentle Word', 'Action Spell'),
]

// Two pages, as the API hands out 100 cards at a time: the page reads them all. (A fresh list
// each time: the fake API takes its answers off it.)
const cardPages = () => [
  {
    status: 200,
    body: {
      count: 4,
      next: 'http://localhost/v2/cards?limit=100&offset=2',
      previous: null,
      results: CARDS.slice(0, 2),
    },
  },
  {
    status: 200,
    body: { count: 4, next: null, previous: 'x', results: CARDS.slice(2) },
  },
]

function renderPage() {
  return renderWithApp(
    <Routes>
      <Route path="/decks/mine/import/" element={<ImportDeckPage />} />
    </Routes>,
    { at: '/decks/mine/import/' },
  )
}

const type = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Deck list' }), {
    target: { value: text },
  })

describe('Import from text', () => {
  beforeEach(() =>
    useAppStore.setState({
      session: { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false },
    }),
  )
  afterEach(() => vi.unstubAllGlobals())

  it('previews the deck, marks unmatched lines and creates the deck', async () => {
    const { calls } = fakeApi({
      'GET /cards': cardPages(),
      'PUT /decks': [{ status: 200, body: { id: 41 } }],
    })
    renderPage()
    expect(await screen.findByText('Paste a deck list to see it here.')).toBeInTheDocument()
    type(
      'Embers\nPhoenixborn: Sera Emberlock\n5 Charm, 5 Ceremonial\n3x Quick Study\n2x Gentle Wordd',
    )

    const preview = screen.getByRole('region', { name: 'Preview' })
    expect(await within(preview).findByText('Embers')).toBeInTheDocument()
    expect(within(preview).getByRole('link', { name: 'Quick Study' })).toBeInTheDocument()
    const report = screen.getByRole('region', { name: '1 line not matched' })
    expect(report).toHaveTextContent('Line 5:')
    expect(report).toHaveTextContent('No card by this name.')

    // The nearest name replaces the line, its count kept.
    fireEvent.click(within(report).getByRole('button', { name: 'Gentle Word' }))
    expect(screen.getByRole('textbox', { name: 'Deck list' })).toHaveValue(
      'Embers\nPhoenixborn: Sera Emberlock\n5 Charm, 5 Ceremonial\n3x Quick Study\n2x Gentle Word',
    )
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /not matched/ })).not.toBeInTheDocument(),
    )
    expect(
      screen.getByText('Ready to create "Embers": 5 of 30 cards, 10 of 10 dice.'),
    ).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Create deck' }))
    await waitFor(() =>
      expect(screen.getByTestId('current-path')).toHaveTextContent('/decks/mine/41/'),
    )
    const put = calls.find((call) => call.method === 'PUT')
    expect(put?.body).toMatchObject({
      title: 'Embers',
      phoenixborn: 'sera-emberlock',
      dice: [
        { name: 'ceremonial', count: 5 },
        { name: 'charm', count: 5 },
      ],
      cards: [
        { stub: 'quick-study', count: 3 },
        { stub: 'gentle-word', count: 2 },
      ],
    })
    expect(put?.body).not.toHaveProperty('id')
  })

  it('creates nothing without a Phoenixborn, and says why', async () => {
    const { calls } = fakeApi({ 'GET /cards': cardPages() })
    renderPage()
    await screen.findByText('Paste a deck list to see it here.')
    type('Headless\n3x Quick Study')
    expect(
      await screen.findByText(/Nothing can be created: the text names no Phoenixborn\./),
    ).toBeInTheDocument()
    const create = screen.getByRole('button', { name: 'Create deck' })
    expect(create).toBeDisabled()
    fireEvent.click(create)
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([])
  })

  it('shows why a save was refused, and keeps the text', async () => {
    fakeApi({
      'GET /cards': cardPages(),
      'PUT /decks': [{ status: 400, body: { detail: 'Charmed Guardian is not allowed.' } }],
    })
    renderPage()
    await screen.findByText('Paste a deck list to see it here.')
    type('Sera Emberlock\n1x Charmed Guardian')
    fireEvent.click(await screen.findByRole('button', { name: 'Create deck' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The deck could not be created.')
    expect(screen.getByRole('textbox', { name: 'Deck list' })).toHaveValue(
      'Sera Emberlock\n1x Charmed Guardian',
    )
    expect(screen.getByTestId('current-path')).toHaveTextContent('/decks/mine/import/')
  })
})
