import { TIMINGS } from '@spellboard/core/limits'
import { MutationObserver, type MutationObserverOptions } from '@tanstack/react-query'
import { ApiError } from '../../api/client.ts'
import { isStaleVersion, putDeck } from '../../api/decks.ts'
import { queryClient } from '../../api/query-client.ts'
import { notify, notifyApiError } from '../../lib/toast.ts'
import { useAppStore } from '../../store/app-store.ts'
import type { BuilderDeck } from '../../store/builder-slice.ts'
import {
  BUILDER_MESSAGES,
  type SaveTicket,
  saveFailed,
  saveStarted,
  saveSucceeded,
} from '../../store/builder-transitions.ts'
import { followSave, saveConflicted } from '../../store/builder-versions.ts'
import { announceSave, onOtherTabSave } from './tab-sync.ts'

/** How long a failed save waits before it tries again: doubling from the first, up to the cap. */
export const RETRY_DELAYS_MS = { first: 2000, max: 15_000 } as const

export const SAVE_FAILED_OFFLINE =
  'Your deck could not be saved. It will be saved as soon as the connection returns.'

/** `PUT /v2/decks`: the whole deck every time, with its First Five (tutor links are not edited). */
export function saveBody(deck: BuilderDeck) {
  return {
    ...(deck.id ? { id: deck.id } : {}),
    title: deck.title,
    description: deck.description,
    phoenixborn: deck.phoenixborn,
    dice: deck.dice.filter((die) => die.count > 0),
    cards: deck.cards
      .filter((card) => card.count > 0)
      .map(({ stub, name, type, count }) => ({ stub, name, type, count })),
    first_five: deck.firstFive,
    effect_costs: deck.effectCosts,
    tutor_map: {},
    is_red_rains: deck.isRedRains,
  }
}

const store = () => useAppStore.getState()
const setBuilder = (update: (builder: ReturnType<typeof store>['builder']) => typeof builder) =>
  useAppStore.setState((state) => ({ builder: update(state.builder) }))

/** Network failures and server errors fix themselves; anything else needs the player. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status >= 500 || error.status === 429
}

/** Every save names the version its copy was made from (`If-Match`), queued ones included. */
const saveDeck = (deck: BuilderDeck) => putDeck(saveBody(deck), deck.version)

const refreshDeckQueries = () => queryClient.invalidateQueries({ queryKey: ['decks'] })

/**
 * Every deck save is a mutation of one scope, so the mutation cache runs them one after another,
 * in the order asked, whichever deck they are for. A failure the network or the server caused is
 * retried with a doubling delay; while the browser is offline the save waits (the query client's
 * online manager) and goes out as soon as the connection returns. `attempt` runs one try.
 */
function deckSave(attempt: () => Promise<boolean>): MutationObserverOptions<boolean, unknown> {
  let failures = 0
  return {
    mutationKey: ['decks', 'save'],
    scope: { id: 'deck-save' },
    networkMode: 'online',
    retry: (_count, error) => isRetryable(error),
    retryDelay: (count) => Math.min(RETRY_DELAYS_MS.first * 2 ** count, RETRY_DELAYS_MS.max),
    mutationFn: () =>
      attempt().catch((error: unknown) => {
        failures += 1
        // One toast for a run of failures: the retries of this save stay silent.
        if (!isRetryable(error)) notifyApiError(error)
        else if (failures === 1 && error instanceof ApiError) notifyApiError(error)
        else if (failures === 1) notify.warning(SAVE_FAILED_OFFLINE)
        throw error
      }),
  }
}

/** Runs a save; resolves with its first try (true: saved), while failed tries go on retrying. */
function runSave(attempt: () => Promise<boolean>): Promise<boolean> {
  return new Promise((resolve) => {
    const firstTry = () =>
      attempt().then(
        (saved) => {
          resolve(saved)
          return saved
        },
        (error: unknown) => {
          resolve(false)
          throw error
        },
      )
    new MutationObserver(queryClient, deckSave(firstTry)).mutate().catch(() => resolve(false))
  })
}

/**
 * One try at saving the open deck of `generation`, as it is when the try runs (a save that
 * waited for another, or for the network, sends the newest changes). Nothing is sent for a deck
 * that was closed meanwhile, nor for one without unsaved changes unless `force`.
 */
async function saveOpenDeck(generation: number, force: boolean): Promise<boolean> {
  const { builder } = store()
  if (builder.generation !== generation || !builder.deck.phoenixborn) return false
  // Changed somewhere else: nothing goes out until the player chooses.
  if (builder.conflict) return false
  if (!builder.dirty && !force) return true
  const ticket: SaveTicket = { revision: builder.revision, generation }
  setBuilder(saveStarted)
  try {
    const saved = await saveDeck(builder.deck)
    setBuilder((current) => saveSucceeded(current, ticket, saved.deck, saved.version))
    announceSave(saved)
    void refreshDeckQueries()
    return true
  } catch (error) {
    if (isStaleVersion(error)) {
      // Not retried, and no toast: the pane asks the player what to keep, while the deck's
      // pages show the version saved elsewhere.
      setBuilder((current) => saveConflicted(current, ticket))
      void refreshDeckQueries()
      return false
    }
    setBuilder((current) => saveFailed(current, ticket))
    throw error
  }
}

let debounceTimer: ReturnType<typeof setTimeout> | undefined

/**
 * Saves the open deck now. Resolves true once the server has the deck as it was when the save
 * started (or there was nothing to save), false when that try failed (it is retried). `explicit`
 * marks a save the player asked for, which tells them why it cannot happen yet.
 */
export function saveNow({ explicit = false, force = false } = {}): Promise<boolean> {
  clearTimeout(debounceTimer)
  debounceTimer = undefined
  const { builder } = store()
  if (!builder.deck.phoenixborn) {
    // Cards picked in the browser before a Phoenixborn land here too: say what is missing.
    notify.error(BUILDER_MESSAGES.noPhoenixborn)
    return Promise.resolve(false)
  }
  // It still runs, after the one under way, with the deck as it is then.
  if (explicit && builder.saving) notify.warning(BUILDER_MESSAGES.saveWhileSaving)
  return runSave(() => saveOpenDeck(builder.generation, force))
}

/** The autosave: every change waits for a quiet second, then the deck is saved. */
export function requestSave() {
  clearTimeout(debounceTimer)
  debounceTimer = setTimeout(() => {
    debounceTimer = undefined
    void saveNow()
  }, TIMINGS.deckAutosaveDebounceMs)
}

/**
 * Saves a deck that is no longer open (the player opened another one before it was saved). When
 * it was changed somewhere else meanwhile, that version stays and the player is told.
 */
export async function saveClosedDeck(deck: BuilderDeck): Promise<void> {
  await runSave(async () => {
    try {
      announceSave(await saveDeck(deck))
    } catch (error) {
      if (!isStaleVersion(error)) throw error
      notify.error(closedDeckConflict(deck.title))
      return false
    }
    void refreshDeckQueries()
    return true
  })
}

export const closedDeckConflict = (title: string) =>
  `${title ? `'${title}'` : 'The deck you closed'} was changed somewhere else, so your last changes to it were not saved.`

/** Forgets a scheduled save (the deck is closed); saves already asked for run on their own. */
export function cancelScheduledSaves() {
  clearTimeout(debounceTimer)
  debounceTimer = undefined
}

let started = false

/**
 * Watches the store: each change to the open deck schedules a save, and a reload resumes the
 * save it interrupted; saves of the open deck in other tabs replace a copy with nothing unsaved. The query client is mounted so that saves held back while offline resume
 * when the connection returns (the app shell mounts it too; mounting counts).
 */
export function startAutosave() {
  if (started) return
  started = true
  queryClient.mount()
  useAppStore.subscribe((state, previous) => {
    const { builder } = state
    const changed = builder.revision !== previous.builder.revision
    if (changed && builder.enabled && builder.dirty && !builder.conflict) {
      requestSave()
    }
  })
  const { builder } = store()
  if (builder.enabled && builder.dirty && !builder.conflict) requestSave()
  // Another tab's save of the open deck replaces a copy with nothing unsaved.
  onOtherTabSave(({ deck, version }) => setBuilder((current) => followSave(current, deck, version)))
}

/** Only for tests: no scheduled save and no save in the mutation cache. */
export function resetAutosaveForTests() {
  cancelScheduledSaves()
  queryClient.getMutationCache().clear()
}
