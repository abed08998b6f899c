/**
 * What the search box's help says about each term (`parseCardQuery`), with an example. Text in
 * backticks is a search a player can type; the help shows it as code. The API tests run every
 * example in here, and in the README's table, on the real card pools.
 */
export type CardSearchHelpEntry = {
  example: string
  also?: string
  meaning: string
}

export const CARD_SEARCH_HELP: readonly CardSearchHelpEntry[] = [
  {
    example: 'type:ally',
    also: 't:ally',
    meaning:
      'Card type, by the start of its name without spaces: `type:ready` is Ready Spell, `type:conj` both conjuration types.',
  },
  {
    example: 'dice:charm',
    also: 'd:charm',
    meaning: 'Cards whose dice include that magic type; `dice:basic` finds cards needing none.',
  },
  {
    example: 'release:master-set',
    also: 'r:frost',
    meaning: 'A release, by the start of any word of its name or stub.',
  },
  {
    example: 'cost<=2',
    meaning: 'Dice in the play cost, compared with `=`, `<`, `<=`, `>` or `>=`.',
  },
  { example: 'text:"draw 1 card"', meaning: 'A phrase in the card text.' },
  { example: '-type:ally', meaning: 'A minus before any term leaves those cards out.' },
  { example: 'type:ally or type:conj', meaning: 'Either of two terms.' },
]

/** The help's closing line: how terms and plain words combine. */
export const CARD_SEARCH_HELP_NOTE =
  'Terms combine with and. Other words find cards with a word in the name or text that starts with each of them; quotes keep a phrase together.'

/** A meaning split into plain text and code: odd pieces are code. */
export function helpPieces(meaning: string): string[] {
  return meaning.split('`')
}

/** Every search the help shows: the examples and the code in the meanings that is a search. */
export function helpSearches(entries: readonly CardSearchHelpEntry[]): string[] {
  return entries.flatMap((entry) => [
    entry.example,
    ...(entry.also ? [entry.also] : []),
    ...helpPieces(entry.meaning).filter((_, index) => index % 2 === 1),
  ])
}
