import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { DeleteDeckButton } from './delete-deck-button.tsx'

const forgetDeck = vi.fn()
vi.mock('../../features/deck-builder/builder-hooks.ts', () => ({
  useForgetDeck: () => forgetDeck,
}))

const deck = { id: 7, title: null, phoenixborn: { name: 'Sera Emberlock' }, is_snapshot: false }

describe('DeleteDeckButton', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    forgetDeck.mockClear()
  })

  it('asks to confirm for 3 seconds, then goes back to Delete without deleting', () => {
    const { calls } = fakeApi({})
    const onDeleted = vi.fn()
    renderWithApp(<DeleteDeckButton deck={deck} onDeleted={onDeleted} />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(screen.getByRole('button', { name: 'Confirm?' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(2999))
    expect(screen.getByRole('button', { name: 'Confirm?' })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument()
    expect(calls).toEqual([])
    expect(onDeleted).not.toHaveBeenCalled()
  })

  it('deletes on a second click within the time, forgets the deck and says so', async () => {
    const { calls } = fakeApi({ 'DELETE /decks/7': [{ status: 204 }] })
    const onDeleted = vi.fn()
    renderWithApp(<DeleteDeckButton deck={deck} onDeleted={onDeleted} />)
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    act(() => vi.advanceTimersByTime(2000))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm?' }))
    expect(
      await screen.findByText('Your deck "Untitled Sera Emberlock" has been deleted!'),
    ).toBeInTheDocument()
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /decks/7'])
    expect(forgetDeck).toHaveBeenCalledWith(7)
    expect(onDeleted).toHaveBeenCalledOnce()
    // The old time-out must not flip the button after the deletion.
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument()
  })

  it('names a snapshot as such, and a failed deletion leaves the deck alone', async () => {
    fakeApi({ 'DELETE /decks/8': [{ status: 403, body: { detail: 'Not your deck.' } }] })
    const onDeleted = vi.fn()
    renderWithApp(
      <DeleteDeckButton deck={{ ...deck, id: 8, is_snapshot: true }} onDeleted={onDeleted} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm?' }))
    expect(await screen.findByText('Not your deck.')).toBeInTheDocument()
    expect(onDeleted).not.toHaveBeenCalled()
    expect(forgetDeck).not.toHaveBeenCalled()
  })
})
