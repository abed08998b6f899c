import type { Card, CardMinimal } from '@spellboard/core/card-schemas'
import { CARD_WIRE_KEYS } from '@spellboard/core/cards'

/** The release columns a wire card's `release` object is built from. */
export type WireRelease = {
  name: string
  stub: string
  isLegacy: boolean
  isPhg: boolean
  isPromo: boolean
  isRetiring: boolean
}

const STAT_KEYS = new Set(['attack', 'life', 'recover', 'battlefield', 'spellboard'])
const DIGITS = /^\d+$/

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined
}

/**
 * The wire card of API.md §5.2 from a stored card JSON: only the documented keys, in their
 * documented order, absent when not stored (SPARSE). Import-only keys (`weight`,
 * `diceRecursion`, `release_stub`…) never leave the server. The release object comes from the
 * release row rather than the embedded copy, which is stale for some Legacy promos and after
 * renames; only Legacy cards carry its three flags.
 */
export function toWireCard(
  json: Record<string, unknown>,
  card: { isLegacy: boolean },
  release: WireRelease,
): Card {
  const out: Record<string, unknown> = {}
  for (const key of CARD_WIRE_KEYS) {
    if (key === 'release') {
      out.release = card.isLegacy
        ? {
            name: release.name,
            stub: release.stub,
            is_phg: release.isPhg,
            is_promo: release.isPromo,
            is_retiring: release.isRetiring,
          }
        : { name: release.name, stub: release.stub }
      continue
    }
    if (key === 'is_legacy') {
      if (card.isLegacy) out.is_legacy = true
      continue
    }
    if (key === 'chained') {
      if (!card.isLegacy && typeof json.chained === 'boolean') out.chained = json.chained
      continue
    }
    const value = json[key]
    if (isEmpty(value)) continue
    out[key] =
      STAT_KEYS.has(key) && typeof value === 'string' && DIGITS.test(value) ? Number(value) : value
  }
  return out as Card
}

export function minimalCard(card: { name: string; stub: string }): CardMinimal {
  return { name: card.name, stub: card.stub }
}
