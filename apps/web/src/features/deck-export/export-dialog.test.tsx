import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice.ts'
import { ExportDialog, type ShareableDeck } from './export-dialog.tsx'

const deck: ShareableDeck = {
  title: 'Embers',
  phoenixborn: { name: 'Sera Emberlock' },
  dice: [{ name: 'charm', count: 10 }],
  cards: [{ name: 'Quick Study', stub: 'quick-study', type: 'Action Spell', count: 3 }],
  conjurations: [],
  direct_share_uuid: '1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
  is_snapshot: true,
  is_public: true,
}

describe('ExportDialog', () => {
  const writeText = vi.fn(() => Promise.resolve())

  beforeEach(() => {
    useAppStore.setState({ preferences: DEFAULT_PREFERENCES })
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  })
  afterEach(() => writeText.mockClear())

  it('shows the text with the stored options, and switching one is remembered', async () => {
    const user = userEvent.setup()
    renderWithApp(<ExportDialog open onClose={() => {}} deck={deck} />)
    const text = screen.getByLabelText<HTMLTextAreaElement>('Deck text')
    expect(text).toHaveValue(
      `Embers\n\nPhoenixborn: Sera Emberlock\n\nDice:\n10x Charm\n\nCards (3 / 30):\n\nAction Spells (3):\n3x Quick Study\n\nCreated with Spellboard: ${window.location.origin}/`,
    )
    await user.click(screen.getByRole('switch', { name: 'Attribution' }))
    await user.click(screen.getByRole('switch', { name: 'Card counts' }))
    expect(text.value).not.toContain('Created with')
    expect(text.value).not.toContain('/ 30')
    expect(text.value).toContain('Action Spells:\n3x Quick Study')
    expect(useAppStore.getState().preferences).toMatchObject({
      exportShowAttribution: false,
      exportShowCardCounts: false,
      exportSortByType: true,
    })
  })

  it('copies the share address and says so', async () => {
    const user = userEvent.setup()
    renderWithApp(<ExportDialog open onClose={() => {}} deck={deck} />)
    const url = `${window.location.origin}/decks/share/${deck.direct_share_uuid}/`
    expect(screen.getByLabelText('Share URL')).toHaveValue(url)
    // The user-event clipboard stub replaces ours once set up; put ours back.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy share URL' }))
    expect(writeText).toHaveBeenCalledWith(url)
    expect(await screen.findByText('Share URL copied!')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    await act(() => Promise.resolve())
    expect(writeText).toHaveBeenLastCalledWith(expect.stringMatching(/^Embers\n/))
  })

  it('warns that a working deck link always shows the latest save', () => {
    renderWithApp(<ExportDialog open onClose={() => {}} deck={{ ...deck, is_snapshot: false }} />)
    expect(
      screen.getByText(/anyone with this link can see the most recent saved copy/),
    ).toBeVisible()
  })
})

describe('ExportDialog public address', () => {
  afterEach(() => vi.unstubAllGlobals())
  const origin = window.location.origin

  it('a public snapshot offers its own page without asking the server', () => {
    const api = fakeApi({})
    renderWithApp(<ExportDialog open onClose={() => {}} deck={{ ...deck, id: 41 }} />)
    expect(screen.getByLabelText('Public URL')).toHaveValue(`${origin}/decks/41/`)
    expect(api.calls).toHaveLength(0)
  })

  it("a working deck offers its latest public snapshot's page", async () => {
    const api = fakeApi({
      'GET /decks/7/snapshots': [
        { status: 200, body: { count: 2, next: null, previous: null, results: [{ id: 52 }] } },
      ],
    })
    const working = { ...deck, id: 7, is_snapshot: false, is_public: false }
    renderWithApp(<ExportDialog open onClose={() => {}} deck={working} />)
    expect(await screen.findByLabelText('Public URL')).toHaveValue(`${origin}/decks/52/`)
    expect(api.calls[0]?.path).toBe('/decks/7/snapshots')
  })

  it('a private snapshot of a deck never published offers only the share link', async () => {
    const api = fakeApi({
      'GET /decks/7/snapshots': [
        { status: 200, body: { count: 0, next: null, previous: null, results: [] } },
      ],
    })
    const snapshot = { ...deck, id: 9, source_id: 7, is_public: false }
    renderWithApp(<ExportDialog open onClose={() => {}} deck={snapshot} />)
    await vi.waitFor(() => expect(api.calls).toHaveLength(1))
    expect(screen.getByLabelText('Share URL')).toBeInTheDocument()
    expect(screen.queryByLabelText('Public URL')).toBeNull()
  })
})
