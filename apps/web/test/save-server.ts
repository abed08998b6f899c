import type { DeckSaveOut } from '@spellboard/core/decks'
import { vi } from 'vitest'

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
