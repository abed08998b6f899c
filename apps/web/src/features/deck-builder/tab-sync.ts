import type { VersionedDeck } from '../../api/decks.ts'
import { queryClient } from '../../api/query-client.ts'

/**
 * Tabs of one browser follow each other's deck saves (BroadcastChannel): a save in one tab
 * refreshes the deck pages of the others at once, and the builder of another tab holding the
 * same deck takes the saved copy (autosave.ts, `followSave`). Browsers without
 * BroadcastChannel simply do not follow.
 */
type SavedMessage = { kind: 'deck-saved' } & VersionedDeck

// One object per tab, which both sends and listens: a channel never hears its own messages.
const channel =
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('spellboard-deck-saves') : null

/** Tells the other tabs that this one saved a deck. */
export function announceSave(saved: VersionedDeck) {
  const message: SavedMessage = { kind: 'deck-saved', ...saved }
  channel?.postMessage(message)
}

/** Calls `listener` with each deck another tab saves. */
export function onOtherTabSave(listener: (saved: VersionedDeck) => void) {
  channel?.addEventListener('message', (event: MessageEvent<SavedMessage | undefined>) => {
    if (event.data?.kind === 'deck-saved') listener(event.data)
  })
}

let following = false

/** The app shell calls this once: from then on, deck pages show what other tabs save. */
export function followOtherTabs() {
  if (following) return
  following = true
  onOtherTabSave(() => void queryClient.invalidateQueries({ queryKey: ['decks'] }))
}
