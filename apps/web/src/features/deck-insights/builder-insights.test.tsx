import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { useAppStore } from '../../store/app-store.ts'
import { INITIAL_BUILDER } from '../../store/builder-slice.ts'
import { startNewDeck } from '../../store/builder-transitions.ts'
import { saveBody } from '../deck-builder/autosave.ts'
import { snapshotBlocker } from '../deck-builder/builder-actions.tsx'
import { BuilderCards } from '../deck-builder/builder-cards.tsx'
import { BuilderInsights } from './builder-insights.tsx'
import { BUILDER_CARDS, cardReplies, DICE, SERA } from './test-deck.ts'

function openDeck(firstFive: string[] = []) {
  const builder = startNewDeck(INITIAL_BUILDER, false)
  useAppStore.setState({
    builder: {
      ...builder,
      deck: {
        ...builder.deck,
        id: 4,
        phoenixborn: { stub: SERA.stub, name: SERA.name },
        dice: DICE,
        cards: BUILDER_CARDS,
        firstFive,
      },
    },
  })
}

const deck = () => useAppStore.getState().builder.deck
const panel = () => within(screen.getByRole('region', { name: 'First Five' }))

beforeEach(() => {
  fakeApi(cardReplies())
})
afterEach(() => vi.unstubAllGlobals())

describe("the builder's Problems", () => {
  it('lists the problems of the shared rules and marks what keeps Publish... unavailable', async () => {
    openDeck()
    renderWithApp(<BuilderInsights />)
    const problems = within(screen.getByRole('region', { name: 'Problems' }))
    await waitFor(() =>
      expect(problems.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        '9 of 10 dice' + 'Blocks Publish...',
        '27 of 30 cards' + 'Blocks Publish...',
        'Mind Fog needs illusion dice',
      ]),
    )
    expect(
      problems.getByText(
        'Snapshot... and Publish... are unavailable until the problems marked are fixed.',
      ),
    ).toBeInTheDocument()
    // The menu's explanation names the same problems.
    expect(snapshotBlocker(deck(), { dirty: false, saving: false })).toBe(
      'Fix first: 9 of 10 dice; 27 of 30 cards',
    )
  })
})

describe("the builder's First Five", () => {
  it('marks up to five cards from the keyboard, saved as first_five', async () => {
    openDeck()
    renderWithApp(<BuilderInsights />)
    const user = userEvent.setup()
    const stubs = ['gentle-word', 'grave-offering', 'quick-study', 'summon-cinder-hound', 'ally-a']
    for (const name of ['Gentle Word', 'Grave Offering', 'Quick Study', 'Summon Cinder Hound']) {
      panel().getByRole('checkbox', { name }).focus()
      await user.keyboard(' ')
    }
    await user.click(panel().getByRole('checkbox', { name: 'Ally A' }))
    expect(deck().firstFive).toEqual(stubs)
    expect(panel().getByText('Cards to open with (5 of 5 marked)')).toBeInTheDocument()
    // A sixth card waits for one to be unmarked.
    expect(panel().getByRole('checkbox', { name: 'Ally B' })).toBeDisabled()
    expect(saveBody(deck())).toMatchObject({ first_five: stubs, effect_costs: [] })
  }, 20_000) // five cards typed one by one: slow on a loaded machine

  it("updates the plan's chance at once as cards are ticked and effects paid", async () => {
    openDeck(['gentle-word', 'grave-offering', 'quick-study', 'summon-cinder-hound', 'ally-a'])
    renderWithApp(<BuilderInsights />)
    const user = userEvent.setup()
    const status = () => panel().getByRole('status')
    await waitFor(() => expect(status()).toHaveTextContent('All five on the first roll: 53.2%'))
    expect(status()).toHaveTextContent('Round 1 plan: 53.2%')
    expect(
      panel().getByRole('checkbox', { name: 'Play Grave Offering in round 1' }),
    ).toHaveAccessibleDescription('59.8% · Meditate: 0.4 discards')

    // Without Grave Offering: two charm class symbols of four dice, 8/9.
    await user.click(panel().getByRole('checkbox', { name: 'Play Grave Offering in round 1' }))
    expect(status()).toHaveTextContent('Round 1 plan: 88.9%')
    expect(status()).toHaveTextContent('All five on the first roll: 53.2%')

    // Paying the Hound's ceremonial class too: (1 − (1/3)^5) · 8/9.
    await user.click(
      panel().getByRole('checkbox', { name: 'Pay the effect of Summon Cinder Hound in round 1' }),
    )
    expect(status()).toHaveTextContent('Round 1 plan: 88.5%')
    expect(deck().effectCosts).toEqual(['summon-cinder-hound'])
    expect(saveBody(deck())).toMatchObject({ effect_costs: ['summon-cinder-hound'] })
    expect(
      panel().getByRole('checkbox', { name: 'Pay the effect of Sera Emberlock in round 1' }),
    ).not.toBeChecked()
  })

  it('shows each card a chance-to-pay hint in the deck list', async () => {
    openDeck()
    renderWithApp(<BuilderCards />)
    const row = (await screen.findByRole('link', { name: 'Grave Offering' })).closest('li')
    await waitFor(() => expect(row).toHaveTextContent('Pays on the first roll: 59.8%'))
    const mindFog = screen.getByRole('link', { name: 'Mind Fog' }).closest('li')
    expect(mindFog).toHaveTextContent('Pays on the first roll: 0.0%')
  })
})
