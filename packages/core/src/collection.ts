/**
 * A player's collection: how many boxes of each Reborn release they own, and what that lets
 * them build. A box of a release holds its preconstructed decks: a card's copies per box are the
 * sum of its counts over the precons of its release (Phoenixborn and conjurations included), 3
 * for a card in no precon of its release (a conjuration there: its own copies). Dice are never
 * counted: they come in their own sets.
 */

export const MAX_BOXES = 9
/** Copies per box of a card that no precon of its release holds. */
export const COPIES_WITHOUT_PRECON = 3

/** Boxes owned per release stub; a release not named is owned 0 times. */
export type Owned = Readonly<Record<string, number>>

/** A card as the derivation reads it: its release and what it conjures (by stub). */
export type PoolCard = {
  stub: string
  release: string
  type: string
  /** A conjuration's copies (the size of its pile). */
  copies?: number | null | undefined
  conjurations?: readonly string[] | undefined
}

/** A deck by stubs: a precon of the data, or any deck whose needs are counted. */
export type StubDeck = {
  phoenixborn: string
  cards: readonly { stub: string; count: number }[]
}
export type Precon = StubDeck & { title: string; release: string }

export const isConjuration = (type: string) => type.startsWith('Conjur')

/**
 * The copies of every card a deck needs: its Phoenixborn once, its cards by count, and each
 * conjuration any of them conjures (following chains) at the conjuration's copies. Cards the
 * pool does not know are left out.
 */
export function deckNeeds(
  deck: StubDeck,
  cardOf: (stub: string) => PoolCard | undefined,
): Map<string, number> {
  const needs = new Map<string, number>()
  const queue: string[] = []
  const add = (stub: string, count: number) => {
    const card = cardOf(stub)
    if (!card || count <= 0) return
    needs.set(stub, (needs.get(stub) ?? 0) + count)
    queue.push(...(card.conjurations ?? []))
  }
  add(deck.phoenixborn, 1)
  for (const card of deck.cards) add(card.stub, card.count)
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (needs.has(next)) continue
    const conjuration = cardOf(next)
    if (conjuration) add(next, Math.max(1, conjuration.copies ?? 1))
  }
  return needs
}

export type BoxCopies = { copies: number; deck: string | null }

/**
 * Copies per box of every card of the pool, with the first precon of its release that holds it
 * (precons in the order given).
 */
export function copiesPerBox(
  cards: readonly PoolCard[],
  precons: readonly Precon[],
): Map<string, BoxCopies> {
  const byStub = new Map(cards.map((card) => [card.stub, card]))
  const held = new Map<string, BoxCopies>()
  for (const precon of precons) {
    for (const [stub, count] of deckNeeds(precon, (stub) => byStub.get(stub))) {
      if (byStub.get(stub)?.release !== precon.release) continue
      const so = held.get(stub)
      held.set(stub, { copies: (so?.copies ?? 0) + count, deck: so?.deck ?? precon.title })
    }
  }
  return new Map(
    cards.map((card) => [
      card.stub,
      held.get(card.stub) ?? {
        copies: isConjuration(card.type)
          ? Math.max(1, card.copies ?? COPIES_WITHOUT_PRECON)
          : COPIES_WITHOUT_PRECON,
        deck: null,
      },
    ]),
  )
}

/** What the pages know of a card's box: `GET /v2/releases/boxes` read into one lookup. */
export type BoxEntry = {
  name: string
  release: string
  releaseName: string
  copies: number
  /** Where a player finds it: the precon holding it, else the release. */
  from: string
}
export type BoxIndex = ReadonlyMap<string, BoxEntry>

/** One release's box as `GET /v2/releases/boxes` lists it (collection-schemas.ts). */
export type ListedBox = {
  stub: string
  name: string
  cards: readonly { stub: string; name: string; copies: number; deck: string | null }[]
}

export function boxIndex(boxes: readonly ListedBox[]): BoxIndex {
  const index = new Map<string, BoxEntry>()
  for (const release of boxes) {
    for (const card of release.cards) {
      index.set(card.stub, {
        name: card.name,
        release: release.stub,
        releaseName: release.name,
        copies: card.copies,
        from: card.deck ?? release.name,
      })
    }
  }
  return index
}

/** Copies of a card the boxes owned hold. */
export function ownedCopies(entry: Pick<BoxEntry, 'release' | 'copies'>, owned: Owned): number {
  return (owned[entry.release] ?? 0) * entry.copies
}

/** Boxes of a release that hold `count` copies of a card. */
export const boxesFor = (count: number, copies: number) => Math.ceil(count / Math.max(1, copies))

/** Boxes of each release (by stub) the deck needs; releases it needs nothing of are absent. */
export function boxesNeeded(
  needs: ReadonlyMap<string, number>,
  boxOf: (stub: string) => Pick<BoxEntry, 'release' | 'copies'> | undefined,
): Map<string, number> {
  const boxes = new Map<string, number>()
  for (const [stub, count] of needs) {
    const entry = boxOf(stub)
    if (!entry) continue
    boxes.set(entry.release, Math.max(boxes.get(entry.release) ?? 0, boxesFor(count, entry.copies)))
  }
  return boxes
}

export type MissingCard = { stub: string; name: string; count: number; from: string }

/** Cards the boxes owned hold too few of, in the order of `needs`, with how many are short. */
export function missingCards(
  needs: ReadonlyMap<string, number>,
  index: BoxIndex,
  owned: Owned,
): MissingCard[] {
  const missing: MissingCard[] = []
  for (const [stub, count] of needs) {
    const entry = index.get(stub)
    if (!entry) continue
    const short = count - ownedCopies(entry, owned)
    if (short > 0) missing.push({ stub, name: entry.name, count: short, from: entry.from })
  }
  return missing
}

/** One line of the deck page's 'Missing:' list: '1× Iron Rhino — The Iron Men'. */
export const missingLine = (card: MissingCard) => `${card.count}× ${card.name} — ${card.from}`

export type OneCollection =
  | { legal: true }
  | { legal: false; name: string; needs: number; holds: number }

/**
 * The One Collection format: a deck built from one box of each product. Illegal when any card
 * needs more copies than one box of its release holds (the first such card is named).
 */
export function oneCollection(needs: ReadonlyMap<string, number>, index: BoxIndex): OneCollection {
  for (const [stub, count] of needs) {
    const entry = index.get(stub)
    if (entry && count > entry.copies) {
      return { legal: false, name: entry.name, needs: count, holds: entry.copies }
    }
  }
  return { legal: true }
}

export function oneCollectionText(result: OneCollection): string {
  return result.legal
    ? 'One Collection: legal'
    : `One Collection: needs ${result.needs}× ${result.name}; one of each product holds ${result.holds}`
}

/** A deck as the API lists it (§5.4): its Phoenixborn, its cards and its conjuration pile. */
export type ListedDeck = {
  phoenixborn: { stub: string }
  cards: readonly { stub: string; count: number }[]
  /** Each entry's count is the conjuration's copies; entries without a stub are left out. */
  conjurations?: readonly { stub?: string; count: number }[] | undefined
}

/** The copies a listed deck needs: the Phoenixborn once, the cards, the conjuration pile. */
export function listedNeeds(deck: ListedDeck): Map<string, number> {
  const needs = new Map<string, number>([[deck.phoenixborn.stub, 1]])
  for (const card of [...deck.cards, ...(deck.conjurations ?? [])]) {
    if (card.stub && card.count > 0) needs.set(card.stub, (needs.get(card.stub) ?? 0) + card.count)
  }
  return needs
}
