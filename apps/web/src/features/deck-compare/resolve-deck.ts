import type { QueryClient } from '@tanstack/react-query'
import { sharedDeckQuery } from '../../api/decks.ts'
import { type DeckReference, parseDeckReference } from './deck-reference.ts'

export type ResolvedDeck = { id: number } | { error: string }

export const NOT_A_DECK = 'Paste a deck link (such as /decks/123/) or a deck id.'

/**
 * The id of the deck a player pasted. A share link names its deck by uuid: the deck it opens
 * gives the id (comparing it then follows the usual rules of who may see it).
 */
export async function resolveDeck(queryClient: QueryClient, text: string): Promise<ResolvedDeck> {
  const reference: DeckReference | null = parseDeckReference(text)
  if (!reference) return { error: NOT_A_DECK }
  if ('id' in reference) return reference
  try {
    const deck = await queryClient.fetchQuery({ ...sharedDeckQuery(reference.uuid), retry: false })
    return { id: deck.id }
  } catch {
    return { error: 'No deck was found at that share link.' }
  }
}
