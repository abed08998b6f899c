import type { FastifyInstance, FastifyRequest } from 'fastify'

/** `application/json` and the structured `application/*+json` types, parameters allowed. */
const JSON_TYPE = /^application\/(?:[^;/\s]+\+)?json\s*(?:;|$)/i
/** `type/subtype` and any parameters: a Content-Type Fastify can read (its own rule). */
const MEDIA_TYPE = /^\s*[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(?:;[\s\S]*)?$/

/**
 * Request bodies are read the way the reference (FastAPI) reads them, whatever the client says
 * they are: an empty body is no body at all (so an optional body takes its defaults); a body
 * without a Content-Type, or with a JSON one, is parsed as JSON; any other body reaches the
 * route's schema as text, which no object or list schema accepts, so it is answered 422 like
 * every other invalid body, never 415. Routes that take forms add their own parsers on top.
 *
 * JSON keys `__proto__` (and `constructor.prototype`) are dropped rather than refused: unknown
 * keys are ignored (API.md §1.1), and dropping them is what keeps them from reaching any object's
 * prototype.
 */
export function registerBodyParsing(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('remove', 'remove')

  // Fastify answers 415 to a Content-Type it cannot read before any parser runs; FastAPI reads
  // an empty one as absent and any other as "not JSON". The header is put in those terms here.
  app.addHook('onRequest', (request, _reply, done) => {
    const type = request.headers['content-type']
    if (type !== undefined && !MEDIA_TYPE.test(type)) {
      if (type.trim() === '') delete request.headers['content-type']
      else request.headers['content-type'] = 'application/octet-stream'
    }
    done()
  })

  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = body.toString()
      if (text === '') return done(null, undefined)
      const type = request.headers['content-type']
      if (type !== undefined && !JSON_TYPE.test(type)) return done(null, text)
      parseJson(request, text, done)
    },
  )
}
