import { readFileSync } from 'node:fs'
import autocannon, { type Result } from 'autocannon'
import { type DeckPayload, deckEdit, deckPayload, type Writer } from './load-mix.ts'

/**
 * `node autosave-load.ts <base URL> <writers.json> <seconds> <whole|edit>`: one connection per
 * writer, each PUTting its own deck again as soon as the last save is answered (the builder's
 * autosave, as fast as it can go): a whole new deck each time, or the last one with one card
 * changed (load-mix.ts). Prints autocannon's result as JSON. Run in its own process by
 * autosave.ts, so the load never shares a thread with the servers it measures.
 */
type Request = { method: string; path: string; headers: Record<string, string>; body: string }
type Context = { writer?: Writer }
type Run = (options: {
  url: string
  connections: number
  duration?: number
  amount?: number
  requests: { setupRequest: (request: Request, context: Context) => Request }[]
}) => Promise<Result>

const [baseUrl, writersFile, seconds, style] = process.argv.slice(2)
const payloadOf = style === 'edit' ? deckEdit : deckPayload
if (!baseUrl || !writersFile || !seconds) throw new Error('usage: <base URL> <writers.json> <s>')
const writers = JSON.parse(readFileSync(writersFile, 'utf8')) as Writer[]

let nextWriter = 0
const setupRequest = (request: Request, context: Context): Request => {
  // Each connection (its own context) takes the next writer and keeps it.
  context.writer ??= writers[nextWriter++ % writers.length]
  const writer = context.writer as Writer
  const payload: DeckPayload = payloadOf(writer)
  request.method = 'PUT'
  request.path = '/v2/decks'
  request.headers = { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` }
  request.body = JSON.stringify(payload)
  return request
}

const run = autocannon as unknown as Run
const options = { url: baseUrl, connections: writers.length, requests: [{ setupRequest }] }
// Warm-up, then the measured run.
await run({ ...options, amount: 300 })
const result = await run({ ...options, duration: Number(seconds) })
console.log(JSON.stringify(result))
