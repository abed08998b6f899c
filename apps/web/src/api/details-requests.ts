import type { CardDetails } from '@spellboard/core/card-schemas'
import type { DeckDetails } from '@spellboard/core/decks'
import { api, sessionToken } from './client.ts'

// A deck's or a card's page is where most visits start. Its main call can be started by the entry
// script (app/landing-request.ts), before React and the data layer have loaded; the query that
// asks for the same thing first is handed that answer. These calls live apart from the query
// definitions so the entry script can start them without loading the data layer.

/** An answer asked for ahead of time; used once, and only while it is fresh. */
let ahead: { key: string; answer: Promise<unknown>; startedAt: number } | undefined
const AHEAD_FRESH_MS = 30_000

function once<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  const found = ahead
  if (found?.key === key && performance.now() - found.startedAt < AHEAD_FRESH_MS) {
    ahead = undefined
    return found.answer as Promise<T>
  }
  return fetch()
}

function startAhead(key: string, answer: Promise<unknown>) {
  // A failure is shown by the query that takes the answer.
  answer.catch(() => {})
  ahead = { key, answer, startedAt: performance.now() }
}

// The session is part of the key: an answer fetched with another token is not handed over.
const deckKey = (id: number, mine: boolean) => `deck ${id} ${mine} ${sessionToken() ?? ''}`
const cardKey = (stub: string, legacy: boolean) => `card ${stub} ${legacy} ${sessionToken() ?? ''}`

const getDeckDetails = (id: number, mine: boolean, signal?: AbortSignal) =>
  api<DeckDetails>(`/decks/${id}`, {
    query: { full_cards: true, ...(mine ? { show_saved: true } : {}) },
    signal,
  })

const getCardDetails = (stub: string, legacy: boolean, signal?: AbortSignal) =>
  api<CardDetails>(`/cards/${encodeURIComponent(stub)}/details`, {
    query: legacy ? { show_legacy: true } : {},
    signal,
  })

/** `GET /v2/decks/{id}` with its cards; `mine` adds the owner's unpublished changes. */
export const fetchDeckDetails = (id: number, mine: boolean, signal?: AbortSignal) =>
  once(deckKey(id, mine), () => getDeckDetails(id, mine, signal))

/** `GET /v2/cards/{stub}/details`, the legacy card when `legacy`. */
export const fetchCardDetails = (stub: string, legacy: boolean, signal?: AbortSignal) =>
  once(cardKey(stub, legacy), () => getCardDetails(stub, legacy, signal))

/** Starts fetchDeckDetails' call now, for the first query that asks for it. */
export const fetchDeckDetailsAhead = (id: number, mine: boolean) =>
  startAhead(deckKey(id, mine), getDeckDetails(id, mine))

/** Starts fetchCardDetails' call now, for the first query that asks for it. */
export const fetchCardDetailsAhead = (stub: string, legacy: boolean) =>
  startAhead(cardKey(stub, legacy), getCardDetails(stub, legacy))
