import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeSourceHandler = (request: IncomingMessage, response: ServerResponse) => void

/**
 * Another site for the deck import to call, on a local port: it records every request it gets
 * and answers with whatever the test sets, so a test can tell "refused before calling" from
 * "called and failed".
 */
export type FakeSource = {
  origin: string
  port: number
  /** Method and path of every request received, in order. */
  requests: string[]
  answer: (handler: FakeSourceHandler) => void
  close: () => Promise<void>
}

export async function startFakeSource(handler?: FakeSourceHandler): Promise<FakeSource> {
  let current: FakeSourceHandler = handler ?? ((_request, response) => response.end())
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`)
    current(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    answer: (next) => {
      current = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** One exported deck of the demo set (Sera Emberlock), as another site's export lists it. */
export function exportedDeck(overrides: Record<string, unknown> = {}) {
  return {
    title: 'From afar',
    description: null,
    created: '2024-03-01T10:00:00Z',
    modified: '2024-03-01T10:00:00Z',
    phoenixborn: { name: 'Sera Emberlock', stub: 'sera-emberlock' },
    dice: [
      { name: 'ceremonial', count: 5 },
      { name: 'charm', count: 5 },
    ],
    cards: [{ count: 3, name: 'Gentle Word', stub: 'gentle-word', type: 'Action Spell' }],
    conjurations: [],
    is_public: false,
    is_snapshot: false,
    is_red_rains: false,
    first_five: [],
    effect_costs: [],
    tutor_map: {},
    source_created: null,
    ...overrides,
  }
}

/** An export page holding `decks`. */
export function exportPage(decks: unknown[]) {
  return { next_page_from_date: null, total: decks.length, decks }
}
