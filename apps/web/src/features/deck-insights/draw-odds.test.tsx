import { sampleHand } from '@spellboard/core/sample-hand'
import { parseSampleSeed } from '@spellboard/core/sample-seed'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render-with-app.tsx'
import { DrawOdds } from './draw-odds.tsx'
import { FULL_DECK } from './test-deck.ts'

/** The address's query, for the tests to read. */
function Search() {
  return <output data-testid="search">{useLocation().search}</output>
}

const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '')
const drawOdds = () => within(screen.getByRole('region', { name: 'Draw odds' }))
const cellsOf = (name: string) =>
  within(drawOdds().getByRole('row', { name: new RegExp(`^${name}`) }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
const cardsOf = (region: HTMLElement, round: number) =>
  within(within(region).getByRole('list', { name: `Round ${round}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

function renderOdds(deck = FULL_DECK, { at = '/decks/7/', inAddress = true } = {}) {
  return renderWithApp(
    <>
      <DrawOdds deck={deck} sampleInAddress={inAddress} />
      <Search />
    </>,
    { at },
  )
}

describe('Draw odds', () => {
  it('has a row per card with its chance by rounds 2, 3 and 4, and the model under it', () => {
    renderOdds()
    const columns = drawOdds()
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(columns).toEqual(['Card', 'Round 2', 'Round 3', 'Round 4'])
    // The test deck's 9 cards in list order: Ready Spells, Allies, Alteration and Action Spells.
    expect(
      drawOdds()
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Summon Cinder Hound',
      'Ally A',
      'Ally B',
      'Ally C',
      'Big One',
      'Mind Fog',
      'Gentle Word',
      'Grave Offering',
      'Quick Study',
    ])
    // 27 cards behind a complete First Five: a pile of 22, 3 copies of Mind Fog in it.
    // 1 − C(19,d)/C(22,d) for d = 5, 10, 15.
    expect(cellsOf('Mind Fog')).toEqual(['55.8%', '85.7%', '97.7%'])
    expect(cellsOf('Ally A')).toEqual(['100.0%', '100.0%', '100.0%'])
    const model = drawOdds().getByText(/^Round 1's hand is the First Five; the other 22 cards/)
    expect(model).toHaveTextContent('1 − C(22 − k, d) / C(22, d)')
    expect(model).toHaveTextContent('This deck has 27 cards, not 30')
  })

  it('counts from the whole deck without a complete First Five', () => {
    renderOdds({ ...FULL_DECK, first_five: FULL_DECK.first_five.slice(0, 4) })
    // 1 − C(24,n)/C(27,n), the chance all 3 copies are among the 27 − n undrawn, for n = 10,
    // 15, 20: 1 − (17·16·15)/(27·26·25) = 1 − 4080/17550, then 1 − 1320/17550, 1 − 210/17550.
    expect(cellsOf('Ally A')).toEqual(['76.8%', '92.5%', '98.8%'])
    expect(drawOdds().getByText(/^Without a complete First Five/)).toBeInTheDocument()
  })

  it('says so when the deck has no cards, and offers no sample', () => {
    renderOdds({ ...FULL_DECK, cards: [], first_five: [] })
    expect(drawOdds().getByText('No cards in this deck yet.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Draw a sample hand' })).toBeNull()
  })
})

describe('Sample hand', () => {
  it('opens on round 1, draws round after round into the address, and runs out', async () => {
    renderOdds()
    expect(screen.queryByRole('region', { name: 'Sample hand' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Draw a sample hand' }))
    const region = await screen.findByRole('region', { name: 'Sample hand' })
    const next = within(region).getByRole('button', { name: 'Next round' })
    await waitFor(() => expect(next).toHaveFocus())

    const seed = parseSampleSeed(search().get('sample'))
    expect(seed).not.toBeNull()
    expect(search().get('rounds')).toBe('1')
    expect(cardsOf(region, 1)).toEqual([
      'Gentle Word',
      'Grave Offering',
      'Quick Study',
      'Summon Cinder Hound',
      'Ally A',
    ])
    const status = within(region).getByRole('status')
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Round 1, your First Five: Gentle Word, Grave Offering, Quick Study, Summon Cinder Hound, Ally A.',
      ),
    )

    fireEvent.click(next)
    expect(search().get('rounds')).toBe('2')
    const expected = sampleHand(FULL_DECK, seed ?? 0, 6)
    const round2 = expected.rounds[1]?.cards.map((card) => card.name) ?? []
    expect(cardsOf(region, 2)).toEqual(round2)
    await waitFor(() => expect(status).toHaveTextContent(`Round 2: ${round2.join(', ')}.`))
    expect(within(region).getByText('17 cards left in the draw pile.')).toBeInTheDocument()

    // 22 cards in the pile: rounds 2 to 6, the last one of 2 cards.
    for (const round of [3, 4, 5, 6]) {
      fireEvent.click(next)
      expect(cardsOf(region, round)).toEqual(
        expected.rounds[round - 1]?.cards.map((card) => card.name),
      )
    }
    expect(cardsOf(region, 6)).toHaveLength(2)
    expect(next).toBeDisabled()
    expect(
      within(region).getByText('The draw pile is empty: all 27 cards have been drawn.'),
    ).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Shuffle again' })).toHaveFocus()
    await waitFor(() => expect(status).toHaveTextContent(/The draw pile is empty\.$/))
  })

  it('shows the sample an address names, the same cards as the shuffle of its seed', async () => {
    renderOdds(FULL_DECK, { at: '/decks/7/?sample=k3x9a&rounds=3' })
    const region = await screen.findByRole('region', { name: 'Sample hand' })
    const expected = sampleHand(FULL_DECK, parseSampleSeed('k3x9a') ?? 0, 3)
    for (const round of [1, 2, 3]) {
      expect(cardsOf(region, round)).toEqual(
        expected.rounds[round - 1]?.cards.map((card) => card.name),
      )
    }
    expect(within(region).queryByRole('list', { name: 'Round 4' })).toBeNull()
    // A link leaves the focus where it is.
    expect(within(region).getByRole('button', { name: 'Next round' })).not.toHaveFocus()
  })

  it('starts over with a new seed, and puts the hand away', async () => {
    renderOdds(FULL_DECK, { at: '/decks/7/?sample=k3x9a&rounds=3#comments' })
    const region = await screen.findByRole('region', { name: 'Sample hand' })
    fireEvent.click(within(region).getByRole('button', { name: 'Shuffle again' }))
    expect(search().get('sample')).not.toBe('k3x9a')
    expect(search().get('rounds')).toBe('1')
    expect(within(region).queryByRole('list', { name: 'Round 2' })).toBeNull()
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent(/^Shuffled again\. Round 1/),
    )

    fireEvent.click(within(region).getByRole('button', { name: 'Hide sample hand' }))
    expect(screen.queryByRole('region', { name: 'Sample hand' })).toBeNull()
    expect(search().has('sample')).toBe(false)
    expect(screen.getByRole('button', { name: 'Draw a sample hand' })).toHaveFocus()
  })

  it('says when the address names a sample it cannot read', () => {
    renderOdds(FULL_DECK, { at: '/decks/7/?sample=not-a-seed' })
    expect(
      screen.getByText('The sample hand in this address could not be read: draw a new one.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Draw a sample hand' })).toBeInTheDocument()
  })

  it("keeps the builder Preview's sample with the dialog, not in the address", async () => {
    renderOdds(FULL_DECK, { at: '/cards/?q=charm', inAddress: false })
    fireEvent.click(screen.getByRole('button', { name: 'Draw a sample hand' }))
    const region = await screen.findByRole('region', { name: 'Sample hand' })
    fireEvent.click(within(region).getByRole('button', { name: 'Next round' }))
    expect(cardsOf(region, 2)).toHaveLength(5)
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?q=charm$/)
  })

  it('never lists more copies of a card than the deck holds', async () => {
    renderOdds({ ...FULL_DECK, first_five: [] }, { at: '/decks/7/?sample=1&rounds=6' })
    const region = await screen.findByRole('region', { name: 'Sample hand' })
    const drawn = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(drawn).toHaveLength(27)
    for (const card of FULL_DECK.cards) {
      expect(drawn.filter((name) => name === card.name)).toHaveLength(card.count)
    }
  })
})
