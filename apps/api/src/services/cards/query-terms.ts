import { type CardQuery, type CardTerm, hasTerms } from '@spellboard/core/card-query'
import {
  matchesCardQuery,
  plainCardText,
  playCostDice,
  termMatches,
} from '@spellboard/core/card-query-match'
import { type Catalogue, type CatalogueCard, catalogueMemo } from './catalogue.ts'
import { diceFilter } from './dice-filter.ts'

/** What the terms read of a card, worked out once per catalogue (every listing compares it). */
type TermFacts = { plainText: string; costDice: number }

function factsOf(catalogue: Catalogue): (card: CatalogueCard) => TermFacts {
  const facts = catalogueMemo(catalogue, 'query-term-facts', () => new Map<number, TermFacts>())
  return (card) => {
    let known = facts.get(card.id)
    if (!known) {
      known = { plainText: plainCardText(card.wire.text), costDice: playCostDice(card.wire.cost) }
      facts.set(card.id, known)
    }
    return known
  }
}

/**
 * `dice:` is the dice filter with `includes` for one type; `dice:basic` is the filter with
 * `only` (a card that needs no magic type), since "includes basic" would narrow nothing.
 */
function diceTermTest(term: Extract<CardTerm, { key: 'dice' }>) {
  const test = diceFilter([term.value], term.value === 'basic' ? 'only' : 'includes')
  return test ?? (() => true)
}

/**
 * The filter of a search's terms (`type:`, `dice:`, `release:`, `text:`, `cost`) over the
 * cached catalogue, or `null` when the search has none. The free text is searched apart.
 */
export function termsPredicate(
  catalogue: Catalogue,
  query: CardQuery,
): ((card: CatalogueCard) => boolean) | null {
  if (!hasTerms(query)) return null
  const facts = factsOf(catalogue)
  const diceTests = new Map<CardTerm, (card: CatalogueCard) => boolean>()
  const diceTest = (term: Extract<CardTerm, { key: 'dice' }>) => {
    let test = diceTests.get(term)
    if (!test) {
      test = diceTermTest(term)
      diceTests.set(term, test)
    }
    return test
  }
  const matchTerm = (card: CatalogueCard) => {
    const read = { type: card.cardType, release: card.release, ...facts(card) }
    return (term: CardTerm) => termMatches(term, read, (dice) => diceTest(dice)(card))
  }
  return (card) => matchesCardQuery(query, matchTerm(card))
}
