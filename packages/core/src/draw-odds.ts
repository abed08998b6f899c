import { isConjurationType } from './cards.ts'
import { deckSections, type SectionCard } from './deck-sections.ts'
import { firstFiveStubs } from './first-five.ts'
import { DECK_RULES } from './limits.ts'

/**
 * 'Draw odds': the chance to hold at least one copy of a card by the start of a round. The
 * player plays or discards the whole hand each round and draws five. N is the number of cards
 * the deck holds (not the Phoenixborn, not conjurations): 30 for a legal deck.
 *
 * - With a complete First Five (five cards of the deck marked), round 1's hand is the First Five
 *   and the draw pile is the other N − 5 cards (one copy of each First Five card is in hand). By
 *   the start of round r the player has drawn d = min(N − 5, 5·(r − 1)) of them, and the chance
 *   for a card with k copies in the pile is 1 − C(N − 5 − k, d) / C(N − 5, d). A First Five
 *   card is in hand from round 1: 1.
 * - Without one, round 1's hand is five cards drawn from the N; by the start of round r the
 *   player has drawn n = min(N, 5·r) and the chance is 1 − C(N − k, n) / C(N, n), k the copies.
 *
 * For N = 30 these are the pile of 25 and the deck of 30. The chances are exact fractions of
 * big integers; only their display is rounded.
 */

/** The rounds the table shows, as its columns. */
export const DRAW_ODDS_ROUNDS = [2, 3, 4] as const

/** A deck as the draw odds read it: any deck of the API (§5.4) or the builder's, mapped so. */
export type DrawDeck = {
  cards: readonly SectionCard[]
  first_five: readonly string[]
}

/** What is shuffled and drawn: both the odds and the sample hand start from it. */
export type DrawSetup = {
  /** The deck's cards in the order of its list, without the Phoenixborn and conjurations. */
  cards: SectionCard[]
  /** Their copies: N. */
  size: number
  /** The First Five when it is complete (five different cards of the deck), else null. */
  firstFive: string[] | null
}

export function drawSetup(deck: DrawDeck): DrawSetup {
  const drawn = deck.cards.filter(
    (card) => card.type !== 'Phoenixborn' && !isConjurationType(card.type),
  )
  const cards = deckSections(drawn).flatMap((section) => section.cards)
  const inDeck = new Set(cards.map((card) => card.stub))
  const marked = firstFiveStubs(deck).filter((stub) => inDeck.has(stub))
  return {
    cards,
    size: cards.reduce((total, card) => total + card.count, 0),
    firstFive: marked.length === DECK_RULES.firstFive ? marked : null,
  }
}

/** A probability as an exact fraction. */
export type ExactChance = { numerator: bigint; denominator: bigint }

export type DrawOddsRow = {
  stub: string
  name: string
  /** Copies in the deck. */
  copies: number
  /** One of a complete First Five: in hand from round 1. */
  inFirstFive: boolean
  /** The chance by the start of each round of `DRAW_ODDS_ROUNDS`, in order. */
  chances: ExactChance[]
}

export type DrawOdds = {
  /** Round 1's hand: the complete First Five, or five cards drawn at random. */
  opening: 'first-five' | 'random'
  /** N: the cards drawn from, the deck's cards without the Phoenixborn and conjurations. */
  size: number
  /** The pile the rounds are drawn from: N − 5 behind a First Five, else the whole N. */
  pile: number
  /** Cards drawn from that pile by the start of each round of `DRAW_ODDS_ROUNDS`. */
  drawn: number[]
  /** Every card of the deck, in the order of its list. */
  rows: DrawOddsRow[]
}

/** C(n, k) exactly; 0 outside 0 ≤ k ≤ n. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || n < 0 || k > n) return 0n
  const small = Math.min(k, n - k)
  let result = 1n
  // After step i the result is C(n − small + i, i): each division is exact.
  for (let i = 1; i <= small; i++) result = (result * BigInt(n - small + i)) / BigInt(i)
  return result
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b]
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

function fraction(numerator: bigint, denominator: bigint): ExactChance {
  const divisor = gcd(numerator, denominator)
  return divisor > 1n
    ? { numerator: numerator / divisor, denominator: denominator / divisor }
    : { numerator, denominator }
}

const CERTAIN: ExactChance = { numerator: 1n, denominator: 1n }

/**
 * The chance that `drawn` cards taken at random from a pile of `pile` include at least one of a
 * card's `copies`: 1 − C(pile − copies, drawn) / C(pile, drawn).
 */
export function drawChance(pile: number, copies: number, drawn: number): ExactChance {
  const all = binomial(pile, drawn)
  if (copies <= 0 || all === 0n) return { numerator: 0n, denominator: 1n }
  return fraction(all - binomial(pile - copies, drawn), all)
}

/** The cards drawn from the pile by the start of `round`. */
function drawnBy(setup: DrawSetup, round: number): number {
  const hand = DECK_RULES.hand
  return setup.firstFive
    ? Math.min(setup.size - hand, hand * (round - 1))
    : Math.min(setup.size, hand * round)
}

/** The 'Draw odds' table of a deck: each card's chance by the start of rounds 2, 3 and 4. */
export function drawOdds(deck: DrawDeck): DrawOdds {
  const setup = drawSetup(deck)
  const firstFive = new Set(setup.firstFive ?? [])
  const pile = setup.firstFive ? setup.size - DECK_RULES.hand : setup.size
  const drawn = DRAW_ODDS_ROUNDS.map((round) => drawnBy(setup, round))
  // Every card with the same copies in the pile has the same chances: work each out once.
  const byCopies = new Map<number, ExactChance[]>()
  const chancesFor = (copies: number) => {
    let chances = byCopies.get(copies)
    if (!chances) {
      chances = drawn.map((count) => drawChance(pile, copies, count))
      byCopies.set(copies, chances)
    }
    return chances
  }
  return {
    opening: setup.firstFive ? 'first-five' : 'random',
    size: setup.size,
    pile,
    drawn,
    rows: setup.cards.map((card) => {
      const inFirstFive = firstFive.has(card.stub)
      return {
        stub: card.stub,
        name: card.name,
        copies: card.count,
        inFirstFive,
        chances: inFirstFive ? drawn.map(() => CERTAIN) : chancesFor(card.count),
      }
    }),
  }
}

/** An exact chance as a percentage with one decimal, rounded half up: 26796/53130 → '50.4%'. */
export function formatExactChance({ numerator, denominator }: ExactChance): string {
  const tenths = (numerator * 2000n + denominator) / (2n * denominator)
  return `${tenths / 10n}.${tenths % 10n}%`
}

const listed = (values: readonly (number | string)[]) =>
  values.length < 2
    ? values.join('')
    : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`

/** The model in one short paragraph, with the deck's own numbers, shown under the table. */
export function drawOddsModel(odds: Pick<DrawOdds, 'opening' | 'size' | 'pile' | 'drawn'>): string {
  const { pile, size } = odds
  const hand = DECK_RULES.hand
  const rounds = `By the start of rounds ${listed(DRAW_ODDS_ROUNDS)} you have drawn ${listed(odds.drawn)}`
  const model =
    odds.opening === 'first-five'
      ? `Round 1's hand is the First Five; the other ${pile} cards are the shuffled draw pile, ` +
        `and each round you play or discard your whole hand and draw ${hand}. ${rounds} of ` +
        `them: the chance to hold a card with k copies in the pile is ` +
        `1 − C(${pile} − k, d) / C(${pile}, d), d the cards drawn. A First Five card is in hand ` +
        'from round 1 (100.0%).'
      : `Without a complete First Five, round 1's hand is ${hand} cards drawn from the shuffled ` +
        `${size}, and each round you play or discard your whole hand and draw ${hand}. ` +
        `${rounds} cards: the chance to hold a card with k copies is ` +
        `1 − C(${size} − k, n) / C(${size}, n), n the cards drawn.`
  const other =
    size === DECK_RULES.cards
      ? ''
      : ` This deck has ${size} cards, not ${DECK_RULES.cards}: the odds are counted over the ${size} it has.`
  return `${model}${other} Counted exactly, nothing is sampled.`
}
