import type { DeckSaveOut } from '@spellboard/core/decks'
import { notify } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import type { BuilderPhoenixborn } from '../../store/builder-slice.ts'
import { isRefusal, resetBuilder } from '../../store/builder-slice.ts'
import {
  beginExit,
  loadDeck,
  setPhoenixborn,
  startNewDeck,
} from '../../store/builder-transitions.ts'
import { cancelScheduledSaves, saveClosedDeck, saveNow } from './autosave.ts'

const store = () => useAppStore.getState()

/** Changes to the deck being closed must not be lost: they are saved on their own. */
function keepUnsavedChanges(nextDeckId: number | null) {
  const { builder } = store()
  if (!builder.dirty || !builder.deck.phoenixborn || builder.deck.id === nextDeckId) return
  cancelScheduledSaves()
  void saveClosedDeck(builder.deck)
}

export function newDeck(redRains: boolean) {
  keepUnsavedChanges(null)
  cancelScheduledSaves()
  store().updateBuilder((state) => startNewDeck(state, redRains))
}

/** Opens a saved working deck (edit, clone). Reopening the open deck keeps its local changes. */
export function editDeck(deck: DeckSaveOut) {
  const { builder } = store()
  if (builder.enabled && builder.dirty && builder.deck.id === deck.id) return
  keepUnsavedChanges(deck.id)
  cancelScheduledSaves()
  store().updateBuilder((state) => loadDeck(state, deck))
}

/**
 * Exit builder (SPEC §4): nothing when off; refused while a save runs; unsaved changes are saved
 * first (the builder is already off meanwhile), and a save that fails leaves the deck open.
 */
export async function exitBuilder(): Promise<void> {
  const step = beginExit(store().builder)
  if (step === null) return
  if (isRefusal(step)) {
    notify.error(step.refused)
    return
  }
  useAppStore.setState({ builder: step.next })
  if (!step.mustSave) {
    cancelScheduledSaves()
    return
  }
  const { generation } = step.next
  const saved = await saveNow({ force: true })
  // Another deck may have been started meanwhile; that one stays.
  if (store().builder.generation !== generation) return
  if (saved) {
    cancelScheduledSaves()
    store().updateBuilder(resetBuilder)
  } else {
    useAppStore.setState((state) => ({ builder: { ...state.builder, enabled: true } }))
  }
}

/** A deleted deck cannot stay open. */
export function forgetDeck(deckId: number) {
  if (store().builder.deck.id !== deckId) return
  cancelScheduledSaves()
  store().updateBuilder(resetBuilder)
}

/** A Phoenixborn as the listing, the card page and the picker know it. */
export type PhoenixbornCard = BuilderPhoenixborn

/**
 * Makes `card` the open deck's Phoenixborn, or swaps to it: cards unique to another Phoenixborn
 * leave the deck (SPEC §4). The pane's picker, the card browser and a Phoenixborn's card page
 * all choose through here, so each leaves the builder in the same state. False when refused.
 */
export function choosePhoenixborn(card: PhoenixbornCard): boolean {
  const phoenixborn: BuilderPhoenixborn = { stub: card.stub, name: card.name }
  for (const stat of ['battlefield', 'life', 'spellboard'] as const) {
    if (card[stat] !== undefined) phoenixborn[stat] = card[stat]
  }
  const refused = store().updateBuilder((state) => setPhoenixborn(state, phoenixborn))
  if (refused) notify.error(refused)
  return refused === null
}
