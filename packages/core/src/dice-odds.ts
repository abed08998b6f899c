import { enumerateOdds } from './dice-enumeration.ts'
import { type CostTerm, costTerms, type MagicCostMap } from './magic-costs.ts'

/**
 * The chance that one roll of a deck's dice pays a set of dice costs, and the discards Meditate
 * needs on average to pay them. The model, exactly:
 *
 * - Each die has 6 faces: 1 power, 3 class and 2 basic symbols (Ashes Rules Reference v2.0,
 *   §2.2.0). A power symbol may pay a power, class or basic cost of its type; a class symbol a
 *   class or basic cost of its type; a basic symbol a basic cost only.
 * - A cost is a `magicCost` / `effectMagicCost` map (API.md §6.5): `"T:power": n` needs n power
 *   faces of type T; `"T:class": n` needs n class or power faces of T; `"basic": n` takes any n
 *   faces; an either/or key `"A / B": n` is paid by n symbols all of A or all of B. Each die pays
 *   one symbol. Keys naming no known magic type are left out (see `costTerms`).
 * - The chance is exact: every outcome of the dice is enumerated (as multinomials per die type,
 *   not die by die), weighted by how many of the 6^N face combinations give it; no sampling.
 *   No cost → 1; more symbols than dice → 0.
 * - Meditate (discard a card to turn one die to any of its faces): for each outcome, the fewest
 *   dice that must be turned for the roll to pay, averaged over all outcomes with the same
 *   weights. A die keeps its type, so a cost needing more dice of a type than the pool holds
 *   can never be paid, and the expected discards are then `null`.
 */

/** The dice of a deck, as saved (`dice` of API.md §5.4). */
export type DicePool = readonly { name: string; count: number }[]

export type PayOdds = {
  /** Probability in [0, 1] that one roll pays every cost at once. */
  chance: number
  /** Expected discards to Meditate before the roll pays; null when no roll can ever pay. */
  meditate: number | null
}

/** The help text the odds are shown with: the same model, for players. */
export const DICE_ODDS_HELP =
  'Each die has 6 faces: 1 power, 3 class and 2 basic symbols. A power symbol can pay a power, ' +
  'class or basic cost of its magic type, a class symbol a class or basic cost, and a basic ' +
  'symbol only a basic cost; a basic cost takes any face. A cost of one type or another is paid ' +
  'entirely with symbols of one of the two. Each die pays one symbol. The chance is exact: ' +
  "every way the deck's dice can land on one roll is counted, nothing is sampled. A card with " +
  'no dice cost is always paid (100.0%); a cost needing more symbols than there are dice never ' +
  'is (0.0%). Meditate (discard a card to turn one die to a face of your choice): the number of ' +
  'discards needed, on average over all rolls, to pay the cost.'

/** A chance as a percentage with one decimal, rounded half up: 0.432 → '43.2%'. */
export function formatChance(chance: number): string {
  const clamped = Number.isFinite(chance) ? Math.min(1, Math.max(0, chance)) : 0
  return `${(Math.round(clamped * 1000) / 10).toFixed(1)}%`
}

/** Expected discards with one decimal, rounded half up: 1.25 → '1.3'. */
export function formatDiscards(expected: number): string {
  return (Math.round(Math.max(0, expected) * 10) / 10).toFixed(1)
}

/** The chance that one roll pays all the given cost maps at once (e.g. several cards' play costs). */
export function costsOdds(
  dice: DicePool,
  costs: readonly (MagicCostMap | null | undefined)[],
): PayOdds {
  return termsOdds(
    dice,
    costs.flatMap((cost) => costTerms(cost)),
  )
}

/** The chance that one roll pays a list of cost terms (see the model above). */
export function termsOdds(dice: DicePool, terms: readonly CostTerm[]): PayOdds {
  const perType = new Map<string, number>()
  let total = 0
  for (const die of dice) {
    // Only whole, positive counts are dice; a saved deck has at most 10 of them.
    if (!Number.isInteger(die.count) || die.count <= 0) continue
    perType.set(die.name, (perType.get(die.name) ?? 0) + die.count)
    total += die.count
  }
  return enumerateOdds({ perType, total }, terms)
}
