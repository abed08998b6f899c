import { DICE_ODDS_HELP } from '@spellboard/core/dice-odds'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, renderWithApp } from '../../../test/render-with-app.tsx'
import { DeckInsights } from './deck-insights.tsx'
import { cardReplies, FULL_DECK, SERA } from './test-deck.ts'

afterEach(() => vi.unstubAllGlobals())

const region = (name: string) => within(screen.getByRole('region', { name }))

/** The minimal entries of a shared deck: no costs. */
const minimalDeck = {
  ...FULL_DECK,
  cards: FULL_DECK.cards.map(({ name, stub, type, count, release }) => ({
    name,
    stub,
    type,
    count,
    release,
    phoenixborn: null,
  })),
}

describe('Deck analysis', () => {
  it('counts cards by type, draws and tabulates the cost curve', async () => {
    fakeApi({ [`GET /cards/${SERA.stub}`]: [{ status: 200, body: SERA }] })
    renderWithApp(<DeckInsights deck={FULL_DECK} fullCards />)
    await screen.findByRole('heading', { name: 'Deck analysis', level: 2 })

    const types = region('Cards by type')
    expect(types.getByRole('row', { name: 'Action Spells 9' })).toBeInTheDocument()
    expect(types.getByRole('row', { name: 'Allies 12' })).toBeInTheDocument()
    expect(types.getByRole('row', { name: 'All cards 27' })).toBeInTheDocument()
    expect(types.getByRole('row', { name: 'Conjuration pile 4' })).toBeInTheDocument()

    const curve = region('Cost curve')
    expect(curve.getByRole('img', { name: 'Cost curve' }).tagName).toBe('svg')
    const [dice, copies] = curve.getAllByRole('row')
    expect(
      within(dice as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0', '1', '2', '3', '4', '5+'])
    expect(
      within(copies as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '12', '9', '0', '0', '3'])
  })

  it('sets the symbols needed beside the dice chosen and flags a type not chosen', async () => {
    fakeApi({ [`GET /cards/${SERA.stub}`]: [{ status: 200, body: SERA }] })
    renderWithApp(<DeckInsights deck={FULL_DECK} fullCards />)
    const dice = within(await screen.findByRole('region', { name: 'Dice' }))
    // Play: Grave Offering 3 power, Big One 6 class and 3 power; effects: Sera 1, the Hound 3.
    expect(dice.getByRole('row', { name: /^Ceremonial/ })).toHaveTextContent(
      'Ceremonial6 class, 6 power4 class5',
    )
    expect(dice.getByRole('row', { name: /^Charm/ })).toHaveTextContent('Charm12 class–4')
    const illusion = dice.getByRole('row', { name: /^Illusion/ })
    expect(illusion).toHaveTextContent('Illusion3 class–0Needed, not chosen')
    expect(dice.getByText('Basic symbols (any face): 18')).toBeInTheDocument()
  })

  it('lists the problems in the shared wording', async () => {
    fakeApi({ [`GET /cards/${SERA.stub}`]: [{ status: 200, body: SERA }] })
    renderWithApp(<DeckInsights deck={FULL_DECK} fullCards />)
    const problems = within(await screen.findByRole('region', { name: 'Problems' }))
    expect(problems.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '9 of 10 dice',
      '27 of 30 cards',
      'Mind Fog needs illusion dice',
    ])
  })

  it("says 'No problems found' for a legal deck", async () => {
    fakeApi({ [`GET /cards/${SERA.stub}`]: [{ status: 200, body: SERA }] })
    const legal = {
      ...FULL_DECK,
      dice: [...FULL_DECK.dice, { name: 'illusion', count: 1 }],
      cards: [
        ...FULL_DECK.cards,
        { name: 'More', stub: 'more', type: 'Action Spell', release: SERA.release, count: 3 },
      ],
    }
    renderWithApp(<DeckInsights deck={legal} fullCards />)
    const problems = within(await screen.findByRole('region', { name: 'Problems' }))
    expect(problems.getByText('No problems found')).toBeInTheDocument()
    expect(problems.queryByRole('listitem')).toBeNull()
  })

  it('reads the costs of a shared deck card by card', async () => {
    const { calls } = fakeApi(cardReplies())
    renderWithApp(<DeckInsights deck={minimalDeck} />)
    await screen.findByRole('heading', { name: 'Deck analysis' })
    // Cards one by one; the One Collection line reads what each box holds.
    expect(calls.map((call) => call.path).sort()).toEqual(
      [
        ...[SERA, ...FULL_DECK.cards].map((card) => `/cards/${card.stub}`),
        '/releases/boxes',
      ].sort(),
    )
    expect(region('Problems').getByText('Mind Fog needs illusion dice')).toBeInTheDocument()
  })
})

describe('First Five', () => {
  it("shows each card's chance with its Meditate figure, all five, and the model", async () => {
    fakeApi({ [`GET /cards/${SERA.stub}`]: [{ status: 200, body: SERA }] })
    renderWithApp(<DeckInsights deck={FULL_DECK} fullCards />)
    const firstFive = within(await screen.findByRole('region', { name: 'First Five' }))
    // 1 − (1/3)^4; 1 − (5/6)^5 with (5/6)^5 discards; any face; no cost; as Gentle Word.
    expect(firstFive.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Gentle Word98.8%Meditate: 0.0 discards',
      'Grave Offering59.8%Meditate: 0.4 discards',
      'Quick Study100.0%Meditate: 0.0 discards',
      'Summon Cinder Hound100.0%Meditate: 0.0 discards',
      'Ally A98.8%Meditate: 0.0 discards',
    ])
    // Two charm class symbols of four dice (8/9) and a ceremonial power of five (4651/7776).
    expect(firstFive.getByText('All five on the first roll: 53.2%')).toBeInTheDocument()
    expect(firstFive.getByText(DICE_ODDS_HELP)).toBeInTheDocument()
  })

  it('adds the line with the effects paid in round 1 when some are marked', async () => {
    fakeApi({ [`GET /cards/${SERA.stub}`]: [{ status: 200, body: SERA }] })
    renderWithApp(<DeckInsights deck={{ ...FULL_DECK, effect_costs: [SERA.stub] }} fullCards />)
    const firstFive = within(await screen.findByRole('region', { name: 'First Five' }))
    // Sera's ceremonial class beside the power: 1 − (5/6)^5 − 5·(1/6)·(2/6)^4, times 8/9.
    expect(firstFive.getByText(/^With the effects paid in round 1: 52\.3%/)).toBeInTheDocument()
  })

  it('says when the deck has no First Five', async () => {
    fakeApi({ [`GET /cards/${SERA.stub}`]: [{ status: 200, body: SERA }] })
    renderWithApp(<DeckInsights deck={{ ...FULL_DECK, first_five: [] }} fullCards />)
    const firstFive = within(await screen.findByRole('region', { name: 'First Five' }))
    expect(firstFive.getByText('No First Five marked for this deck.')).toBeInTheDocument()
  })
})
