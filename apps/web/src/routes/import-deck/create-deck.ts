import type { Card } from '@spellboard/core/card-schemas'
import type { DeckTextResult } from '@spellboard/core/deck-text-import'
import type { DeckSaveOut } from '@spellboard/core/decks'
import { DECK_RULES } from '@spellboard/core/limits'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

export type ReadDeck = Extract<DeckTextResult<Card>, { outcome: 'deck' }>

/**
 * The deck as it will be saved: at most 3 copies of a card and 10 dice (the first ones listed,
 * as the API keeps them), with a note for each thing cut, so the preview shows no more than the
 * deck will hold.
 */
export function deckToSave(read: ReadDeck) {
  const notes: string[] = []
  const cards = read.cards.map(({ card, count }) => {
    if (count <= DECK_RULES.maxCopies) return { ...card, count }
    notes.push(
      `${card.name}: ${count} copies listed; a deck holds at most ${DECK_RULES.maxCopies}, so ${DECK_RULES.maxCopies} will be saved.`,
    )
    return { ...card, count: DECK_RULES.maxCopies }
  })
  let room: number = DECK_RULES.dice
  const listed = read.dice.reduce((total, die) => total + die.count, 0)
  const dice = read.dice.flatMap((die) => {
    const count = Math.min(die.count, room)
    room -= count
    return count > 0 ? [{ name: die.name, count }] : []
  })
  if (listed > DECK_RULES.dice) {
    notes.push(
      `${listed} dice listed; a deck holds ${DECK_RULES.dice}, so the first ${DECK_RULES.dice} will be saved.`,
    )
  }
  return { title: read.title, phoenixborn: read.phoenixborn, dice, cards, notes }
}

/** `PUT /v2/decks` body of a new working deck read from text. */
export function importBody(read: ReadDeck) {
  const deck = deckToSave(read)
  return {
    title: deck.title,
    description: null,
    phoenixborn: deck.phoenixborn.stub,
    dice: deck.dice,
    cards: deck.cards.map(({ stub, count }) => ({ stub, count })),
    first_five: [],
    effect_costs: [],
    tutor_map: {},
    is_red_rains: false,
  }
}

/** Saves the deck as a new private working deck; every deck listing refreshes. */
export function useCreateDeck() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (deck: ReadDeck) =>
      api<DeckSaveOut>('/decks', { method: 'PUT', json: importBody(deck) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['decks'] }),
  })
}
