import type { CostEntry } from '@spellboard/core/card-schemas'
import { DICE_NAMES } from '@spellboard/core/cards'

/**
 * Admin card input (API.md §7.9) turned into the stored shapes of §6.3–§6.5. Pure: the admin
 * create and update paths use it, and tests pin it to the real data's conventions.
 */

/**
 * A cost list from either a list or one string of entries separated by " - "; an entry with
 * " / " or " or " in it is an either/or pair.
 */
export function parseCost(input: string | readonly CostEntry[] | null | undefined): CostEntry[] {
  if (input === null || input === undefined) return []
  const entries = typeof input === 'string' ? input.split(/\s+-\s+/) : input
  const cost: CostEntry[] = []
  for (const entry of entries) {
    if (typeof entry !== 'string') {
      cost.push([entry[0].trim(), entry[1].trim()])
      continue
    }
    const trimmed = entry.trim()
    if (!trimmed) continue
    const [first, second] = trimmed.split(/\s+(?:\/|or)\s+/)
    cost.push(second !== undefined && first !== undefined ? [first, second] : trimmed)
  }
  return cost
}

const MAGIC_TOKEN = new RegExp(`^(\\d+)\\s+\\[\\[((?:${DICE_NAMES.join('|')})(?::\\w+)?)\\]\\]$`)

function magicToken(entry: string): { key: string; count: number } | null {
  const match = MAGIC_TOKEN.exec(entry.trim())
  return match?.[1] && match[2] ? { key: match[2], count: Number(match[1]) } : null
}

/**
 * §6.5: the dice part of a cost as `{diceKey: count}`; an either/or pair becomes one
 * `"a / b"` key worth the larger count. Actions, discards and `X` amounts are left out.
 */
export function magicCostOf(cost: readonly CostEntry[]): Record<string, number> {
  const mapping: Record<string, number> = {}
  for (const entry of cost) {
    if (typeof entry === 'string') {
      const token = magicToken(entry)
      if (token) mapping[token.key] = token.count
      continue
    }
    const first = magicToken(entry[0])
    const second = magicToken(entry[1])
    if (first && second)
      mapping[`${first.key} / ${second.key}`] = Math.max(first.count, second.count)
  }
  return mapping
}

/**
 * The `dice` and `altDice` lists implied by cost mappings: types of plain keys are needed,
 * types of either/or keys are alternatives. Listed in the game's dice order.
 */
export function diceOfCosts(...mappings: Record<string, number>[]): {
  dice: string[]
  altDice: string[]
} {
  const dice = new Set<string>()
  const altDice = new Set<string>()
  for (const key of mappings.flatMap((mapping) => Object.keys(mapping))) {
    const options = key.split(' / ')
    const target = options.length > 1 ? altDice : dice
    for (const option of options) target.add(option.split(':')[0] ?? option)
  }
  const ordered = (names: Set<string>) => DICE_NAMES.filter((name) => names.has(name))
  return { dice: ordered(dice), altDice: ordered(altDice) }
}

/**
 * Conjurations a card's text brings into play: `[[Name]]` followed by "conjuration(s)",
 * "conjured alteration spell(s)" or "or" (the first of two alternatives), as stubs.
 */
export function conjurationNamesIn(text: string | null | undefined): string[] {
  if (!text) return []
  const names = new Set<string>()
  const pattern =
    /\[\[([A-Z][A-Za-z' ]+)\]\](?= (?:(?:conjuration|conjured alteration spell)s?|or)\b)/g
  for (const match of text.matchAll(pattern)) if (match[1]) names.add(match[1])
  return [...names]
}

/** Stats typed as text keep modifiers ("+1", "X") but store plain numbers as numbers. */
export function statOf(value: string | number): string | number {
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value
}
