import type { DeckSaveOut } from '@spellboard/core/decks'
import { onlineManager } from '@tanstack/react-query'
import { vi } from 'vitest'
import { resetAutosaveForTests, startAutosave } from '../src/features/deck-builder/autosave.ts'
import { useAppStore } from '../src/store/app-store.ts'
import { INITIAL_BUILDER } from '../src/store/builder-slice.ts'
import { toasts } from './recorded-toasts.ts'

type Pending = {
  url: string
  method: string
  body: Record<string, unknown>
  headers: Record<string, string>
  /** Status 0 fails as the network does; `etag` goes out as the answer's `ETag`. */
  answer: (status: number, body?: unknown, etag?: string) => void
}

/**
 * A server whose answers the test gives one by one, so it can act while a request is in flight
 * (every call the web app makes through `fetch`, saves and reads alike).
 */
export function deferredServer() {
  const puts: Pending[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit = {}) =>
        new Promise<Response>((resolve, reject) => {
          const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {}
          puts.push({
            url,
            method: init.method ?? 'GET',
            body,
            headers: { ...(init.headers as Record<string, string>) },
            answer: (status, reply, etag) => {
              if (status === 0) reject(new TypeError('Failed to fetch'))
              else {
                const headers = etag ? { etag } : undefined
                resolve(new Response(JSON.stringify(reply ?? {}), { status, headers }))
              }
            },
          })
        }),
    ),
  )
  return puts
}

export const ARADEL = { stub: 'aradel-summergaard', name: 'Aradel Summergaard' }

export function answerFor(body: Record<string, unknown>, id = 11): DeckSaveOut {
  return {
    id,
    entity_id: 99,
    source_id: null,
    direct_share_uuid: null,
    title: (body.title as string) ?? null,
    created: '2024-01-01T00:00:00Z',
    modified: '2024-01-01T00:00:01Z',
    user: { username: 'Ada', badge: '1abc' },
    dice: (body.dice as DeckSaveOut['dice']) ?? [],
    phoenixborn: { ...ARADEL, battlefield: 4, life: 16, spellboard: 4, is_legacy: false },
    cards: [],
    conjurations: [],
    is_public: false,
    is_snapshot: false,
    is_red_rains: Boolean(body.is_red_rains),
    description: (body.description as string) ?? null,
    first_five: [],
    effect_costs: [],
    tutor_map: {},
  }
}

/** Before each autosave test: fake timers, a logged-in player, an empty builder, the autosave. */
export function startAutosaveTest() {
  vi.useFakeTimers()
  toasts.length = 0
  resetAutosaveForTests()
  useAppStore.setState({
    builder: INITIAL_BUILDER,
    session: { token: 'token', username: 'Ada', badge: '1abc', isAdmin: false },
  })
  startAutosave()
}

/** After each: the network back, real timers, the real `fetch`. */
export function endAutosaveTest() {
  onlineManager.setOnline(true)
  vi.useRealTimers()
  vi.unstubAllGlobals()
}
