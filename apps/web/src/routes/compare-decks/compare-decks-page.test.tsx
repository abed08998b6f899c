import { screen, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, liveToken, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { CompareDecksPage } from './compare-decks-page.tsx'

const card = (name: string, type: string, count: number) => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  count,
  release: { name: 'Master Set', stub: 'master-set' },
  is_legacy: false,
})

const deck = (id: number, extra: Record<string, unknown> = {}) => ({
  deck: {
    id,
    entity_id: id + 100,
    source_id: 5,
    title: `Deck ${id}`,
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
    cards: [card('Quick Study', 'Action Spell', 3), card('Charmed Guardian', 'Ally', 3)],
    conjurations: [],
    is_public: true,
    is_snapshot: true,
    is_red_rains: false,
    comments_entity_id: null,
    ...extra,
  },
  releases: [],
})

function renderAt(at: string) {
  return renderWithApp(
    <Routes>
      <Route path="/decks/compare/" element={<CompareDecksPage />} />
    </Routes>,
    { at },
  )
}

describe('Compare decks', () => {
  beforeEach(() => useAppStore.setState({ session: null }))
  afterEach(() => vi.unstubAllGlobals())

  it('names each region by its heading and lists what differs', async () => {
    fakeApi({
      'GET /decks/1': [{ status: 200, body: deck(1) }],
      'GET /decks/2': [
        {
          status: 200,
          body: deck(2, {
            title: null,
            phoenixborn: { name: 'Odran Veilborn', stub: 'odran-veilborn' },
            dice: [
              { name: 'charm', count: 4 },
              { name: 'illusion', count: 6 },
            ],
            cards: [
              card('Quick Study', 'Action Spell', 1),
              card('Phantom Rake', 'Action Spell', 3),
            ],
          }),
        },
      ],
    })
    renderAt('/decks/compare/?left=1&right=2')

    const onlyLeft = await screen.findByRole('region', { name: 'Only in Deck 1' })
    expect(within(onlyLeft).getByRole('listitem')).toHaveTextContent('3× Charmed Guardian Ally')
    expect(within(onlyLeft).getByRole('link', { name: 'Charmed Guardian' })).toHaveAttribute(
      'href',
      '/cards/charmed-guardian/',
    )
    const onlyRight = screen.getByRole('region', { name: 'Only in Untitled Odran Veilborn' })
    expect(within(onlyRight).getByRole('listitem')).toHaveTextContent('3× Phantom Rake')
    const counts = screen.getByRole('region', { name: 'Different counts' })
    expect(within(counts).getByRole('row', { name: /Quick Study/ })).toHaveTextContent(
      'Quick Study31−2',
    )
    const dice = screen.getByRole('region', { name: 'Dice' })
    expect(within(dice).getByRole('row', { name: /Charm/ })).toHaveTextContent('Charm104−6')
    expect(within(dice).getByRole('row', { name: /Illusion/ })).toHaveTextContent('Illusion06+6')
    const phoenixborn = screen.getByRole('region', { name: 'Phoenixborn' })
    expect(
      within(phoenixborn)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sera Emberlock', 'Odran Veilborn'])
    expect(screen.getByRole('link', { name: 'Swap sides' })).toHaveAttribute(
      'href',
      '/decks/compare/?left=2&right=1',
    )
  })

  it('says so when the two decks are the same, and leaves out the Phoenixborn', async () => {
    fakeApi({
      'GET /decks/1': [{ status: 200, body: deck(1) }],
      'GET /decks/2': [{ status: 200, body: deck(2) }],
    })
    renderAt('/decks/compare/?left=1&right=2')
    expect(
      await screen.findByText('These decks have the same Phoenixborn, dice and cards.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Phoenixborn' })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Different counts' })).toHaveTextContent(
      'No card has different counts',
    )
  })

  it('refuses as the deck page does, showing nothing of either deck', async () => {
    fakeApi({
      'GET /decks/1': [{ status: 200, body: deck(1) }],
      'GET /decks/2': [{ status: 403, body: { detail: 'Forbidden' } }],
    })
    renderAt('/decks/compare/?left=1&right=2')
    expect(await screen.findByRole('heading', { name: 'No deck found' })).toBeInTheDocument()
    expect(screen.getByText('Sorry, this does not appear to be a valid deck!')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /Only in/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Quick Study')).not.toBeInTheDocument()
  })

  it("shows a player's own working deck as saved, and others' decks as anyone sees them", async () => {
    useAppStore.setState({
      session: { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false },
    })
    const { calls } = fakeApi({
      'GET /decks/1': [
        { status: 200, body: deck(1, { is_public: false, is_snapshot: false, title: 'Mine' }) },
      ],
      'GET /decks/2': [
        { status: 403, body: { detail: 'Forbidden' } },
        { status: 200, body: deck(2) },
      ],
    })
    renderAt('/decks/compare/?left=1&right=2')
    expect(await screen.findByRole('region', { name: 'Left deck' })).toHaveTextContent(
      'Latest private save',
    )
    expect(screen.getByRole('region', { name: 'Right deck' })).toHaveTextContent('Public snapshot')
    expect(calls.map((call) => call.path)).toEqual(['/decks/1', '/decks/2', '/decks/2'])
  })

  it('explains what is missing when the address names no two decks', () => {
    fakeApi({})
    renderAt('/decks/compare/?left=7&right=x')
    expect(screen.getByText('Choose two decks to compare.')).toBeInTheDocument()
    expect(
      screen.getByText('This address does not name two decks: both left and right need a deck id.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Left deck' })).toHaveValue('7')
    expect(screen.queryByRole('region', { name: 'Dice' })).not.toBeInTheDocument()
  })
})
