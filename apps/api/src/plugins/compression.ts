import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'
import compress from '@fastify/compress'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** What the API compresses to, in the order it prefers them. */
const ENCODINGS = ['br', 'gzip'] as const
export type Encoding = (typeof ENCODINGS)[number]

/** Answers smaller than this go out as they are: compressing them saves too little. */
const THRESHOLD = 1024

/**
 * Brotli stays at quality 4: quality 11 costs more CPU than it saves on answers of a few
 * kilobytes (21 ms against 0.3 ms for a 22 KB card listing, for 18 % fewer bytes).
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }

/**
 * An answer up to this size is compressed in one call on the event loop; a larger one in a
 * stream, on libuv's threads. The plugin's default on two cores, 8 KB, sent a 22 KB card
 * listing through a stream that cost twice the CPU of the one call's 0.3 ms.
 */
const SYNC_THRESHOLD = 128 * 1024

/**
 * Brotli or gzip for API answers and generated card faces, which compress to a fifth of their
 * size. The built web app's files are compressed once at build time instead (see `spa.ts`), and
 * kept answers once when they are kept (`encodeOnce`), so this only pays for what is generated
 * per request.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: THRESHOLD,
    brotliOptions: BROTLI,
    syncThreshold: SYNC_THRESHOLD,
  })
}

/**
 * The encoding this request's answer would be compressed to, as the plugin chooses it (`*` and
 * `x-gzip` are gzip); undefined for none.
 */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding']
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS])
  return ENCODINGS.find((encoding) => encoding === chosen)
}

/** `body` compressed to `encoding` as the plugin would, or undefined when it goes out as is. */
export function encodeOnce(body: Buffer, encoding: Encoding): Buffer | undefined {
  if (body.length < THRESHOLD) return undefined
  return encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body)
}

/** Sends a body already compressed to `encoding` (the plugin leaves it as it is). */
export function sendEncoded(reply: FastifyReply, encoding: Encoding, body: Buffer) {
  const vary = reply.getHeader('vary')
  const varies = [vary ?? []].flat().map(String)
  if (!varies.some((value) => value.toLowerCase().includes('accept-encoding'))) {
    reply.header('vary', [...varies, 'accept-encoding'].join(', '))
  }
  return reply.header('content-encoding', encoding).send(body)
}
