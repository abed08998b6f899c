import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'

/** The most log output a server holds in memory while stdout takes none of it. */
export const LOG_BUFFER_BYTES = 4 * 1024 * 1024

/**
 * Where a server's log lines go: stdout, written in the background as pino's default output
 * does, but with at most LOG_BUFFER_BYTES waiting to be written. Whatever reads stdout may stall
 * (a log collector that is down or throttling, a terminal paused or scrolled back): unbounded,
 * every request's line then stayed in memory, about 0.75 KB a request, until the process ran
 * out of it. Past the bound a line is dropped instead, and once the output takes lines again
 * one warning (`reportDroppedLines`) says how many were lost. The lines waiting at an exit are
 * still written, as with pino's default.
 */
export function logOutput(): pino.DestinationStream & NodeJS.EventEmitter {
  return pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_BYTES })
}

/** Counts the lines `output` dropped, and warns through `log` once it has written the rest. */
export function reportDroppedLines(output: NodeJS.EventEmitter, log: FastifyBaseLogger): void {
  let dropped = 0
  output.on('drop', () => {
    dropped += 1
  })
  // Emitted each time everything waiting has been written.
  output.on('drain', () => {
    if (dropped === 0) return
    const lines = dropped
    dropped = 0
    log.warn({ dropped: lines }, 'log output was blocked: lines dropped')
  })
}
