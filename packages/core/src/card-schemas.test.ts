import { describe, expect, it } from 'vitest'
import { cardSchema } from './card-schemas.ts'
import { CARD_WIRE_KEYS } from './cards.ts'

describe('card schema', () => {
  it('lists exactly the wire keys, in output order', () => {
    expect(Object.keys(cardSchema.shape)).toEqual([...CARD_WIRE_KEYS])
  })
})
