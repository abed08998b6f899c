import { diceFlag } from '@spellboard/core/cards'
import { inArray, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { deckCards, deckDice, deckSelectedCards, decks } from '../../db/schema.ts'
import { batches, fromExcluded } from '../../db/upsert.ts'

type DeckRow = typeof decks.$inferInsert
type SelectedRow = typeof deckSelectedCards.$inferInsert

/** The cards a player picked out, by card id (API.md §7.5 `first_five`, `effect_costs`, `tutor_map`). */
export type DeckSelection = {
  firstFive: number[]
  effectCosts: number[]
  /** [tutor, the card it fetches] */
  tutorMap: [number, number][]
}

/** Everything a deck holds besides its row. Dice keep the order given. */
export type DeckContents = {
  phoenixbornId: number
  cards: { cardId: number; count: number }[]
  dice: { name: string; count: number }[]
  selection: DeckSelection
}

export type DeckWrite = {
  /** The deck to overwrite; without it (and without `importId`) a new row is inserted. */
  id?: number | undefined
  row: Partial<DeckRow>
  contents: DeckContents
}

/** Selected cards by stub, as the wire and the data files name them (each key optional). */
export type ChosenCards = object & {
  first_five?: string[] | null | undefined
  effect_costs?: string[] | null | undefined
  tutor_map?: Record<string, string> | null | undefined
}

/** Selected cards by id; stubs of no card are dropped. */
export function selectionOf(
  chosen: ChosenCards,
  idOf: (stub: string) => number | undefined,
): DeckSelection {
  const ids = (stubs: string[] | null | undefined) =>
    (stubs ?? []).flatMap((stub) => {
      const id = idOf(stub)
      return id === undefined ? [] : [id]
    })
  return {
    firstFive: ids(chosen.first_five),
    effectCosts: ids(chosen.effect_costs),
    tutorMap: Object.entries(chosen.tutor_map ?? {}).flatMap(([tutor, card]) => {
      const pair = [idOf(tutor), idOf(card)]
      return pair[0] !== undefined && pair[1] !== undefined ? [pair as [number, number]] : []
    }),
  }
}

/**
 * First Five marks (with "paid effect" when listed in effect costs), paid effects of other cards
 * when there is a First Five, and tutor links. Only cards of the deck count: a First Five or a
 * tutor pair names cards in the deck's list, a paid effect a card of the list or the deck's
 * Phoenixborn (API.md §7.5); anything else is dropped.
 */
export function selectedCardRows(deckId: number, contents: DeckContents): SelectedRow[] {
  const { firstFive, effectCosts, tutorMap } = contents.selection
  const inDeck = new Set(contents.cards.map((card) => card.cardId))
  const rows = new Map<string, SelectedRow>()
  const add = (row: SelectedRow) => {
    const key = `${row.cardId}:${row.tutorCardId ?? 0}`
    if (!rows.has(key)) rows.set(key, { ...row, position: rows.size })
  }
  const paid = new Set(effectCosts)
  for (const cardId of firstFive) {
    if (inDeck.has(cardId))
      add({ deckId, cardId, isFirstFive: true, isPaidEffect: paid.has(cardId) })
  }
  if (firstFive.length > 0) {
    for (const cardId of paid) {
      const ownCard = inDeck.has(cardId) || cardId === contents.phoenixbornId
      if (ownCard && !firstFive.includes(cardId)) add({ deckId, cardId, isPaidEffect: true })
    }
  }
  for (const [tutor, cardId] of tutorMap) {
    if (inDeck.has(tutor) && inDeck.has(cardId)) add({ deckId, cardId, tutorCardId: tutor })
  }
  return [...rows.values()]
}

/** The columns an upsert on `import_id` takes from the incoming row: all it sets but the key. */
function upsertSet(row: Partial<DeckRow>) {
  const columns = Object.fromEntries(
    Object.keys(row)
      .filter((key) => key !== 'importId')
      .map((key) => [key, decks[key as keyof DeckRow]]),
  )
  return fromExcluded(columns)
}

async function writeRows(tx: Tx, writes: DeckWrite[], upsert: boolean): Promise<number[]> {
  if (upsert) {
    const ids = new Map<number, number>()
    for (const batch of batches(writes)) {
      const [first] = batch
      if (!first) continue
      const stored = await tx
        .insert(decks)
        .values(batch.map((write) => write.row as DeckRow))
        .onConflictDoUpdate({ target: decks.importId, set: upsertSet(first.row) })
        .returning({ id: decks.id, importId: decks.importId })
      for (const row of stored) if (row.importId !== null) ids.set(row.importId, row.id)
    }
    return writes.map((write) => ids.get(write.row.importId ?? -1) ?? 0)
  }
  const ids: number[] = []
  for (const write of writes) {
    if (write.id !== undefined) {
      await tx.update(decks).set(write.row).where(sql`id = ${write.id}`)
      ids.push(write.id)
      continue
    }
    const [created] = await tx
      .insert(decks)
      .values(write.row as DeckRow)
      .returning({ id: decks.id })
    if (!created) throw new Error('deck not stored')
    ids.push(created.id)
  }
  return ids
}

/**
 * The one writer of decks: their rows, then their cards, dice and selected cards, which replace
 * whatever the decks held before. Builder saves, deck imports from another site and the data
 * importer all come through here. With `upsertOn: 'importId'` rows are matched on their source
 * id (the data importer); otherwise a write with an `id` overwrites that deck. Returns the ids
 * in the order of `writes`.
 */
export async function storeDecks(
  tx: Tx,
  writes: DeckWrite[],
  options: { upsertOn?: 'importId' } = {},
): Promise<number[]> {
  const upsert = options.upsertOn === 'importId'
  const ids = await writeRows(tx, writes, upsert)
  const replaced = upsert ? ids : ids.filter((_, i) => writes[i]?.id !== undefined)
  for (const batch of batches(replaced, 1000)) {
    await tx.delete(deckCards).where(inArray(deckCards.deckId, batch))
    await tx.delete(deckDice).where(inArray(deckDice.deckId, batch))
    await tx.delete(deckSelectedCards).where(inArray(deckSelectedCards.deckId, batch))
  }
  const cards = writes.flatMap((write, i) =>
    write.contents.cards.map((card) => ({ deckId: ids[i] ?? 0, ...card })),
  )
  const dice = writes.flatMap((write, i) =>
    write.contents.dice.map((die, position) => ({
      deckId: ids[i] ?? 0,
      dieFlag: diceFlag(die.name),
      count: die.count,
      position,
    })),
  )
  const selected = writes.flatMap((write, i) => selectedCardRows(ids[i] ?? 0, write.contents))
  for (const batch of batches(cards, 1000)) await tx.insert(deckCards).values(batch)
  for (const batch of batches(dice, 1000)) await tx.insert(deckDice).values(batch)
  for (const batch of batches(selected, 1000)) await tx.insert(deckSelectedCards).values(batch)
  return ids
}
