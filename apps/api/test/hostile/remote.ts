import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { type FakeSource, sendJson, startFakeSource } from '../fake-source.ts'

/**
 * Another site answering the deck import (`GET /v2/decks/import/{token}`) is hostile input too:
 * a real local server, listed in DECK_IMPORT_SOURCES, that answers each call with the next of
 * these — garbage decks, wrong types, HTML, errors with text of their own, a redirect, a gzip
 * bomb, JSON nested past any parser's patience, a connection cut mid-answer.
 */
const ANSWERS: ((response: ServerResponse) => void)[] = [
  (response) => sendJson(response, 200, { next_page_from_date: null, total: 0, decks: [] }),
  (response) =>
    sendJson(response, 200, {
      next_page_from_date: '\u0000',
      total: -1,
      decks: [
        {
          title: 'a\u0000b',
          description: '\u0000',
          created: 'not a date',
          modified: '2021-01-01T00:00:00Z',
          phoenixborn: { name: 'x', stub: '../../etc' },
          cards: [{ name: 'x', stub: "' or 1=1", count: 1e9 }],
          dice: [{ name: 'charm', count: -5 }],
          is_public: 'yes',
        },
      ],
    }),
  (response) =>
    sendJson(response, 200, {
      next_page_from_date: null,
      total: 1,
      decks: [
        {
          title: 'T'.repeat(10_000),
          description: null,
          created: '2021-01-01T00:00:00Z',
          modified: '9999-12-31T23:59:59Z',
          phoenixborn: { name: 'Aradel', stub: 'aradel-summergaard' },
          cards: [],
          conjurations: [],
          dice: null,
          is_public: true,
          is_snapshot: true,
          is_red_rains: false,
          first_five: ['\u0000'],
          effect_costs: null,
          tutor_map: { '\u0000': '\u0000' },
          source_created: null,
        },
      ],
    }),
  (response) => {
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end('<html>not json</html>')
  },
  (response) => sendJson(response, 404, { detail: 42 }),
  (response) => {
    response.writeHead(500)
    response.end()
  },
  (response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(`[${'['.repeat(50_000)}${']'.repeat(50_000)}]`)
  },
  (response) => {
    response.writeHead(302, { location: 'http://127.0.0.1:9/v2/decks/export/x' })
    response.end()
  },
  (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    response.end(GZIP_BOMB)
  },
  (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' })
    response.end('{}')
  },
  (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
    response.write('{"decks": [')
    response.socket?.destroy()
  },
]

/** 16 MB of spaces in 16 KB. */
const GZIP_BOMB = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20))

export function startHostileRemote(): Promise<FakeSource> {
  let calls = 0
  return startFakeSource((_request, response) => {
    calls += 1
    ANSWERS[calls % ANSWERS.length]?.(response)
  })
}
