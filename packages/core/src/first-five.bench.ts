import { bench, describe } from 'vitest'
import { hasRealData, loadRealData } from '../test/real-data.ts'
import { SPREAD_CARDS, SPREAD_DECK } from '../test/spread-deck.ts'
import { type FirstFiveDeck, firstFiveOdds } from './first-five.ts'

/**
 * `npm run bench -w packages/core`: every odds a deck page shows (each First Five card, all five,
 * all five with the marked effects, and a ticked plan of three) must compute in under 5 ms.
 * The target is per deck; `scripts/bench.mjs` fails the run when a median is above it.
 */

const plan = (deck: FirstFiveDeck) => deck.first_five.slice(0, 3)

describe('First Five odds of one deck (target: under 5 ms)', () => {
  if (hasRealData) {
    const { lookup, decks } = loadRealData()
    // The precon whose all-five chance is lowest: the most outcomes to weigh.
    const spirits = decks.find((deck) => deck.title === 'The Spirits of Memoria')
    if (spirits) {
      bench('The Spirits of Memoria (5 illusion, 5 divine)', () => {
        firstFiveOdds(spirits, lookup, plan(spirits))
      })
    }
    const living = decks.find((deck) => deck.title === 'The Bloodwoods Queen')
    if (living) {
      bench('The Bloodwoods Queen (an either/or cost)', () => {
        firstFiveOdds(living, lookup, plan(living))
      })
    }
  }
  bench('10 dice of 5 types, either/or costs everywhere', () => {
    firstFiveOdds(SPREAD_DECK, SPREAD_CARDS, plan(SPREAD_DECK))
  })
})
