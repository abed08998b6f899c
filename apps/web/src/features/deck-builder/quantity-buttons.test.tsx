import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/card-test-providers.tsx'
import { fakeApi, liveToken } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { type BuilderCard, INITIAL_BUILDER } from '../../store/builder-slice.ts'
import { startNewDeck } from '../../store/builder-transitions.ts'
import { QuantityButtons, type QuantityCard } from './quantity-buttons.tsx'

const SERA = 'Sera Emberlock'

function openDeck(cards: BuilderCard[], flags: { saving?: boolean } = {}) {
  const builder = startNewDeck(INITIAL_BUILDER, false)
  useAppStore.setState({
    builder: {
      ...builder,
      ...flags,
      deck: { ...builder.deck, phoenixborn: { stub: 'sera-emberlock', name: SERA }, cards },
    },
  })
}

const card = (overrides: Partial<QuantityCard> = {}): QuantityCard => ({
  stub: 'hammer-knight',
  name: 'Hammer Knight',
  type: 'Ally',
  ...overrides,
})

const entry = (stub: string, count: number, phoenixborn: string | null = null): BuilderCard => ({
  stub,
  name: stub,
  type: 'Ready Spell',
  count,
  phoenixborn,
})

const group = () => screen.getByRole('group', { name: /^Copies of / })
const button = (count: number) => within(group()).getByRole('button', { name: String(count) })
const deckCards = () => useAppStore.getState().builder.deck.cards

describe('the quantity buttons', () => {
  beforeEach(() => openDeck([entry('hammer-knight', 2)]))

  it('offer 0 to 3 copies, the deck’s count pressed', () => {
    renderWithProviders(<QuantityButtons card={card()} />)
    expect(group()).toHaveAccessibleName('Copies of Hammer Knight in your deck')
    expect(
      within(group())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['0', '1', '2', '3'])
    expect(button(2)).toHaveAttribute('aria-pressed', 'true')
    expect(button(3)).toHaveAttribute('aria-pressed', 'false')
  })

  it('set the count at once, and 0 takes the card out', async () => {
    const user = userEvent.setup()
    renderWithProviders(<QuantityButtons card={card()} />)
    await user.click(button(3))
    expect(deckCards()).toEqual([
      { stub: 'hammer-knight', name: 'Hammer Knight', type: 'Ally', count: 3, phoenixborn: null },
    ])
    await user.click(button(0))
    expect(deckCards()).toEqual([])
  })

  it.each([
    ['a Legacy card', card({ is_legacy: true })],
    ['a conjuration', card({ type: 'Conjuration' })],
    ['a conjured alteration spell', card({ type: 'Conjured Alteration Spell' })],
    ['a Phoenixborn', card({ type: 'Phoenixborn' })],
    ['a card unique to another Phoenixborn', card({ phoenixborn: 'Coal Roarkwin' })],
  ])('are not offered for %s', (_, target) => {
    renderWithProviders(<QuantityButtons card={target} />)
    expect(screen.queryByRole('group')).toBeNull()
  })

  it.each([
    ['no other unique cards', [], [0, 1, 2, 3]],
    ['one other unique card', [entry('oath', 1, SERA)], [0, 1, 2]],
    ['three other unique cards', [entry('oath', 3, SERA)], [0]],
  ])('for a unique card with %s, only counts within the three allowed', (_, others, enabled) => {
    openDeck(others)
    renderWithProviders(
      <QuantityButtons card={card({ stub: 'firebrand', name: 'Firebrand', phoenixborn: SERA })} />,
    )
    const usable = within(group())
      .getAllByRole('button')
      .filter((b) => !b.hasAttribute('disabled'))
      .map((b) => Number(b.textContent))
    expect(usable).toEqual(enabled)
  })

  it('pause while the deck is saving, keeping focus where it is', async () => {
    openDeck([entry('hammer-knight', 2)], { saving: true })
    const user = userEvent.setup()
    renderWithProviders(<QuantityButtons card={card()} />)
    expect(button(3)).toHaveAttribute('aria-disabled', 'true')
    button(3).focus()
    await user.keyboard('{Enter}')
    expect(button(3)).toHaveFocus()
    expect(deckCards()).toEqual([entry('hammer-knight', 2)])
  })

  describe("with the player's collection", () => {
    const boxes = [
      {
        stub: 'set-a',
        name: 'Set A',
        cards: [{ stub: 'hammer-knight', name: 'Hammer Knight', copies: 2, deck: null }],
      },
    ]
    const logIn = (owned: Record<string, number>) => {
      useAppStore.setState({
        session: { token: liveToken(), username: 'Ada', badge: '1abc', isAdmin: false },
      })
      fakeApi({
        'GET /releases/boxes': [{ status: 200, body: boxes }],
        'GET /players/me/collection': [{ status: 200, body: { releases: owned } }],
      })
    }
    afterEach(() => {
      useAppStore.setState({ session: null })
      vi.unstubAllGlobals()
    })

    it("say 'Own N' when the boxes owned hold fewer than 3, and still take more", async () => {
      logIn({ 'set-a': 1 })
      openDeck([])
      renderWithProviders(<QuantityButtons card={card()} />)
      expect(await within(group()).findByText('Own 2')).toBeVisible()
      await userEvent.click(button(3))
      expect(deckCards()).toEqual([expect.objectContaining({ stub: 'hammer-knight', count: 3 })])
    })

    it.each([
      ['the boxes hold 3 or more', { 'set-a': 2 }],
      ['the player has recorded no box at all', {}],
    ])('say nothing when %s', async (_, owned: Record<string, number>) => {
      logIn(owned)
      openDeck([])
      renderWithProviders(<QuantityButtons card={card()} />)
      await screen.findByRole('group', { name: /^Copies of / })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(within(group()).queryByText(/^Own /)).toBeNull()
    })
  })
})
