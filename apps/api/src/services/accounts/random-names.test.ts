import { usernameSchema } from '@spellboard/core/users'
import { expect, it } from 'vitest'
import { randomPhoenixbornName } from './random-names.ts'

it('draws valid usernames of a given name and a family name', () => {
  const names = new Set(Array.from({ length: 300 }, randomPhoenixbornName))
  for (const name of names) {
    expect(usernameSchema.parse(name)).toBe(name)
    expect(name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/)
  }
  // Enough variety that two new players rarely share a name.
  expect(names.size).toBeGreaterThan(200)
})
