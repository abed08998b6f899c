import { boxesNeeded, deckNeeds, type PoolCard, type StubDeck } from '@spellboard/core/collection'
import { type SQL, sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '../../db/client.ts'
import { type Catalogue, catalogueMemo } from '../cards/catalogue.ts'

/**
 * "Decks I can build" at a million decks (decision 013). Each Reborn deck stores what it needs
 * of each release as three bit masks, one bit per release: `box_need1` holds the releases it
 * needs at least one box of, `box_need2` at least two, `box_need3` three. A collection is the
 * same three masks of what it owns, and it builds a deck exactly when every mask of the deck is
 * inside the collection's (`need & ~owned = 0` at each level). Three boxes of a release build
 * anything of it: no deck holds more than 3 copies of a card, and a box holds at least one.
 *
 * A release's bit is its rank among the Reborn releases by id (an import, which adds releases,
 * stores every deck's masks again). The 63rd and later releases share the last bit, which a
 * collection owns at a level only when it owns all of them at that level: with that many
 * releases a deck might be left out, never wrongly let in.
 */
export const LEVELS = 3
const LAST_BIT = 62

/** A deck's needs, or a collection's boxes, as the three masks (drizzle's field names). */
export type BoxMasks = { boxNeed1: bigint; boxNeed2: bigint; boxNeed3: bigint }

/** A Reborn card as the needs read it: its release by id (as text), copies per box. */
export type NeedCard = PoolCard & { boxCopies: number }
export type NeedPool = { cards: ReadonlyMap<string, NeedCard>; releaseIds: readonly number[] }

/** Each Reborn release's bit. */
function releaseBits(releaseIds: readonly number[]): Map<number, number> {
  const sorted = [...releaseIds].sort((a, b) => a - b)
  return new Map(sorted.map((id, rank) => [id, Math.min(rank, LAST_BIT)]))
}

/** Masks from boxes per release id: bit set at level k when `boxesAt(bit) >= k`. */
function masks(levels: ReadonlyMap<number, number>): BoxMasks {
  const at = [0n, 0n, 0n]
  for (const [bit, boxes] of levels) {
    for (let level = 1; level <= Math.min(boxes, LEVELS); level++) {
      at[level - 1] = (at[level - 1] ?? 0n) | (1n << BigInt(bit))
    }
  }
  return { boxNeed1: at[0] ?? 0n, boxNeed2: at[1] ?? 0n, boxNeed3: at[2] ?? 0n }
}

/** What a deck needs of each release, as masks (the stored `box_need1..3`). */
export function deckBoxNeeds(deck: StubDeck, pool: NeedPool): BoxMasks {
  const needs = deckNeeds(deck, (stub) => pool.cards.get(stub))
  const boxes = boxesNeeded(needs, (stub) => {
    const card = pool.cards.get(stub)
    return card && { release: card.release, copies: card.boxCopies }
  })
  const bits = releaseBits(pool.releaseIds)
  const levels = new Map<number, number>()
  for (const [release, count] of boxes) {
    const bit = bits.get(Number(release))
    if (bit !== undefined) levels.set(bit, Math.max(levels.get(bit) ?? 0, count))
  }
  return masks(levels)
}

/** What a collection (boxes owned by release id) owns, as masks. */
export function collectionMasks(
  owned: ReadonlyMap<number, number>,
  releaseIds: readonly number[],
): BoxMasks {
  const levels = new Map<number, number>()
  // A shared bit is owned at the level of the release owned least.
  for (const [id, bit] of releaseBits(releaseIds)) {
    levels.set(bit, Math.min(levels.get(bit) ?? LEVELS, owned.get(id) ?? 0))
  }
  return masks(levels)
}

/** Whether a collection's masks build a deck's (what the SQL condition asks). */
export const builds = (deck: BoxMasks, owned: BoxMasks): boolean =>
  ((deck.boxNeed1 & ~owned.boxNeed1) |
    (deck.boxNeed2 & ~owned.boxNeed2) |
    (deck.boxNeed3 & ~owned.boxNeed3)) ===
  0n

const bigintParam = (value: bigint): SQL => sql`${value.toString()}::bigint`

/** The masks as a `set` list for an UPDATE of a deck row. */
export const setNeeds = (needs: BoxMasks): SQL =>
  sql`box_need1 = ${bigintParam(needs.boxNeed1)}, box_need2 = ${bigintParam(needs.boxNeed2)},
      box_need3 = ${bigintParam(needs.boxNeed3)}`

/**
 * Rows of `alias` (deck or profile columns `<prefix>1..3`) the collection builds. Masks are
 * never negative (63 bits), so "= 0" is written "< 1": the planner then guesses a third of the
 * rows pass rather than one in 200, and walks a listing index in order instead of sorting every
 * match of a collection that builds most decks.
 */
export function buildsCondition(columns: [SQL, SQL, SQL], owned: BoxMasks): SQL {
  const [one, two, three] = columns
  return sql`((${one} & ~${bigintParam(owned.boxNeed1)}) | (${two} & ~${bigintParam(owned.boxNeed2)})
    | (${three} & ~${bigintParam(owned.boxNeed3)})) < 1`
}

export const deckNeedColumns = (alias: string): [SQL, SQL, SQL] => [
  sql.raw(`${alias}.box_need1`),
  sql.raw(`${alias}.box_need2`),
  sql.raw(`${alias}.box_need3`),
]

/**
 * Every combination of masks a deck row matching `where` holds, kept in `box_need_profile`
 * (never removed: a few thousand rows at a million decks). Whatever publishes a deck, or
 * stores the masks of a published one, calls it in the same transaction.
 */
export async function rememberNeeds(db: Queryable, where: SQL): Promise<void> {
  await db.execute(
    sql`insert into box_need_profile (need1, need2, need3)
        select distinct box_need1, box_need2, box_need3 from deck d
        where ${where} and box_need1 is not null
        on conflict do nothing`,
  )
}

/** More first-level masks than this, and a listing is answered without them. */
const MAX_PROFILES = 4000
/** Up to this many releases owned, their subsets are the masks named (2^10 = 1,024). */
const MAX_SUBSET_BITS = 10

/** Every subset of a mask's bits, or null past MAX_SUBSET_BITS bits. */
function subsets(mask: bigint): bigint[] | null {
  const bits: bigint[] = []
  for (let bit = 0n; mask >> bit > 0n; bit++) if ((mask >> bit) & 1n) bits.push(1n << bit)
  if (bits.length > MAX_SUBSET_BITS) return null
  let all = [0n]
  for (const bit of bits) all = all.concat(all.map((subset) => subset | bit))
  return all
}

/**
 * First-level masks that hold every published deck a collection builds, or null when there are
 * too many to be worth naming: a collection that builds few decks finds them through
 * `deck_public_needs_idx` by these values (see `listPublicDecks`). A collection of a few
 * releases names every subset of them (no read at all); a larger one names the masks decks
 * hold (`box_need_profile`) that it builds.
 */
export async function buildableNeeds(db: Queryable, owned: BoxMasks): Promise<bigint[] | null> {
  const few = subsets(owned.boxNeed1)
  if (few) return few
  const rows = await queryRows<{ need1: string }>(
    db,
    sql`select distinct need1 from box_need_profile p
        where ${buildsCondition([sql`p.need1`, sql`p.need2`, sql`p.need3`], owned)}
        limit ${MAX_PROFILES + 1}`,
  )
  return rows.length > MAX_PROFILES ? null : rows.map((row) => BigInt(row.need1))
}

/** A bigint[] parameter. */
export const bigintArray = (values: readonly bigint[]): SQL =>
  sql`${`{${values.join(',')}}`}::bigint[]`

/** An int[] parameter. */
export const intArray = (values: readonly number[]): SQL =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`

/** Every Reborn card and release of the catalogue, public or not, as the needs read them. */
export function cataloguePool(catalogue: Catalogue): NeedPool {
  return catalogueMemo(catalogue, 'box-needs-pool', () => ({
    cards: new Map(
      [...catalogue.allByStub.reborn.values()].map((card) => [
        card.stub,
        {
          stub: card.stub,
          release: String(card.release.id),
          type: card.cardType,
          copies: card.copies,
          conjurations: card.conjurations.map((conjuration) => conjuration.stub),
          boxCopies: card.boxCopies,
        },
      ]),
    ),
    releaseIds: catalogue.releases.filter((release) => !release.isLegacy).map((r) => r.id),
  }))
}
