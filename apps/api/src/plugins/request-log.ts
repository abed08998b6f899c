import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/**
 * One log line per request at `info`, once its answer has gone out: method, address (secrets
 * masked by the `req` serializer), status and time taken. Fastify's own second line, written as
 * each request arrives, moves to `debug`, for finding a request that never finishes. Everything
 * else Fastify logs (errored requests, broken streams) is left as it is.
 */
export class RequestLog extends LogController {
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
    else reply.log.info(fields, 'request completed')
  }
}
