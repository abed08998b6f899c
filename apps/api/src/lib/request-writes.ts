import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Whether a request wrote to the database, known by what it ran rather than by what the route
 * says of itself: every statement passes `noteStatement`, and one that writes marks the request
 * it runs for. The answer to a request that wrote waits for its change notices (write-sync.ts).
 */
export type RequestWrites = { wrote: boolean }

const current = new AsyncLocalStorage<RequestWrites>()

/** Statements that change rows, also inside a `with` (CTE) or after a comment. */
const WRITE = /\b(?:insert\s+into|update\s+[\w".]+\s+set|delete\s+from|truncate)\b/i

/** Runs `work` (and everything it starts) as one request whose writes are noted in `state`. */
export function trackWrites(state: RequestWrites, work: () => void): void {
  current.run(state, work)
}

/** Called with the text of every statement the application runs. */
export function noteStatement(text: string): void {
  const state = current.getStore()
  if (state && !state.wrote && WRITE.test(text)) state.wrote = true
}
