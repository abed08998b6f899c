import { passwordSchema, usernameSchema } from '@spellboard/core/users'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { friendlyFieldMessage } from './form-messages.ts'

const messageFor = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error: friendlyFieldMessage }).error?.issues[0]?.message

describe('friendlyFieldMessage', () => {
  it.each([
    ['a short password', passwordSchema, 'short', 'Use at least 8 characters.'],
    ['a long password', passwordSchema, 'x'.repeat(51), 'Use at most 50 characters.'],
    ['an empty username', usernameSchema, '', 'This field is required.'],
    ['a bad email', z.email(), 'nope', 'Enter a valid email address.'],
  ])('words %s', (_, schema, value, expected) => {
    expect(messageFor(schema, value)).toBe(expected)
  })

  it('leaves other issues to the schema', () => {
    expect(messageFor(z.boolean(), 'yes')).toMatch(/expected boolean/i)
  })
})
