import type { DeckSaveOut } from '@spellboard/core/decks'
import { TIMINGS } from '@spellboard/core/limits'
import { ApiError, api } from '../../api/client.ts'
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

// Every PUT goes through this chain, so two never run at once, whichever deck they are for.
let chain: Promise<unknown> = Promise.resolve()

function putDeck(deck: BuilderDeck): Promise<DeckSaveOut> {
  const put = chain.then(() => api<DeckSaveOut>('/decks', { method: 'PUT', json: saveBody(deck) }))
  chain = put.catch(() => undefined)
  return put
}

let debounceTimer: ReturnType<typeof setTimeout> | undefined
let retryTimer: ReturnType<typeof setTimeout> | undefined
let retryDelay: number = RETRY_DELAYS_MS.first
let running: Promise<boolean> | null = null
/** A save was asked for while one ran: it runs, with the newest deck, once that one is done. */
let queued = false
/** The player was told about the failure streak already; one toast is enough. */
let failureToldOf = false

const store = () => useAppStore.getState()
const setBuilder = (update: (builder: ReturnType<typeof store>['builder']) => typeof builder) =>
  useAppStore.setState((state) => ({ builder: update(state.builder) }))

function clearTimers() {
  clearTimeout(debounceTimer)
  clearTimeout(retryTimer)
  debounceTimer = undefined
  retryTimer = undefined
}

/** Network failures and server errors fix themselves; anything else needs the player. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status >= 500 || error.status === 429
}

function refreshDeckQueries() {
  void import('../../api/query-client.ts').then(({ queryClient }) =>
    queryClient.invalidateQueries({ queryKey: ['decks'] }),
  )
}

function scheduleRetry() {
  clearTimeout(retryTimer)
  retryTimer = setTimeout(() => {
    retryTimer = undefined
    void saveNow()
  }, retryDelay)
  retryDelay = Math.min(retryDelay * 2, RETRY_DELAYS_MS.max)
}

async function runSave(force: boolean): Promise<boolean> {
  const { builder } = store()
  if (!builder.deck.phoenixborn) return false
  if (!builder.dirty && !force) return true
  const ticket: SaveTicket = { revision: builder.revision, generation: builder.generation }
  setBuilder(saveStarted)
  try {
    const saved = await putDeck(builder.deck)
    setBuilder((current) => saveSucceeded(current, ticket, saved))
    retryDelay = RETRY_DELAYS_MS.first
    failureToldOf = false
    refreshDeckQueries()
    return true
  } catch (error) {
    setBuilder((current) => saveFailed(current, ticket))
    if (store().builder.generation !== ticket.generation) return false
    if (isRetryable(error)) {
      if (!failureToldOf) {
        if (error instanceof ApiError) notifyApiError(error)
        else notify.warning(SAVE_FAILED_OFFLINE)
      }
      failureToldOf = true
      scheduleRetry()
    } else {
      notifyApiError(error)
    }
    return false
  }
}

/**
 * Saves the open deck now. Resolves true once the server has the deck as it was when the save
 * started (or there was nothing to save). `explicit` marks a save the player asked for, which
 * tells them why it cannot happen yet.
 */
export function saveNow({ explicit = false, force = false } = {}): Promise<boolean> {
  clearTimeout(debounceTimer)
  debounceTimer = undefined
  if (!store().builder.deck.phoenixborn) {
    // Cards picked in the browser before a Phoenixborn land here too: say what is missing.
    notify.error(BUILDER_MESSAGES.noPhoenixborn)
    return Promise.resolve(false)
  }
  if (running) {
    if (explicit) notify.warning(BUILDER_MESSAGES.saveWhileSaving)
    queued = true
    // The caller waits for the save that will carry its change, not the one already under way.
    return running.then(() => running ?? Promise.resolve(!store().builder.dirty))
  }
  clearTimeout(retryTimer)
  retryTimer = undefined
  const current = runSave(force).finally(() => {
    running = null
    const { builder } = store()
    if (queued) {
      queued = false
      if (builder.dirty) void saveNow()
    } else if (builder.dirty && !builder.saveFailed && builder.deck.phoenixborn) {
      // Changes made while the save ran get their own save.
      requestSave()
    }
  })
  running = current
  return current
}

/** The autosave: every change waits for a quiet second, then the deck is saved. */
export function requestSave() {
  clearTimeout(debounceTimer)
  debounceTimer = setTimeout(() => {
    debounceTimer = undefined
    void saveNow()
  }, TIMINGS.deckAutosaveDebounceMs)
}

/** Saves a deck that is no longer open (the player opened another one before it was saved). */
export function saveClosedDeck(deck: BuilderDeck): Promise<void> {
  return putDeck(deck).then(refreshDeckQueries, notifyApiError)
}

/** Forgets scheduled saves (the deck is closed); a save already sent finishes on its own. */
export function cancelScheduledSaves() {
  clearTimers()
  queued = false
  retryDelay = RETRY_DELAYS_MS.first
  failureToldOf = false
}

let started = false

/**
 * Watches the store: each change to the open deck schedules a save, a reload resumes the save
 * it interrupted, and a connection coming back retries a failed one at once.
 */
export function startAutosave() {
  if (started) return
  started = true
  useAppStore.subscribe((state, previous) => {
    const { builder } = state
    if (builder.revision !== previous.builder.revision && builder.enabled && builder.dirty) {
      requestSave()
    }
  })
  const { builder } = store()
  if (builder.enabled && builder.dirty) requestSave()
  window.addEventListener('online', () => {
    const { builder: current } = store()
    if (current.dirty && !current.saving && current.deck.phoenixborn) void saveNow()
  })
}

/** Only for tests: back to a fresh engine. */
export function resetAutosaveForTests() {
  cancelScheduledSaves()
  running = null
  chain = Promise.resolve()
}
