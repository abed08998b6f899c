import { setTimeout as sleep } from 'node:timers/promises'
import { Agent } from 'undici'
import type { Fixture, Kind, LoadResult, Writer } from './load-mix.ts'
import {
  emptyResult,
  exchange,
  kindStats,
  percentile,
  pickKind,
  pickOne,
  recordAnswer,
  requestFor,
} from './load-mix.ts'

/**
 * The open loop: requests start on a fixed schedule, `rate` a second, whatever the answers; a
 * request due is sent even while earlier ones still wait for theirs. Each latency counts from
 * the request's scheduled start, not from when it was sent, so a stall of the API (or of this
 * process) shows in full instead of delaying the requests that would have measured it
 * (coordinated omission). autocannon's `overallRate` is no open loop: each of its connections
 * still waits for an answer before sending again, times from the actual send, and its
 * correction assumes 1 ms between requests (`Math.ceil(1 / rate)`, with rate per second).
 *
 * Same mix and same requests as the closed loop. Saves and snapshots of one writer's deck go
 * out one after another: a writer's next one waits for the previous answer (the wait counts in
 * its latency, its schedule does not move). Two saves of one deck in flight at once could be
 * applied in either order, and then the last one acknowledged would not be known to be the one
 * the deck must hold; one at a time, it is, and every acknowledged save stays verifiable.
 */
export type OpenLoadResult = LoadResult & {
  scheduled: number
  /** The most requests waiting for their answer (or their writer's previous one) at once. */
  peakInFlight: number
  /** How late this process started each request after its scheduled start, ms, sorted. */
  startLag: number[]
  /** Saves and snapshots that waited for their writer's previous one. */
  queuedBehindWriter: number
  /** Requests unanswered when the drain time ran out, then failed (counted as errors). */
  abandoned: number
}

/** An open loop on its own keep-alive sockets; each `run` is one schedule, then `close`. */
export function openLoop(options: {
  baseUrl: string
  fixture: Fixture
  /** Requests started per second, in total. */
  rate: number
  /** Keep-alive sockets to the API at most; requests beyond wait in the client. */
  sockets: number
  /** A request due while this many wait is dropped (counted, never sent). */
  maxInFlight: number
  /** How long answers may take after the last request is due before they are given up. */
  drainSeconds: number
}) {
  const { fixture } = options
  const newResult = (seconds: number): OpenLoadResult => ({
    ...emptyResult(seconds, options.maxInFlight),
    rate: options.rate,
    scheduled: Math.round(options.rate * seconds),
    peakInFlight: 0,
    startLag: [],
    queuedBehindWriter: 0,
    abandoned: 0,
  })
  // Keep-alive sockets, at most `sockets`: the API closes connections of one client address
  // beyond MAX_CONNECTIONS_PER_CLIENT (128). A request waiting here for a free socket is late
  // by that wait, which its latency, counted from the schedule, includes.
  const newAgent = () => new Agent({ keepAliveTimeout: 20_000, connections: options.sockets })
  let agent = newAgent()
  const pending = new Set<Promise<void>>()
  const lastOfWriter = new Map<Writer, Promise<void>>()
  let inFlight = 0

  async function send(result: OpenLoadResult, kind: Kind, writer: Writer, due: number, via: Agent) {
    // Built when it goes out, so one writer's saves are numbered in the order they are sent.
    const target = requestFor(kind, fixture, writer)
    const { status, text } = await exchange(options.baseUrl, target, { dispatcher: via })
    recordAnswer(result, { kind, target, status, text, latency: performance.now() - due })
  }

  function start(result: OpenLoadResult, due: number) {
    const kind = pickKind()
    const writer = pickOne(fixture.writers)
    if (inFlight >= options.maxInFlight) {
      kindStats(result, kind).dropped += 1
      return
    }
    const via = agent
    result.startLag.push(performance.now() - due)
    inFlight += 1
    result.peakInFlight = Math.max(result.peakInFlight, inFlight)
    const ownDeck = kind === 'autosave' || kind === 'snapshot'
    const previous = ownDeck ? lastOfWriter.get(writer) : undefined
    if (previous) result.queuedBehindWriter += 1
    const request: Promise<void> = (previous ?? Promise.resolve())
      .then(() => send(result, kind, writer, due, via))
      .finally(() => {
        inFlight -= 1
        pending.delete(request)
        if (lastOfWriter.get(writer) === request) lastOfWriter.delete(writer)
      })
    pending.add(request)
    if (ownDeck) lastOfWriter.set(writer, request)
  }

  /** `seconds` of requests on schedule, all answered. */
  async function run(seconds: number): Promise<OpenLoadResult> {
    const result = newResult(seconds)
    const interval = 1000 / options.rate
    const startedAt = performance.now()
    for (let i = 0; i < result.scheduled; i += 1) {
      const due = startedAt + i * interval
      const wait = due - performance.now()
      // Late wake-ups do not shift the schedule: whatever is overdue starts at once.
      if (wait > 0) await sleep(wait)
      start(result, due)
    }
    const drained = Promise.all(pending).then(() => true)
    if (!(await Promise.race([drained, sleep(options.drainSeconds * 1000, false)]))) {
      result.abandoned = pending.size
      // Fails whatever is still waiting, even behind its writer (no signal per request:
      // thousands of listeners on one signal would cost the schedule time); the next run, if
      // any, gets sockets of its own.
      const stuck = agent
      agent = newAgent()
      await stuck.destroy(
        new Error(`no answer ${options.drainSeconds} s after the last request was due`),
      )
      await Promise.all(pending)
    }
    result.durationSeconds = (performance.now() - startedAt) / 1000
    result.startLag.sort((a, b) => a - b)
    return result
  }

  return { run, close: () => agent.destroy() }
}

/** What the open loop adds to the table: the schedule, how late it started, what waited. */
export function openLoadNotes(result: OpenLoadResult): string[] {
  const lag = result.startLag
  return [
    `schedule: ${result.scheduled} requests due at ${result.rate} req/s, ` +
      `started late by p99 ${percentile(lag, 99).toFixed(1)} ms, max ${(lag.at(-1) ?? 0).toFixed(1)} ms ` +
      `(this process's own delay, counted in the latencies); at most ${result.peakInFlight} ` +
      `in flight at once (cap ${result.connections}); ${result.queuedBehindWriter} saves or ` +
      `snapshots waited for their writer's previous one; ${result.abandoned} abandoned unanswered`,
    ...(result.abandoned > 0
      ? [
          '  (a save, comment or snapshot given up on may still have been applied: mismatches ' +
            'below may come from those)',
        ]
      : []),
  ]
}
