import type { Builder } from '../../store/builder-slice.ts'

export type SaveState = 'no-phoenixborn' | 'saving' | 'dirty' | 'conflict' | 'saved'

export const SAVE_LABELS: Record<SaveState, string> = {
  'no-phoenixborn': 'Phoenixborn required',
  saving: 'Saving...',
  dirty: 'Save your deck',
  // The pane says why beside its two choices (save-conflict.tsx).
  conflict: 'Not saved',
  saved: 'Deck is saved!',
}

/** Text typed in the builder and not committed yet. */
export const hasTypedText = (builder: Pick<Builder, 'typed'>) =>
  Object.keys(builder.typed).length > 0

/**
 * 'Deck is saved!' only when it is true: nothing unsaved, nothing typed and not yet kept, and
 * no save refused as stale waiting for the player's choice.
 */
export function saveState(
  builder: Pick<Builder, 'saving' | 'dirty' | 'typed' | 'conflict' | 'deck'>,
): SaveState {
  if (!builder.deck.phoenixborn) return 'no-phoenixborn'
  if (builder.conflict) return 'conflict'
  if (builder.saving) return 'saving'
  if (builder.dirty || hasTypedText(builder)) return 'dirty'
  return 'saved'
}
