import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Brotli or gzip for API answers and generated card faces, which compress to a fifth of their
 * size. The built web app's files are compressed once at build time instead (see `spa.ts`), so
 * this only pays for what is generated per request. Brotli stays at the plugin's quality 4:
 * quality 11 costs more CPU than it saves on answers of a few kilobytes.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
  })
}
