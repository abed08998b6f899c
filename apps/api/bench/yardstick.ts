import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'

/**
 * `node yardstick.ts <GET|PUT> <body file>`: the yardstick of `npm run bench` (lib.ts
 * `startYardstick`), a bare Fastify answering the file's bytes as JSON on any path. It runs in
 * a process of its own, with Node's defaults, so nothing else the bench runs (PGlite's server
 * and its vacuum, in the bench's process) takes turns with it on one thread. Prints its port
 * once it listens.
 */
const [method, bodyFile] = process.argv.slice(2)
if ((method !== 'GET' && method !== 'PUT') || !bodyFile) {
  throw new Error('usage: yardstick.ts <GET|PUT> <body file>')
}
const body = readFileSync(bodyFile)
const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 })
app.route({
  method,
  url: '/*',
  handler: (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body)
  },
})
await app.listen({ port: 0, host: '127.0.0.1' })
console.log((app.server.address() as AddressInfo).port)
