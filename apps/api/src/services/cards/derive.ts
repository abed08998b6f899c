import type { Card, CardMinimal, CostEntry } from '@spellboard/core/card-schemas'
import { CARD_WIRE_KEYS, DICE_NAMES, diceFlag } from '@spellboard/core/cards'
import type { cards, releases } from '../../db/schema.ts'

/**
 * Everything stored beside a card that is computed from its own data (API.md §6, §12). Pure:
 * the importer and the admin card editor both build card rows through `cardColumns`.
 */

/** A card as the data files (and the admin editor) describe it: the card JSON plus its edition. */
export type CardFacts = {
  name: string
  stub: string
  type: string
  is_legacy: boolean
  placement?: string | undefined
  cost?: CostEntry[] | undefined
  dice?: string[] | undefined
  altDice?: string[] | undefined
  magicCost?: Record<string, number> | undefined
  effectMagicCost?: Record<string, number> | undefined
  effectRepeats?: boolean | undefined
  text?: string | undefined
  conjurations?: CardMinimal[] | undefined
  phoenixborn?: string | undefined
  attack?: number | string | undefined
  life?: number | string | undefined
  recover?: number | string | undefined
  battlefield?: number | string | undefined
  spellboard?: number | string | undefined
  copies?: number | undefined
  /** Legacy data carries its own cost weight, which wins over the computed one. */
  weight?: number | undefined
  chained?: boolean | undefined
}

/** The release a card belongs to, as stored (its identity is stub + edition). */
export type CardRelease = {
  name: string
  stub: string
  is_legacy: boolean
  is_phg: boolean
  is_promo: boolean
  is_retiring: boolean
}

/** A stored release row as the card derivations name it. */
export function cardRelease(release: typeof releases.$inferSelect): CardRelease {
  return {
    name: release.name,
    stub: release.stub,
    is_legacy: release.isLegacy,
    is_phg: release.isPhg,
    is_promo: release.isPromo,
    is_retiring: release.isRetiring,
  }
}

/** Columns of a card row that derive from its data; ids, release and version are the caller's. */
export type CardColumns = Omit<
  typeof cards.$inferInsert,
  'id' | 'entityId' | 'releaseId' | 'version' | 'artistName' | 'artistUrl'
>

/**
 * Reborn cards the reference marks as chained (a data migration there set the flag). Reborn data
 * without a `chained` key gets false, except for these.
 */
export const CHAINED_REBORN_STUBS: ReadonlySet<string> = new Set([
  'explosive-growth',
  'golden-veil',
  'hypnotize',
  'psychic-vampire',
  'river-skald',
  'summon-shining-hydra',
  'meteor',
])

/** §6.4: types of an either/or cost go to the alternative mask only; `basic` has no flag. */
export function diceFlagsOf(
  dice: readonly string[] = [],
  altDice: readonly string[] = [],
): { diceFlags: number; altDiceFlags: number } {
  const alternatives = new Set(altDice)
  const or = (names: readonly string[]) => names.reduce((flags, name) => flags | diceFlag(name), 0)
  return {
    diceFlags: or(dice.filter((name) => !alternatives.has(name))),
    altDiceFlags: or(altDice),
  }
}

const COST_TOKEN = /^\s*(\d*)\s*\[\[([^\]]+)\]\]\s*$/
const DICE = new Set<string>(DICE_NAMES)

/**
 * Weight of one cost token (§6.6). A token that is not exactly `N [[type]]` weighs nothing, as
 * in the reference: `X [[basic]]`, and Legacy Alchemist's `1 [[time:power]] : 1 [[basic]]`.
 */
function tokenWeight(token: string): number {
  const match = COST_TOKEN.exec(token)
  if (!match) return 0
  const count = match[1] ? Number(match[1]) : 0
  const [type = '', face] = (match[2] ?? '').toLowerCase().split(':')
  if (DICE.has(type) && count) {
    if (face === 'class') return count * 101
    if (face === 'power') return count * 102
    return count * 100
  }
  if (type === 'discard' && count) return count * 3
  if (type === 'side') return 4
  if (type === 'main') return 5
  return 0
}

/** §6.6: sum over the cost; an either/or pair weighs as its heavier option. */
export function costWeight(cost: readonly CostEntry[] = []): number {
  return cost.reduce(
    (sum, entry) =>
      sum +
      (typeof entry === 'string'
        ? tokenWeight(entry)
        : Math.max(tokenWeight(entry[0]), tokenWeight(entry[1]))),
    0,
  )
}

/**
 * §6.10: name (and admin search keywords) on the first line, the owning Phoenixborn on the
 * second, then the text without markup brackets or apostrophes ("Summons" and "Summon's" must
 * give the same lexeme), newlines folded to spaces.
 */
export function searchTextOf(card: {
  name: string
  phoenixborn?: string | null | undefined
  text?: string | null | undefined
  keywords?: string | null | undefined
}): string {
  let searchText = card.keywords ? `${card.name} ${card.keywords}\n` : `${card.name}\n`
  if (card.phoenixborn) searchText += `${card.phoenixborn}\n`
  if (card.text) {
    searchText += card.text
      .replaceAll('[[', '')
      .replaceAll(']]', '')
      .replaceAll("'", '')
      .replace(/\n+/g, ' ')
  }
  return searchText
}

/** First letter or digit of each word, words split on spaces and hyphens: Three-Eyed Owl → teo. */
export function initialsOf(name: string): string {
  return name
    .toLowerCase()
    .split(/[\s-]+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
    .join('')
}

export function isSummonSpell(name: string): boolean {
  return name.startsWith('Summon ')
}

/** Numeric-looking stats are integers on the wire; modifiers ("+1", "-3") and "X" stay text. */
function statValue(value: number | string): number | string {
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value
}

const STAT_KEYS = new Set(['attack', 'life', 'recover', 'battlefield', 'spellboard'])

/**
 * The wire card (§5.2) as stored: wire keys only (no `weight`, `diceRecursion`, `release_stub`),
 * the release written from the releases table (Legacy promo cards embed a stub that does not
 * exist), `is_legacy: true` on Legacy cards only and `chained` on Reborn cards only. Data files
 * get `chained` filled in as the reference did (§12) and `effectRepeats` only when true; a card
 * copied from another site's API keeps both `asSent`, so it reads the same here as there.
 */
export function storedCardJson(
  card: CardFacts,
  release: CardRelease,
  options: { asSent?: boolean } = {},
): Card {
  const json: Record<string, unknown> = {}
  const source = card as Record<string, unknown>
  for (const key of CARD_WIRE_KEYS) {
    switch (key) {
      case 'release':
        json.release = card.is_legacy
          ? {
              name: release.name,
              stub: release.stub,
              is_phg: release.is_phg,
              is_promo: release.is_promo,
              is_retiring: release.is_retiring,
            }
          : { name: release.name, stub: release.stub }
        break
      case 'effectRepeats':
        if (card.effectRepeats === true || (options.asSent && card.effectRepeats === false)) {
          json.effectRepeats = card.effectRepeats
        }
        break
      case 'is_legacy':
        if (card.is_legacy) json.is_legacy = true
        break
      case 'chained':
        if (card.is_legacy || (options.asSent && card.chained === undefined)) break
        json.chained = card.chained ?? CHAINED_REBORN_STUBS.has(card.stub)
        break
      default: {
        const value = source[key]
        if (value === undefined || value === null) break
        json[key] = STAT_KEYS.has(key) ? statValue(value as number | string) : value
      }
    }
  }
  return json as Card
}

/** Every derived column of a card row (§12). */
export function cardColumns(
  card: CardFacts,
  release: CardRelease,
  options: { keywords?: string | null; asSent?: boolean } = {},
): CardColumns {
  const { diceFlags, altDiceFlags } = diceFlagsOf(card.dice, card.altDice)
  return {
    name: card.name,
    stub: card.stub,
    phoenixborn: card.phoenixborn ?? null,
    cardType: card.type,
    isSummonSpell: isSummonSpell(card.name),
    isLegacy: card.is_legacy,
    costWeight: card.weight ?? costWeight(card.cost),
    diceFlags,
    altDiceFlags,
    copies: card.copies ?? null,
    json: storedCardJson(card, release, { asSent: options.asSent ?? false }),
    searchText: searchTextOf({
      name: card.name,
      phoenixborn: card.phoenixborn,
      text: card.text,
      keywords: options.keywords,
    }),
    initials: initialsOf(card.name),
  }
}

/**
 * The conjurations a card brings into play itself (§6.7, data README quirk 3). Some data lists
 * conjurations of conjurations too; a listed conjuration that another listed one already leads to
 * is dropped, unless the card's own text names it (Legacy Summon Indiglow Creeper places both a
 * creeper and a seedling).
 */
export function directConjurations(
  card: { text?: string | undefined; conjurations?: readonly CardMinimal[] | undefined },
  conjurationsOf: (stub: string) => readonly CardMinimal[] | undefined,
): CardMinimal[] {
  const listed = [...new Map((card.conjurations ?? []).map((c) => [c.stub, c])).values()]
  const direct = listed.filter(
    (candidate) =>
      card.text?.includes(`[[${candidate.name}]]`) ||
      !listed.some(
        (other) =>
          other.stub !== candidate.stub && leadsTo(other.stub, candidate.stub, conjurationsOf),
      ),
  )
  // Conjurations that lead to each other would drop one another; keep the data as it is then.
  return direct.length > 0 ? direct : listed
}

function leadsTo(
  from: string,
  target: string,
  conjurationsOf: (stub: string) => readonly CardMinimal[] | undefined,
): boolean {
  const seen = new Set([from])
  const queue = [from]
  for (let stub = queue.shift(); stub !== undefined; stub = queue.shift()) {
    for (const next of conjurationsOf(stub) ?? []) {
      if (next.stub === target) return true
      if (!seen.has(next.stub)) {
        seen.add(next.stub)
        queue.push(next.stub)
      }
    }
  }
  return false
}
