import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify'

/**
 * One log line per request at `info`, once its answer has gone out: method, address (secrets
 * masked by the `req` serializer), status and time taken. Fastify's own second line, written as
 * each request arrives, moves to `debug`, for finding a request that never finishes. Everything
 * else Fastify logs (errored requests, broken streams) is left as it is.
 *
 * The completed line goes through `unredacted`, the server's logger without its redaction paths
 * (`app.ts`): its fields are what the `req` and `res` serializers keep (method, masked address,
 * host, client address and port; the status), which none of those paths can name, and checking
 * them on every request cost 4% of a logged read's CPU (docs/decisions/014). Lines that
 * carry anything else (errors included) keep the redaction.
 */
export class RequestLog extends LogController {
  unredacted: FastifyBaseLogger | null = null

  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return
    request.log.debug({ req: request }, 'incoming request')
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...fields, err: error }, 'request errored')
    else if (this.unredacted && this.unredacted.level === reply.log.level) {
      // The request's own logger binds its id; this one is told it. (A route with a log level of
      // its own keeps its logger.)
      this.unredacted.info({ reqId: request.id, ...fields }, 'request completed')
    } else reply.log.info(fields, 'request completed')
  }
}
