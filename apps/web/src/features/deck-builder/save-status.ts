import type { Builder } from '../../store/builder-slice.ts'

export type SaveState = 'no-phoenixborn' | 'saving' | 'dirty' | 'saved'

export const SAVE_LABELS: Record<SaveState, string> = {
  'no-phoenixborn': 'Phoenixborn required',
  saving: 'Saving...',
  dirty: 'Save your deck',
  saved: 'Deck is saved!',
}

/** 'Deck is saved!' only when it is true: nothing unsaved, nothing typed and not yet kept. */
export function saveState(
  builder: Pick<Builder, 'saving' | 'dirty' | 'drafts' | 'deck'>,
): SaveState {
  if (!builder.deck.phoenixborn) return 'no-phoenixborn'
  if (builder.saving) return 'saving'
  if (builder.dirty || builder.drafts.length > 0) return 'dirty'
  return 'saved'
}
