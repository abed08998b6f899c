import { bench, describe } from 'vitest'
import { hasRealData, loadRealData } from '../test/real-data.ts'
import { type DrawDeck, drawOdds, drawOddsModel, formatExactChance } from './draw-odds.ts'

/**
 * `npm run bench -w packages/core`: the 'Draw odds' table of one deck, as a deck page shows it
 * (every chance worked out and written as a percentage, and the paragraph under the table), must
 * take well under 1 ms. `scripts/bench.mjs` fails the run when a median is at 1 ms or more.
 */

function table(deck: DrawDeck): number {
  const odds = drawOdds(deck)
  let cells = drawOddsModel(odds).length
  for (const row of odds.rows)
    for (const chance of row.chances) cells += formatExactChance(chance).length
  return cells
}

const distinct = (cards: number, copies: number) =>
  Array.from({ length: cards }, (_, i) => ({
    name: `Card ${i}`,
    stub: `card-${i}`,
    type: 'Ally',
    count: copies,
  }))
const firstFive = ['card-0', 'card-1', 'card-2', 'card-3', 'card-4']

describe('Draw odds of one deck (target: under 1 ms)', () => {
  if (hasRealData) {
    const { decks } = loadRealData()
    const precon = decks.find((deck) => deck.first_five.length === 5)
    if (precon) bench(`${precon.title} (a precon with its First Five)`, () => void table(precon))
  }
  // The most rows a legal deck can have: 30 different cards.
  bench('30 different cards, with a First Five', () => {
    table({ cards: distinct(30, 1), first_five: firstFive })
  })
  bench('30 different cards, without a First Five', () => {
    table({ cards: distinct(30, 1), first_five: [] })
  })
  // The builder lets a deck grow past 30 while it is built: 270 cards, big binomials.
  bench('90 different cards of 3 copies each (270 cards, a builder deck far past 30)', () => {
    table({ cards: distinct(90, 3), first_five: firstFive })
  })
})
