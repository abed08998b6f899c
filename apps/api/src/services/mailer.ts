import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import { ensurePrivateDir, writePrivateFile } from '../lib/private-files.ts'

export type Mail = {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the mail is about (invitation, reset), kept on its own line in the outbox. */
  link?: string
}

export type Mailer = { send: (mail: Mail) => Promise<void> }

/**
 * With SMTP_URL mail goes out through SMTP. Without it each mail is written to
 * `<DATA_DIR>/outbox/` as one JSON file (not MIME-encoded, so links stay whole) and a log line
 * names the file, so a developer can follow the link.
 */
export function createMailer(options: {
  smtpUrl: string | undefined
  from: string
  dataDir: string
  log: FastifyBaseLogger
}): Mailer {
  if (options.smtpUrl) {
    // A stalled SMTP server must not hold a sign-up request for nodemailer's default two minutes.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
    return {
      send: async (mail) => {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
      },
    }
  }
  const outbox = path.join(options.dataDir, 'outbox')
  let sequence = 0
  return {
    // biome-ignore lint/suspicious/useAwait: the outbox write is synchronous so the file exists when the request answers
    send: async (mail) => {
      ensurePrivateDir(outbox)
      sequence += 1
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence}.json`,
      )
      // Mails hold invitation and reset links: the outbox is as private as the key.
      writePrivateFile(
        file,
        `${JSON.stringify({ from: options.from, ...mail, sent: new Date().toISOString() }, null, 2)}\n`,
      )
      options.log.info({ file }, 'mail written to the outbox')
    },
  }
}
