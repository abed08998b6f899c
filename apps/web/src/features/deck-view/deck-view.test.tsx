import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render-with-app.tsx'
import { DeckCardCount, DeckView, type ViewableDeck } from './deck-view.tsx'

const entry = (name: string, type: string, count: number, phoenixborn: string | null = null) => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  count,
  phoenixborn,
})

const deck: ViewableDeck = {
  phoenixborn: {
    name: 'Sera Emberlock',
    stub: 'sera-emberlock',
    battlefield: 5,
    life: 17,
    spellboard: 4,
  },
  dice: [
    { name: 'ceremonial', count: 5 },
    { name: 'charm', count: 5 },
  ],
  cards: [
    entry('Quick Study', 'Action Spell', 3),
    entry('Gentle Word', 'Reaction Spell', 2),
    entry('Charmed Guardian', 'Ally', 3),
    entry('Ashbound Acolyte', 'Ally', 3),
    entry("Sera's Firebrand", 'Ready Spell', 1, 'Sera Emberlock'),
    entry('Grave Offering', 'Alteration Spell', 2),
  ],
  conjurations: [entry('Lantern Moth', 'Conjuration', 3)],
}

describe('DeckView', () => {
  it('lists the sections in deck order with plural titles and counts, cards by name', () => {
    renderWithApp(<DeckView deck={deck} />)
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(headings).toEqual([
      'Ready Spells (1)',
      'Allies (6)',
      'Alteration Spells (2)',
      'Action Spells (3)',
      'Reaction Spells (2)',
      'Conjurations (3)',
    ])
    const allies = within(screen.getByRole('region', { name: 'Allies' }))
    expect(allies.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Ashbound Acolyte',
      'Charmed Guardian',
    ])
    expect(allies.getAllByRole('listitem')[0]).toHaveTextContent('3×')
    expect(screen.getByRole('link', { name: 'Charmed Guardian' })).toHaveAttribute(
      'href',
      '/cards/charmed-guardian/',
    )
  })

  it('shows the Phoenixborn with its stats and the dice', () => {
    renderWithApp(<DeckView deck={deck} />)
    expect(screen.getByRole('heading', { level: 2, name: 'Sera Emberlock' })).toBeInTheDocument()
    expect(screen.getByText('Battlefield')).toHaveTextContent('Battlefield 5')
    expect(screen.getByText('Life')).toHaveTextContent('Life 17')
    expect(screen.getByText('Dice: 5 Ceremonial, 5 Charm')).toBeInTheDocument()
    // Conjurations do not count toward the 30.
    expect(screen.getByText('14/30')).toHaveAttribute('data-valid', 'false')
  })

  it('links Legacy decks to Legacy cards', () => {
    renderWithApp(<DeckView deck={{ ...deck, is_legacy: true }} />)
    expect(screen.getByRole('link', { name: 'Quick Study' })).toHaveAttribute(
      'href',
      '/cards/legacy/quick-study/',
    )
  })
})

describe('DeckCardCount', () => {
  it.each([
    [29, 'false'],
    [30, 'true'],
    [31, 'false'],
  ])('%i cards is valid: %s', (count, valid) => {
    renderWithApp(<DeckCardCount count={count} />)
    const counter = screen.getByText(`${count}/30`)
    expect(counter).toHaveAttribute('data-valid', valid)
    expect(counter.className.includes('countInvalid')).toBe(valid === 'false')
  })

  it('marks fan-made cards with the dagger in the deck list, official ones not', () => {
    const legacyDeck: ViewableDeck = {
      ...deck,
      is_legacy: true,
      cards: [
        { ...entry('Chant of Revenge', 'Action Spell', 3), release: { is_phg: true } },
        { ...entry('Raven Call', 'Action Spell', 2), release: { is_phg: false } },
      ],
      conjurations: [{ ...entry('Raven', 'Conjuration', 2), release: { is_phg: false } }],
    }
    renderWithApp(<DeckView deck={legacyDeck} />)
    const row = (name: string) => screen.getByRole('link', { name }).closest('li')
    expect(row('Raven Call')).toHaveTextContent('†')
    expect(row('Raven')).toHaveTextContent('†')
    expect(row('Chant of Revenge')).not.toHaveTextContent('†')
    expect(within(row('Raven Call') as HTMLElement).getByTitle(/Fan-made/)).toBeInTheDocument()
  })
})
