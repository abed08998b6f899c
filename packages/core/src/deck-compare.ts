import { MAGIC_TYPES } from './cards.ts'
import { DECK_SECTION_ORDER } from './deck-sections.ts'

/**
 * What changed between two decks (or two snapshots of one): the cards only one of them has, the
 * cards both have in different numbers, the dice side by side and the Phoenixborn when it
 * differs. Left is "before", right is "after": a difference is right minus left.
 */

/** What the comparison needs of a card entry; the minimal and the full wire entries both fit. */
export type ComparedCard = { name: string; stub: string; type: string; count: number }

export type ComparedDeck<C extends ComparedCard> = {
  phoenixborn: { name: string; stub: string }
  dice?: readonly { name: string; count: number }[] | null
  cards?: readonly C[] | null
}

export type CountChange<C extends ComparedCard> = { card: C; left: number; right: number }

export type DiceChange = { name: string; left: number; right: number; difference: number }

export type DeckComparison<C extends ComparedCard> = {
  /** Cards only the left deck has, with its counts. */
  onlyLeft: C[]
  /** Cards only the right deck has, with its counts. */
  onlyRight: C[]
  /** Cards in both decks with different counts (the card as the right deck lists it). */
  differentCounts: CountChange<C>[]
  /** Cards in both decks with the same count. */
  sameCount: number
  /** Every die type either deck uses, in the order of the magic types (unknown names last). */
  dice: DiceChange[]
  diceDiffer: boolean
  /** Both Phoenixborn when they differ, else null. */
  phoenixborn: {
    left: { name: string; stub: string }
    right: { name: string; stub: string }
  } | null
  /** Nothing differs: same Phoenixborn, dice and cards. */
  identical: boolean
}

const rank = (type: string) => {
  const index = (DECK_SECTION_ORDER as readonly string[]).indexOf(type)
  return index === -1 ? DECK_SECTION_ORDER.length : index
}

/** In deck order: by section (SPEC order), then by name. */
const byDeckOrder = (a: ComparedCard, b: ComparedCard) =>
  rank(a.type) - rank(b.type) ||
  (a.type < b.type ? -1 : a.type > b.type ? 1 : 0) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** Each card once with its copies added up; entries of no copies are no card. */
function countByStub<C extends ComparedCard>(cards: readonly C[] | null | undefined) {
  const counted = new Map<string, { card: C; count: number }>()
  for (const card of cards ?? []) {
    if (card.count <= 0) continue
    const seen = counted.get(card.stub)
    if (seen) seen.count += card.count
    else counted.set(card.stub, { card, count: card.count })
  }
  return counted
}

function countDice(dice: ComparedDeck<ComparedCard>['dice']) {
  const counted = new Map<string, number>()
  for (const die of dice ?? []) {
    if (die.count <= 0) continue
    const name = die.name.toLowerCase()
    counted.set(name, (counted.get(name) ?? 0) + die.count)
  }
  return counted
}

const withCount = <C extends ComparedCard>(card: C, count: number): C =>
  card.count === count ? card : { ...card, count }

export function compareDecks<C extends ComparedCard>(
  left: ComparedDeck<C>,
  right: ComparedDeck<C>,
): DeckComparison<C> {
  const leftCards = countByStub(left.cards)
  const rightCards = countByStub(right.cards)
  const onlyLeft: C[] = []
  const onlyRight: C[] = []
  const differentCounts: CountChange<C>[] = []
  let sameCount = 0
  for (const [stub, entry] of leftCards) {
    const other = rightCards.get(stub)
    if (!other) onlyLeft.push(withCount(entry.card, entry.count))
    else if (other.count === entry.count) sameCount += 1
    else differentCounts.push({ card: other.card, left: entry.count, right: other.count })
  }
  for (const [stub, entry] of rightCards) {
    if (!leftCards.has(stub)) onlyRight.push(withCount(entry.card, entry.count))
  }

  const leftDice = countDice(left.dice)
  const rightDice = countDice(right.dice)
  const known = MAGIC_TYPES as readonly string[]
  const names = [...new Set([...leftDice.keys(), ...rightDice.keys()])].sort(
    (a, b) =>
      (known.includes(a) ? known.indexOf(a) : known.length) -
        (known.includes(b) ? known.indexOf(b) : known.length) || (a < b ? -1 : a > b ? 1 : 0),
  )
  const dice = names.map((name) => {
    const l = leftDice.get(name) ?? 0
    const r = rightDice.get(name) ?? 0
    return { name, left: l, right: r, difference: r - l }
  })
  const diceDiffer = dice.some((die) => die.difference !== 0)
  const phoenixborn =
    left.phoenixborn.stub === right.phoenixborn.stub
      ? null
      : { left: left.phoenixborn, right: right.phoenixborn }

  return {
    onlyLeft: onlyLeft.sort(byDeckOrder),
    onlyRight: onlyRight.sort(byDeckOrder),
    differentCounts: differentCounts.sort((a, b) => byDeckOrder(a.card, b.card)),
    sameCount,
    dice,
    diceDiffer,
    phoenixborn,
    identical:
      !phoenixborn &&
      !diceDiffer &&
      onlyLeft.length === 0 &&
      onlyRight.length === 0 &&
      differentCounts.length === 0,
  }
}
