import type { Card } from '@spellboard/core/card-schemas'
import type { DeckTextResult } from '@spellboard/core/deck-text-import'
import type { DeckSaveOut } from '@spellboard/core/decks'
import { DECK_RULES } from '@spellboard/core/limits'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../api/client.ts'

type ReadDeck = Extract<DeckTextResult<Card>, { outcome: 'deck' }>

/** Copies a deck may hold of one card; more are cut to this (the preview says so). */
export const MAX_COPIES = DECK_RULES.maxCopies

/** `PUT /v2/decks` body of a new working deck read from text. */
export function importBody(deck: ReadDeck) {
  return {
    title: deck.title,
    description: null,
    phoenixborn: deck.phoenixborn.stub,
    dice: deck.dice.map((die) => ({ name: die.name, count: Math.min(die.count, DECK_RULES.dice) })),
    cards: deck.cards.map(({ card, count }) => ({
      stub: card.stub,
      count: Math.min(count, MAX_COPIES),
    })),
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
