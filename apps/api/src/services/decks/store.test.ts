import { describe, expect, it } from 'vitest'
import { type DeckContents, selectedCardRows, selectionOf } from './store.ts'

const IDS: Record<string, number> = { pb: 1, a: 10, b: 11, c: 12, tutor: 13, outside: 99 }
const idOf = (stub: string) => IDS[stub]

const contents = (chosen: Parameters<typeof selectionOf>[0]): DeckContents => ({
  phoenixbornId: 1,
  cards: ['a', 'b', 'c', 'tutor'].map((stub) => ({ cardId: IDS[stub] ?? 0, count: 3 })),
  dice: [],
  selection: selectionOf(chosen, idOf),
})

describe('selected cards of a deck', () => {
  it('takes stubs from any caller, drops unknown stubs and keeps the order given', () => {
    expect(
      selectionOf(
        { first_five: ['b', 'nope', 'a'], effect_costs: ['pb'], tutor_map: { tutor: 'c', x: 'a' } },
        idOf,
      ),
    ).toEqual({ firstFive: [11, 10], effectCosts: [1], tutorMap: [[13, 12]] })
    expect(selectionOf({}, idOf)).toEqual({ firstFive: [], effectCosts: [], tutorMap: [] })
  })

  it('marks First Five (paid or not), paid effects of the deck and tutor links, once each', () => {
    const rows = selectedCardRows(
      7,
      contents({
        first_five: ['b', 'a', 'b', 'outside'],
        effect_costs: ['a', 'pb', 'c', 'outside'],
        tutor_map: { tutor: 'c', outside: 'a' },
      }),
    )
    expect(rows).toEqual([
      { deckId: 7, cardId: 11, isFirstFive: true, isPaidEffect: false, position: 0 },
      { deckId: 7, cardId: 10, isFirstFive: true, isPaidEffect: true, position: 1 },
      { deckId: 7, cardId: 1, isPaidEffect: true, position: 2 },
      { deckId: 7, cardId: 12, isPaidEffect: true, position: 3 },
      { deckId: 7, cardId: 12, tutorCardId: 13, position: 4 },
    ])
  })

  it('keeps no paid effects without a First Five', () => {
    expect(selectedCardRows(7, contents({ effect_costs: ['a'] }))).toEqual([])
  })
})
