import type { DeckSaveOut } from '@spellboard/core/decks'
import type { Builder } from './builder-slice.ts'
import { builderDeckFrom, type SaveTicket } from './builder-transitions.ts'

/**
 * The builder's copy against the saved deck's version (README "Editing on several devices"):
 * a save sends the version the copy was made from, and the server refuses it (412) when the deck
 * was changed somewhere else since. Pure transitions, as in builder-transitions.ts.
 */

/**
 * The save was refused as stale: the changes stay, unsaved, and nothing more is saved until the
 * player chooses (`resolveKeepingMine`, or loading the latest with `loadDeck`).
 */
export function saveConflicted(state: Builder, ticket: SaveTicket): Builder {
  if (ticket.generation !== state.generation) return state
  return { ...state, saving: false, saveFailed: false, dirty: true, conflict: true }
}

/**
 * 'Keep my version': the copy is to be saved over the deck as it is now, `version`; null when
 * the deck is gone (deleted elsewhere), so the copy is saved as a new deck.
 */
export function resolveKeepingMine(state: Builder, version: string | null): Builder {
  const deck = version === null ? { ...state.deck, id: null, version: null } : state.deck
  return { ...state, conflict: false, dirty: true, deck: { ...deck, version } }
}

/**
 * Another tab of this browser saved `saved` (with `version`). An open copy of that deck with
 * nothing unsaved becomes that save, so the tabs never hold diverging copies; text being typed
 * stays. A copy with changes of its own is left alone: its next save meets the new version and
 * the player chooses.
 */
export function followSave(state: Builder, saved: DeckSaveOut, version: string | null): Builder {
  const { deck } = state
  if (!state.enabled || deck.id !== saved.id || deck.version === version) return state
  if (state.dirty || state.saving || state.conflict) return state
  return { ...state, saveFailed: false, deck: { ...builderDeckFrom(saved), version } }
}
