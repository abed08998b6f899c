import type { StateCreator } from 'zustand'

/**
 * The deck builder's state in the one store: the open deck and its enabled, dirty and saving
 * flags, persisted so a reload keeps the deck. The rules that change it are pure transitions
 * (builder-transitions.ts), loaded with the builder rather than with the first page.
 */

/** What the builder keeps of a card in the deck (enough for the list, the rules and a save). */
export type BuilderCard = {
  stub: string
  name: string
  type: string
  count: number
  /** Name of the Phoenixborn the card is unique to. */
  phoenixborn: string | null
}

export type BuilderPhoenixborn = {
  stub: string
  name: string
  battlefield?: number | string | null
  life?: number | string | null
  spellboard?: number | string | null
}

export type BuilderDeck = {
  /** The working deck's id once it has been saved. */
  id: number | null
  title: string
  description: string
  phoenixborn: BuilderPhoenixborn | null
  /** Only types with at least one die; a count of 0 removes the entry. */
  dice: { name: string; count: number }[]
  cards: BuilderCard[]
  /** As the last save answered; they follow from the cards, so only the server lists them. */
  conjurations: BuilderCard[]
  /** The First Five (`first_five`): up to five different cards of the deck, no conjurations. */
  firstFive: string[]
  /** First Five cards, or the Phoenixborn, whose effect is paid in round 1 (`effect_costs`). */
  effectCosts: string[]
  isRedRains: boolean
  modified: string | null
  /**
   * The version (`ETag`) of the saved deck this copy was made from, sent as `If-Match` with its
   * next save; absent for a deck never saved, or loaded without one.
   */
  version?: string | null
}

/** What 'Change Phoenixborn' took out of the deck, so 'Undo' can put it back. */
export type PhoenixbornUndo = {
  phoenixborn: BuilderPhoenixborn
  removed: BuilderCard[]
  firstFive: string[]
  effectCosts: string[]
}

export type Builder = {
  enabled: boolean
  /** Changes exist that the server has not confirmed. */
  dirty: boolean
  saving: boolean
  /** The last save failed (network down, server error); it is retried. */
  saveFailed: boolean
  /** Bumps on every change: a save clears `dirty` only if nothing changed while it ran. */
  revision: number
  /** Bumps whenever another deck is opened, so a late answer for the previous one is ignored. */
  generation: number
  /**
   * What the player is typing in a field and has not committed yet (a title is kept on blur or
   * Enter): the deck already differs from what is saved, so the save label says so, and the
   * text is kept with the rest, so a reload brings it back.
   */
  typed: Partial<Record<DraftField, string>>
  /**
   * The last save was refused because the deck was changed somewhere else: nothing is saved
   * until the player loads the latest version or keeps theirs.
   */
  conflict?: boolean
  /** The last Phoenixborn change that removed cards, until undone or dismissed. */
  phoenixbornUndo?: PhoenixbornUndo
  deck: BuilderDeck
}

export type DraftField = 'title' | 'description'

/** A transition the rules refuse; the message is what the player is told. */
export type Refusal = { refused: string }
export type Transition = Builder | Refusal

export function isRefusal<T extends object>(result: T | Refusal): result is Refusal {
  return 'refused' in result
}

export const EMPTY_DECK: BuilderDeck = {
  id: null,
  title: '',
  description: '',
  phoenixborn: null,
  dice: [],
  cards: [],
  conjurations: [],
  firstFive: [],
  effectCosts: [],
  isRedRains: false,
  modified: null,
}

export const INITIAL_BUILDER: Builder = {
  enabled: false,
  dirty: false,
  saving: false,
  saveFailed: false,
  revision: 0,
  generation: 0,
  typed: {},
  deck: EMPTY_DECK,
}

export function resetBuilder(state: Builder): Builder {
  return { ...INITIAL_BUILDER, generation: state.generation + 1, revision: state.revision }
}

export type BuilderSlice = {
  builder: Builder
  /** Applies a transition; answers the refusal message, or null when it was applied. */
  updateBuilder: (transition: (state: Builder) => Transition) => string | null
}

export const createBuilderSlice: StateCreator<BuilderSlice, [], [], BuilderSlice> = (set, get) => ({
  builder: INITIAL_BUILDER,
  updateBuilder: (transition) => {
    const result = transition(get().builder)
    if (isRefusal(result)) return result.refused
    if (result !== get().builder) set({ builder: result })
    return null
  },
})

/**
 * What a reload brings back: the open deck and its unsaved state (typed text included), never a
 * save in flight.
 */
export function restoreBuilder(saved: Partial<Builder> | undefined): Builder {
  if (!saved?.deck) return INITIAL_BUILDER
  return {
    ...INITIAL_BUILDER,
    ...saved,
    deck: { ...EMPTY_DECK, ...saved.deck },
    // A save cut short by the reload is resumed by the autosave, so its changes count as unsaved.
    dirty: Boolean(saved.dirty || saved.saving),
    saving: false,
    // A deck half-way through Exit builder was being saved to be closed: keep it open instead.
    enabled: Boolean(saved.enabled || saved.saving),
  }
}
