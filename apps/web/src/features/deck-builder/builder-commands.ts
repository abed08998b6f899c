import type { DeckSaveOut } from '@spellboard/core/decks'
import { ApiError } from '../../api/client.ts'
import { fetchSavedDeck } from '../../api/decks.ts'
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
import { resolveKeepingMine } from '../../store/builder-versions.ts'
import { cancelScheduledSaves, saveClosedDeck, saveNow } from './autosave.ts'

/** Told when the deck in conflict was deleted on the other device. */
export const DECK_GONE = 'This deck was deleted somewhere else.'

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

const keepsLocalChanges = (deckId: number) => {
  const { builder } = store()
  return builder.enabled && builder.dirty && builder.deck.id === deckId
}

/**
 * Opens a saved working deck (edit, clone). Reopening the open deck keeps its local changes.
 * Its saves name the version it was read with, so the deck is read again when the caller has
 * none (a page's copy may be older than the deck); offline, the caller's copy opens without one.
 */
export async function editDeck(deck: DeckSaveOut, version?: string | null) {
  if (keepsLocalChanges(deck.id)) return
  const read =
    version === undefined
      ? await fetchSavedDeck(deck.id).catch(() => ({ deck, version: null }))
      : { deck, version }
  if (keepsLocalChanges(deck.id)) return
  keepUnsavedChanges(deck.id)
  cancelScheduledSaves()
  store().updateBuilder((state) => loadDeck(state, read.deck, read.version))
}

/**
 * 'Load the latest' after a refused save: the deck as saved now replaces the builder's copy, and
 * nothing is written. A deck deleted meanwhile closes.
 */
export async function loadLatestVersion(): Promise<void> {
  const id = store().builder.deck.id
  if (id === null) return
  try {
    const latest = await fetchSavedDeck(id)
    cancelScheduledSaves()
    store().updateBuilder((state) =>
      state.deck.id === id ? loadDeck(state, latest.deck, latest.version) : state,
    )
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error
    cancelScheduledSaves()
    store().updateBuilder(resetBuilder)
    notify.warning(DECK_GONE)
  }
}

/**
 * 'Keep my version' after a refused save: the builder's copy is saved over the deck as it is now
 * (its current version), knowingly; over a deck deleted meanwhile, as a new deck.
 */
export async function keepMyVersion(): Promise<boolean> {
  const id = store().builder.deck.id
  if (id === null) return false
  const current = await fetchSavedDeck(id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  })
  store().updateBuilder((state) =>
    state.deck.id === id ? resolveKeepingMine(state, current?.version ?? null) : state,
  )
  return saveNow({ explicit: true, force: true })
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
