import { CARD_WIRE_KEYS } from '@spellboard/core/cards'
import { describe, expect, it } from 'vitest'
import { toWireCard, type WireRelease } from './wire.ts'

const masterSet: WireRelease = {
  name: 'Master Set',
  stub: 'master-set',
  isLegacy: false,
  isPhg: false,
  isPromo: false,
  isRetiring: false,
}
const promo: WireRelease = {
  name: 'Dimona Odinstar (Promo)',
  stub: 'dimona-odinstar-promo',
  isLegacy: true,
  isPhg: true,
  isPromo: true,
  isRetiring: true,
}

describe('toWireCard', () => {
  it('keeps only wire keys, in wire order, with numeric stats as numbers', () => {
    const wire = toWireCard(
      {
        weight: 308,
        text: 'Alert',
        release_stub: 'master-set',
        life: '4',
        attack: 'X',
        recover: '+1',
        name: 'Hammer Knight',
        stub: 'hammer-knight',
        type: 'Ally',
        release: { name: 'Old name', stub: 'old', is_legacy: false },
        diceRecursion: 1,
        chained: false,
        phoenixborn: null,
        is_legacy: false,
      },
      { isLegacy: false },
      masterSet,
    )
    expect(wire).toEqual({
      name: 'Hammer Knight',
      stub: 'hammer-knight',
      type: 'Ally',
      release: { name: 'Master Set', stub: 'master-set' },
      text: 'Alert',
      attack: 'X',
      life: 4,
      recover: '+1',
      chained: false,
    })
    const order = Object.keys(wire).map((key) => CARD_WIRE_KEYS.indexOf(key as never))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('gives Legacy cards the release flags and is_legacy, never chained', () => {
    const wire = toWireCard(
      {
        name: 'Dimona Odinstar',
        stub: 'dimona-odinstar',
        type: 'Phoenixborn',
        release: { name: 'x', stub: 'dimona-odinstar-(promo)' },
        chained: true,
        battlefield: '+1',
      },
      { isLegacy: true },
      promo,
    )
    expect(wire.release).toEqual({
      name: 'Dimona Odinstar (Promo)',
      stub: 'dimona-odinstar-promo',
      is_phg: true,
      is_promo: true,
      is_retiring: true,
    })
    expect(wire.is_legacy).toBe(true)
    expect(wire).not.toHaveProperty('chained')
    expect(wire.battlefield).toBe('+1')
  })
})
