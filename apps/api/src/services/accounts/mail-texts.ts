import type { Mail } from '../mailer.ts'

const SITE = 'Spellboard'

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/**
 * Plain text and HTML say the same; the link stands alone on its line in both, so clients that
 * wrap long lines never split it and a reader can copy it whole.
 */
function compose(to: string, subject: string, before: string[], link: string, after: string[]) {
  const text = [...before, '', link, '', ...after, '', `— ${SITE}`, ''].join('\n')
  const paragraphs = (lines: string[]) =>
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')
  const href = escapeHtml(link)
  const html = [
    '<!doctype html>',
    '<html><body>',
    paragraphs(before),
    `<p>\n<a href="${href}">${href}</a>\n</p>`,
    paragraphs(after),
    `<p>— ${SITE}</p>`,
    '</body></html>',
    '',
  ].join('\n')
  return { to, subject, text, html, link } satisfies Mail
}

export function invitationMail(publicUrl: string, to: string, token: string): Mail {
  return compose(
    to,
    `Finish creating your ${SITE} account`,
    [
      `Someone (hopefully you) asked to create a ${SITE} account for this e-mail address.`,
      'Follow this link to choose your username and password:',
    ],
    `${publicUrl}/players/new/${token}/`,
    ['The link can be used once. If you did not ask for an account, you can ignore this e-mail.'],
  )
}

export function passwordResetMail(publicUrl: string, to: string, token: string): Mail {
  return compose(
    to,
    `Reset your ${SITE} password`,
    [
      `Someone (hopefully you) asked to reset the password of the ${SITE} account for this e-mail address.`,
      'Follow this link to choose a new password:',
    ],
    `${publicUrl}/players/reset/${token}/`,
    ['If you did not ask for this, you can ignore this e-mail: your password stays as it is.'],
  )
}
