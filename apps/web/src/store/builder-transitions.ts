import { isCardEligible, maxDiceFor } from '@spellboard/core/deck-rules'
import type { DeckSaveOut } from '@spellboard/core/decks'
import { DECK_RULES } from '@spellboard/core/limits'
import {
  type Builder,
  type BuilderCard,
  type BuilderDeck,
  type BuilderPhoenixborn,
  type DraftField,
  EMPTY_DECK,
  INITIAL_BUILDER,
  isRefusal,
  type Refusal,
  resetBuilder,
  type Transition,
} from './builder-slice.ts'

/** The deck builder's rules as pure transitions of its state (SPEC §4 "Deck builder", §5). */

export const BUILDER_MESSAGES = {
  inactive: 'You cannot modify a deck when the deckbuilder is not active.',
  exitWhileSaving: 'You cannot exit the deckbuilder while changes are being saved.',
  noPhoenixborn: 'You must add a Phoenixborn before you can save your deck!',
  saveWhileSaving: 'Please wait to save again until the deck is done saving.',
} as const

const toBuilderCard = (card: {
  stub: string
  name: string
  type: string
  count: number
  phoenixborn?: string | null
}): BuilderCard => ({
  stub: card.stub,
  name: card.name,
  type: card.type,
  count: card.count,
  phoenixborn: card.phoenixborn ?? null,
})

/** A saved working deck (PUT, clone, or details with show_saved) as the builder holds it. */
export function builderDeckFrom(deck: DeckSaveOut): BuilderDeck {
  const { stub, name, battlefield, life, spellboard } = deck.phoenixborn
  return {
    id: deck.id,
    title: deck.title ?? '',
    description: deck.description ?? '',
    phoenixborn: { stub, name, battlefield, life, spellboard },
    dice: deck.dice.filter((die) => die.count > 0).map(({ name, count }) => ({ name, count })),
    cards: deck.cards.map(toBuilderCard),
    conjurations: deck.conjurations.map(toBuilderCard),
    firstFive: [...(deck.first_five ?? [])],
    effectCosts: [...(deck.effect_costs ?? [])],
    isRedRains: deck.is_red_rains,
    modified: deck.modified,
  }
}

// --- Opening and closing -------------------------------------------------------------------

export function startNewDeck(state: Builder, redRains: boolean): Builder {
  return {
    ...INITIAL_BUILDER,
    enabled: true,
    generation: state.generation + 1,
    revision: state.revision,
    deck: { ...EMPTY_DECK, isRedRains: redRains },
  }
}

/** Opens a saved deck; `version` is its `ETag`, which its saves send back (`If-Match`). */
export function loadDeck(state: Builder, deck: DeckSaveOut, version: string | null): Builder {
  return {
    ...INITIAL_BUILDER,
    enabled: true,
    generation: state.generation + 1,
    revision: state.revision,
    deck: { ...builderDeckFrom(deck), version },
  }
}

/**
 * The first step of Exit builder: nothing when off, refused while a save runs, otherwise off at
 * once; `mustSave` says whether the changes still have to reach the server before the reset.
 */
export function beginExit(state: Builder): { next: Builder; mustSave: boolean } | Refusal | null {
  if (!state.enabled) return null
  if (state.saving) return { refused: BUILDER_MESSAGES.exitWhileSaving }
  if (state.dirty && state.deck.phoenixborn) {
    return { next: { ...state, enabled: false }, mustSave: true }
  }
  return { next: resetBuilder(state), mustSave: false }
}

// --- Changes to the deck ---------------------------------------------------------------------

/**
 * The First Five names cards of the deck, and paid effects are those of First Five cards or of
 * the Phoenixborn: a card leaving the deck (or a new Phoenixborn) leaves them too.
 */
function keepSelections(deck: BuilderDeck): BuilderDeck {
  const inDeck = new Set(deck.cards.map((card) => card.stub))
  const firstFive = deck.firstFive.filter((stub) => inDeck.has(stub))
  const payable = new Set([...firstFive, ...(deck.phoenixborn ? [deck.phoenixborn.stub] : [])])
  const effectCosts = firstFive.length ? deck.effectCosts.filter((stub) => payable.has(stub)) : []
  const same =
    firstFive.length === deck.firstFive.length && effectCosts.length === deck.effectCosts.length
  return same ? deck : { ...deck, firstFive, effectCosts }
}

export function change(state: Builder, deck: Partial<BuilderDeck>): Transition {
  if (!state.enabled) return { refused: BUILDER_MESSAGES.inactive }
  return {
    ...state,
    dirty: true,
    revision: state.revision + 1,
    deck: keepSelections({ ...state.deck, ...deck }),
  }
}

const playableWith = (phoenixborn: BuilderPhoenixborn) => (card: BuilderCard) =>
  !card.phoenixborn || card.phoenixborn === phoenixborn.name

/**
 * A new Phoenixborn takes every card unique to another Phoenixborn out of the deck; what it took
 * is remembered (`phoenixbornUndo`) so the player is told and can take the change back.
 */
export function setPhoenixborn(state: Builder, phoenixborn: BuilderPhoenixborn): Transition {
  const previous = state.deck.phoenixborn
  const cards = state.deck.cards.filter(playableWith(phoenixborn))
  const removed = state.deck.cards.filter((card) => !cards.includes(card))
  const next = change(state, { phoenixborn, cards })
  if (isRefusal(next) || !previous || previous.stub === phoenixborn.stub) return next
  const { firstFive, effectCosts } = state.deck
  const phoenixbornUndo = removed.length
    ? { phoenixborn: previous, removed, firstFive, effectCosts }
    : undefined
  return { ...next, phoenixbornUndo }
}

/**
 * 'Undo' of a Phoenixborn change: the previous Phoenixborn comes back with the cards the change
 * removed and the First Five it had; cards added since stay when the old Phoenixborn allows them.
 */
export function undoPhoenixborn(state: Builder): Transition {
  const undo = state.phoenixbornUndo
  if (!undo) return state
  const kept = state.deck.cards.filter(playableWith(undo.phoenixborn))
  const back = undo.removed.filter((card) => !kept.some((entry) => entry.stub === card.stub))
  const next = change(state, {
    phoenixborn: undo.phoenixborn,
    cards: [...kept, ...back],
    firstFive: undo.firstFive,
    effectCosts: undo.effectCosts,
  })
  return isRefusal(next) ? next : { ...next, phoenixbornUndo: undefined }
}

export function dismissPhoenixbornUndo(state: Builder): Builder {
  return state.phoenixbornUndo ? { ...state, phoenixbornUndo: undefined } : state
}

/** 0 removes the card; counts stay within 0-3 and only cards the deck may hold are taken. */
export function setCardCount(
  state: Builder,
  card: Pick<BuilderCard, 'stub' | 'name' | 'type'> & {
    phoenixborn?: string | null | undefined
    is_legacy?: boolean | null | undefined
  },
  count: number,
): Transition {
  if (!state.enabled) return { refused: BUILDER_MESSAGES.inactive }
  const wanted = Math.max(0, Math.min(DECK_RULES.maxCopies, Math.trunc(count) || 0))
  const others = state.deck.cards.filter((entry) => entry.stub !== card.stub)
  if (wanted === 0) return change(state, { cards: others })
  if (!isCardEligible(card, state.deck.phoenixborn?.name)) return state
  const entry = toBuilderCard({ ...card, count: wanted })
  const index = state.deck.cards.findIndex((existing) => existing.stub === card.stub)
  const cards =
    index === -1
      ? [...state.deck.cards, entry]
      : state.deck.cards.map((existing, at) => (at === index ? entry : existing))
  return change(state, { cards })
}

/** 0 removes the die; a count never takes the dice past 10 in all. */
export function setDieCount(state: Builder, name: string, count: number): Transition {
  if (!state.enabled) return { refused: BUILDER_MESSAGES.inactive }
  const wanted = Math.max(0, Math.min(maxDiceFor(name, state.deck.dice), Math.trunc(count) || 0))
  const others = state.deck.dice.filter((die) => die.name !== name)
  if (wanted === 0) return change(state, { dice: others })
  const index = state.deck.dice.findIndex((die) => die.name === name)
  const dice =
    index === -1
      ? [...state.deck.dice, { name, count: wanted }]
      : state.deck.dice.map((die, at) => (at === index ? { name, count: wanted } : die))
  return change(state, { dice })
}

export function setTitle(state: Builder, title: string): Transition {
  if (state.enabled && title === state.deck.title) return state
  return change(state, { title })
}

export function setDescription(state: Builder, description: string): Transition {
  if (state.enabled && description === state.deck.description) return state
  return change(state, { description })
}

/**
 * The player has typed `text` in `field` and not committed it yet, or nothing (null) once it is
 * committed or back to what is kept. Not a change of the deck: nothing is saved until the field
 * is committed, but the text is kept with the builder, so a reload brings it back.
 */
export function typeDraft(state: Builder, field: DraftField, text: string | null): Builder {
  if (!state.enabled || (state.typed[field] ?? null) === text) return state
  const { [field]: _dropped, ...others } = state.typed
  return { ...state, typed: text === null ? others : { ...others, [field]: text } }
}

export function setRedRains(state: Builder, isRedRains: boolean): Transition {
  return change(state, { isRedRains })
}

// --- Saving ---------------------------------------------------------------------------------

/** What a save sends and where its answer belongs. */
export type SaveTicket = { revision: number; generation: number }

export function saveStarted(state: Builder): Builder {
  return { ...state, saving: true }
}

/**
 * The server kept the deck. Its answer replaces the local deck only when nothing changed while
 * the save ran; otherwise only the id (so the next save updates instead of creating), the
 * modified time and the version are taken, and the deck stays dirty for the next save.
 */
export function saveSucceeded(
  state: Builder,
  ticket: SaveTicket,
  saved: DeckSaveOut,
  version: string | null,
): Builder {
  if (ticket.generation !== state.generation) return state
  const unchanged = ticket.revision === state.revision
  const deck = unchanged
    ? { ...builderDeckFrom(saved), version }
    : { ...state.deck, id: saved.id, modified: saved.modified, version }
  return { ...state, saving: false, saveFailed: false, dirty: !unchanged, deck }
}

/** The changes stay, and stay marked unsaved. */
export function saveFailed(state: Builder, ticket: SaveTicket): Builder {
  if (ticket.generation !== state.generation) return state
  return { ...state, saving: false, saveFailed: true, dirty: true }
}
