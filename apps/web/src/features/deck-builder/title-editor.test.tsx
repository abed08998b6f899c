import type { DeckSaveOut } from '@spellboard/core/decks'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useAppStore } from '../../store/app-store.ts'
import { INITIAL_BUILDER } from '../../store/builder-slice.ts'
import { saveStarted, saveSucceeded, startNewDeck } from '../../store/builder-transitions.ts'
import { DescriptionEditor } from './description-editor.tsx'
import { TitleEditor } from './title-editor.tsx'

// The label is what is tested here, not saving: the save button's save is not sent.
vi.mock('./autosave.ts', () => ({ saveNow: () => Promise.resolve(true) }))

const builder = () => useAppStore.getState().builder
const status = () => screen.getByRole('status')

/** A saved deck with a Phoenixborn, open in the builder and in step with the server. */
function openSavedDeck() {
  const opened = startNewDeck(INITIAL_BUILDER, false)
  useAppStore.setState({
    builder: {
      ...opened,
      deck: {
        ...opened.deck,
        id: 7,
        title: 'Embers',
        phoenixborn: { stub: 'sera-emberlock', name: 'Sera Emberlock' },
      },
    },
  })
}

/** The server answers the save that is under way with the deck as the builder holds it. */
function saveLands() {
  act(() => {
    const ticket = { revision: builder().revision, generation: builder().generation }
    useAppStore.setState({ builder: saveStarted(builder()) })
    const { deck } = builder()
    const answer = {
      id: deck.id,
      title: deck.title,
      description: deck.description,
      phoenixborn: { ...deck.phoenixborn, is_legacy: false },
      dice: [],
      cards: [],
      conjurations: [],
      is_red_rains: false,
      modified: '2026-01-01T00:00:00Z',
    } as unknown as DeckSaveOut
    useAppStore.setState({ builder: saveSucceeded(builder(), ticket, answer, '"1-2"') })
  })
}

describe('the save label', () => {
  beforeEach(openSavedDeck)

  it("reads 'Save your deck' from the first letter typed in the title until the save lands", async () => {
    const user = userEvent.setup()
    render(<TitleEditor />)
    expect(status()).toHaveTextContent('Deck is saved!')
    const title = screen.getByRole('textbox', { name: 'Deck title' })
    await user.type(title, '!')
    // Not kept yet (that happens on blur or Enter), but no longer what is saved.
    expect(builder().deck.title).toBe('Embers')
    expect(status()).toHaveTextContent('Save your deck')
    expect(screen.getByRole('button', { name: 'Save deck' })).toHaveAttribute(
      'title',
      'Save your deck',
    )
    await user.keyboard('{Enter}')
    expect(builder().deck.title).toBe('Embers!')
    expect(status()).toHaveTextContent('Save your deck')
    saveLands()
    expect(status()).toHaveTextContent('Deck is saved!')
  })

  it('is back to saved when the typing is undone before it is kept', async () => {
    const user = userEvent.setup()
    render(<TitleEditor />)
    const title = screen.getByRole('textbox', { name: 'Deck title' })
    await user.type(title, 'x')
    expect(status()).toHaveTextContent('Save your deck')
    await user.type(title, '{Backspace}')
    expect(status()).toHaveTextContent('Deck is saved!')
  })

  it('counts a description being typed too', async () => {
    const user = userEvent.setup()
    render(
      <>
        <TitleEditor />
        <DescriptionEditor />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Edit description' }))
    await user.type(screen.getByRole('textbox', { name: 'Deck description...' }), 'Burn.')
    expect(builder().deck.description).toBe('')
    expect(status()).toHaveTextContent('Save your deck')
    await user.click(screen.getByRole('button', { name: 'Done editing description' }))
    expect(builder().deck.description).toBe('Burn.')
    saveLands()
    expect(status()).toHaveTextContent('Deck is saved!')
  })
})
