import { describe, expect, it } from 'vitest'
import {
  emailSchema,
  logInFormSchema,
  profilePatchSchema,
  registrationSchema,
  wantsLongTermToken,
} from './users.ts'

describe('emailSchema', () => {
  it.each([
    ['player@example.org', 'player@example.org'],
    ['  Player@Example.ORG ', 'player@example.org'],
    ["o'neil+ashes@mail.example.co.uk", "o'neil+ashes@mail.example.co.uk"],
    ['a!b*c@example.org', 'a!b*c@example.org'],
    ['Üser@example.org', 'üser@example.org'],
    ['user@EXÄMPLE.org', 'user@exämple.org'],
    ['u\u0308ser@example.org', 'üser@example.org'],
    ['用户@例子.广告', '用户@例子.广告'],
    ['user@xn--exmple-cua.org', 'user@xn--exmple-cua.org'],
  ])('accepts %j as %j', (input, output) => {
    expect(emailSchema.parse(input)).toBe(output)
  })

  it.each([
    'not-an-email',
    'player@',
    '@example.org',
    'player@localhost',
    'two@@example.org',
    'space in@example.org',
    'üser in@example.org',
    '.player@example.org',
    'player.@example.org',
    'pla..yer@example.org',
    'player@exa_mple.org',
    'player@-example.org',
    'player@[192.0.2.1]',
    'zero\u200bwidth@example.org',
    `${'a'.repeat(250)}@example.org`,
    '',
  ])('refuses %j', (input) => {
    expect(emailSchema.safeParse(input).success).toBe(false)
  })
})

describe('wantsLongTermToken', () => {
  it.each([
    ['token:longterm', true],
    ['TOKEN:LONGTERM', true],
    ['openid  token:longterm profile', true],
    ['token:longterm:x', false],
    ['token', false],
    ['', false],
  ])('%j → %s', (scope, expected) => {
    expect(wantsLongTermToken(scope)).toBe(expected)
  })
})

describe('logInFormSchema', () => {
  it('normalises the e-mail and defaults the scope', () => {
    expect(logInFormSchema.parse({ username: ' A@B.org ', password: 'pw' })).toEqual({
      username: 'a@b.org',
      password: 'pw',
      scope: '',
    })
  })

  it.each([
    [{ password: 'pw' }, ['username']],
    [{ username: '', password: '' }, ['username', 'password']],
    [{ username: 'a@b.org', password: 'pw', grant_type: 'implicit' }, ['grant_type']],
  ])('refuses %j at %j', (form, paths) => {
    const result = logInFormSchema.safeParse(form)
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(paths)
  })
})

describe('registrationSchema', () => {
  const passwords = { password: 'long enough', password_confirm: 'long enough' }

  it('needs the username key but accepts null', () => {
    expect(registrationSchema.safeParse(passwords).success).toBe(false)
    expect(registrationSchema.parse({ username: null, ...passwords })).toMatchObject({
      username: null,
      newsletter_opt_in: false,
    })
  })

  it('reports a password mismatch on the whole body', () => {
    const result = registrationSchema.safeParse({
      username: 'Player',
      password: 'long enough',
      password_confirm: 'long enougH',
    })
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[]])
  })
})

describe('profilePatchSchema', () => {
  it('keeps absent keys absent and a null description null', () => {
    expect(profilePatchSchema.parse({ description: null })).toEqual({ description: null })
    expect(profilePatchSchema.parse({})).toEqual({})
  })
})
