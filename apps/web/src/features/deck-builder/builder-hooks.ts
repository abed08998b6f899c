import type { DeckSaveOut } from '@spellboard/core/decks'
import { useEffect } from 'react'
import { useRouteMeta } from '../../lib/route-meta.ts'
import { useAppStore } from '../../store/app-store.ts'
import {
  type BuilderPhoenixborn as PhoenixbornCard,
  resetBuilder,
} from '../../store/builder-slice.ts'
import { onLogOut } from '../session/log-out-hooks.ts'

/**
 * What screens use of the deck builder. They never reach into the store's builder slice: these
 * hooks keep its rules (saving before closing, refusing while a save runs) in one place. The
 * rules and the autosave load on first use, not with the first page.
 */
const commands = () => import('./builder-commands.ts')

/** True while deck building is on. */
export function useBuilderEnabled(): boolean {
  return useAppStore((state) => state.builder.enabled)
}

/**
 * True when the deck with this working-deck id is the one open in the builder ('Editing'). It
 * stays true while Exit builder saves it, so a view reloads only once the save has landed.
 */
export function useIsEditingDeck(deckId: number | null | undefined): boolean {
  return useAppStore(
    (state) => deckId !== null && deckId !== undefined && state.builder.deck.id === deckId,
  )
}

const editDeck = (deck: DeckSaveOut, version?: string | null) =>
  void commands().then((m) => m.editDeck(deck, version))
const choosePhoenixborn = (card: PhoenixbornCard) =>
  void commands().then((m) => m.choosePhoenixborn(card))
const exitBuilder = () => commands().then((m) => m.exitBuilder())
const forgetDeck = (deckId: number) => void commands().then((m) => m.forgetDeck(deckId))

/**
 * Load a saved working deck (PUT /v2/decks, clone, or details with show_saved) and turn it on,
 * with the version (`ETag`) it was read with; without one, the deck is read again with it.
 */
export function useEditDeck(): (deck: DeckSaveOut, version?: string | null) => void {
  return editDeck
}

/** Use a Phoenixborn for the open deck, or swap to it (see builder-commands). */
export function useChoosePhoenixborn(): (card: PhoenixbornCard) => void {
  return choosePhoenixborn
}

/** Start a new deck (redRains from the current route when not given). */
export function useNewDeck(): (options?: { redRains?: boolean }) => void {
  const meta = useRouteMeta()
  return (options) => {
    const redRains = options?.redRains ?? Boolean(meta.redRains)
    void commands().then((m) => m.newDeck(redRains))
  }
}

/** Exit builder / reset with SPEC's rules (refused while saving, force-save when dirty). */
export function useExitBuilder(): () => Promise<void> {
  return exitBuilder
}

/** Called after a deck is deleted: resets the builder when that deck is open. */
export function useForgetDeck(): (deckId: number) => void {
  return forgetDeck
}

/** The open deck belongs to the account that is logging out. */
function clearBuilder() {
  useAppStore.getState().updateBuilder(resetBuilder)
}

/**
 * The app shell calls this once: log-out clears the builder, and the autosave runs whenever a
 * deck is open (a reload with unsaved changes resumes their save).
 */
export function useBuilderWiring() {
  const enabled = useBuilderEnabled()
  useEffect(() => {
    const unregister = onLogOut(clearBuilder)
    return () => {
      unregister()
    }
  }, [])
  useEffect(() => {
    if (enabled) void import('./autosave.ts').then((m) => m.startAutosave())
  }, [enabled])
}
