import type { FastifyBaseLogger } from 'fastify'
import { invalid } from '../../lib/refusal.ts'
import type { Mail, Mailer } from '../mailer.ts'

/**
 * Sends an account mail or answers 400: the caller must learn that no link is on its way.
 * What was stored before (the invitation, the reset token) stays, so asking again re-sends it.
 * The log line names neither the link nor the body.
 */
export async function deliverAccountMail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  mail: Mail,
  what: 'invitation' | 'password reset',
): Promise<void> {
  try {
    await mailer.send(mail)
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string }
    log.warn({ code, reason: message }, `${what} mail could not be sent`)
    throw invalid(`Unable to send the ${what} e-mail right now; please try again later.`)
  }
}
