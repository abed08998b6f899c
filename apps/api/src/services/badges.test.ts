import { describe, expect, it } from 'vitest'
import { isKidFriendly, randomBadge } from './badges.ts'

describe('badges', () => {
  it('draws a digit, middle characters and a final character from the safe alphabet', () => {
    for (let i = 0; i < 500; i++) {
      expect(randomBadge(4)).toMatch(/^[0-9][a-z0-9*-]{2}[a-z0-9*!]$/)
      expect(randomBadge(6)).toMatch(/^[0-9][a-z0-9*-]{4}[a-z0-9*!]$/)
    }
  })

  it.each(['1ass', '2a55', '0fuk', '9s3x', '1kkk', '4420'])('blocks %s', (badge) => {
    expect(isKidFriendly(badge)).toBe(false)
  })

  it.each(['3000', '1abc', '7q*z', '2m-!'])('allows %s', (badge) => {
    expect(isKidFriendly(badge)).toBe(true)
  })
})
