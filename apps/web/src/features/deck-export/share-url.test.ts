import { describe, expect, it } from 'vitest'
import { shareUrl } from './share-url.ts'

describe('share address', () => {
  it('builds it from the origin and the share uuid', () => {
    expect(shareUrl('https://spellboard.example', 'abc')).toBe(
      'https://spellboard.example/decks/share/abc/',
    )
  })
})
