import type { DeckProblem, Ineligibility } from './deck-rules.ts'

/** The wording of deck problems, one line each, for the deck pages and the builder. */

/**
 * One line for a problem, as the deck pages and the builder list it. The counts read exactly
 * '27 of 30 cards' and '9 of 10 dice'.
 */
export function problemText(problem: DeckProblem): string {
  switch (problem.kind) {
    case 'no_phoenixborn':
      return 'No Phoenixborn chosen'
    case 'card_count':
      return `${problem.have} of ${problem.need} cards`
    case 'dice_count':
      return `${problem.have} of ${problem.need} dice`
    case 'too_many_copies':
      return `${problem.have} copies of ${problem.name} (${problem.max} at most)`
    case 'too_many_uniques':
      return `${problem.have} unique cards (${problem.max} at most)`
    case 'ineligible_card':
      return ineligibleText(problem.name, problem.reason, problem.phoenixborn)
    case 'missing_magic':
      return `${problem.name} needs ${problem.types.join(' or ')} dice`
  }
}

function ineligibleText(name: string, reason: Ineligibility, phoenixborn: string | null): string {
  switch (reason) {
    case 'other_phoenixborn':
      return `${name} is unique to ${phoenixborn ?? 'another Phoenixborn'}`
    case 'legacy':
      return `${name} is a Legacy card`
    case 'phoenixborn':
      return `${name} is a Phoenixborn`
    case 'conjuration':
      return `${name} is a conjuration`
  }
}

/** The 'Problems' list: one line per problem, or 'No problems found'. */
export function problemLines(problems: readonly DeckProblem[]): string[] {
  return problems.length === 0 ? ['No problems found'] : problems.map(problemText)
}
