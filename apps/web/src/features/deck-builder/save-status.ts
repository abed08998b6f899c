import type { Builder } from '../../store/builder-slice.ts'

export type SaveState = 'no-phoenixborn' | 'saving' | 'dirty' | 'saved'

export const SAVE_LABELS: Record<SaveState, string> = {
  'no-phoenixborn': 'Phoenixborn required',
  saving: 'Saving...',
  dirty: 'Save your deck',
  saved: 'Deck is saved!',
}

export function saveState(builder: Pick<Builder, 'saving' | 'dirty' | 'deck'>): SaveState {
  if (!builder.deck.phoenixborn) return 'no-phoenixborn'
  if (builder.saving) return 'saving'
  if (builder.dirty) return 'dirty'
  return 'saved'
}
