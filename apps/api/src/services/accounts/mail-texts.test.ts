import { describe, expect, it } from 'vitest'
import { invitationMail, passwordResetMail } from './mail-texts.ts'

const TOKEN = '6f1f8a3e-2f4b-4c2a-9c1e-0a1b2c3d4e5f'

describe.each([
  ['invitation', invitationMail, `https://site.example/players/new/${TOKEN}/`],
  ['password reset', passwordResetMail, `https://site.example/players/reset/${TOKEN}/`],
])('%s mail', (_, compose, link) => {
  const mail = compose('https://site.example', 'player@example.org', TOKEN)

  it('is addressed and names the link', () => {
    expect(mail).toMatchObject({ to: 'player@example.org', link })
    expect(mail.subject).toContain('Spellboard')
  })

  it('puts the link alone on its own line in the text and the HTML', () => {
    expect(mail.text.split('\n')).toContain(link)
    expect(mail.html.split('\n')).toContain(`<a href="${link}">${link}</a>`)
  })
})

it('escapes the link in HTML', () => {
  const mail = invitationMail('https://site.example/?a=1&b="2"', 'p@example.org', TOKEN)
  expect(mail.html).toContain('?a=1&amp;b=&quot;2&quot;')
  expect(mail.html).not.toContain('b="2"')
})
