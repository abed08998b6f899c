import { diceFlag } from '@spellboard/core/cards'
import { type SQL, sql } from 'drizzle-orm'
import type { Queryable, Tx } from '../../db/client.ts'
import { preparedRows } from '../../db/prepared.ts'
import { type deckCards, type deckDice, type deckSelectedCards, decks } from '../../db/schema.ts'
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

/**
 * The columns an upsert on `import_id` takes from the incoming row: all it sets but the key,
 * and a version raised only when one of them changes (an import repeated changes nothing).
 */
function upsertSet(row: Partial<DeckRow>) {
  const columns = Object.fromEntries(
    Object.keys(row)
      .filter((key) => key !== 'importId' && key !== 'version')
      .map((key) => [key, decks[key as keyof DeckRow]]),
  )
  const names = Object.values(columns).map((column) => `"${column.name}"`)
  const changed = `(${names.map((name) => `deck.${name}`)}) is distinct from (${names.map((name) => `excluded.${name}`)})`
  return {
    ...fromExcluded(columns),
    version: sql.raw(`deck.version + case when ${changed} then 1 else 0 end`),
  }
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
      await tx
        .update(decks)
        .set({ ...write.row, version: sql`${decks.version} + 1` })
        .where(sql`id = ${write.id}`)
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

/** A deck's contents as rows of its three tables, as they are stored and read back. */
export type ContentRows = {
  cards: (typeof deckCards.$inferInsert)[]
  dice: (typeof deckDice.$inferInsert & { position: number })[]
  selected: SelectedRow[]
}

export function contentRows(deckId: number, contents: DeckContents): ContentRows {
  return {
    cards: contents.cards.map((card) => ({ deckId, ...card })),
    dice: contents.dice.map((die, position) => ({
      deckId,
      dieFlag: diceFlag(die.name),
      count: die.count,
      position,
    })),
    selected: selectedCardRows(deckId, contents),
  }
}

/** Decks whose contents one statement replaces (each row array a parameter, whatever its size). */
const DECKS_PER_STATEMENT = 500

const numbers = (values: readonly (number | null | undefined)[]) =>
  `{${values.map((value) => Math.trunc(value ?? 0)).join(',')}}`
const flags = (values: readonly (boolean | null | undefined)[]) =>
  `{${values.map((value) => (value ? 't' : 'f')).join(',')}}`

/**
 * The statement's part that makes the contents of the decks `target (id)` names exactly `rows`:
 * rows the new contents lack are deleted, the others inserted or updated in place. Rows that
 * hold their new values already (most of an autosave, which changes one card) are left out
 * before the insert, which would otherwise lock each of them to learn it has nothing to do.
 * With a `guard` (a WHERE clause), no row is inserted unless it holds. Each row array is one
 * parameter, so the text never changes and PostgreSQL keeps the statement prepared.
 */
function contentChanges(rows: ContentRows, guard: SQL = sql``): SQL {
  const { cards, dice, selected } = rows
  return sql`new_card (deck_id, card_id, count) as (
        select * from unnest(${numbers(cards.map((r) => r.deckId))}::bigint[],
          ${numbers(cards.map((r) => r.cardId))}::bigint[],
          ${numbers(cards.map((r) => r.count))}::int[]) ${guard}),
      drop_card as (
        delete from deck_card t where t.deck_id in (select id from target)
          and not exists (select 1 from new_card n
            where n.deck_id = t.deck_id and n.card_id = t.card_id)
        returning t.deck_id),
      put_card as (
        insert into deck_card (deck_id, card_id, count) select * from new_card n
        where not exists (select 1 from deck_card t
          where t.deck_id = n.deck_id and t.card_id = n.card_id and t.count = n.count)
        on conflict (deck_id, card_id) do update set count = excluded.count
          where deck_card.count <> excluded.count
        returning deck_id),
      new_die (deck_id, die_flag, count, position) as (
        select * from unnest(${numbers(dice.map((r) => r.deckId))}::bigint[],
          ${numbers(dice.map((r) => r.dieFlag))}::int[],
          ${numbers(dice.map((r) => r.count))}::int[],
          ${numbers(dice.map((r) => r.position))}::int[]) ${guard}),
      drop_die as (
        delete from deck_die t where t.deck_id in (select id from target)
          and not exists (select 1 from new_die n
            where n.deck_id = t.deck_id and n.die_flag = t.die_flag)
        returning t.deck_id),
      put_die as (
        insert into deck_die (deck_id, die_flag, count, position) select * from new_die n
        where not exists (select 1 from deck_die t where t.deck_id = n.deck_id
          and t.die_flag = n.die_flag and (t.count, t.position) = (n.count, n.position))
        on conflict (deck_id, die_flag) do update
          set count = excluded.count, position = excluded.position
          where (deck_die.count, deck_die.position) <> (excluded.count, excluded.position)
        returning deck_id),
      new_selected (deck_id, card_id, tutor_card_id, is_first_five, is_paid_effect, position) as (
        select * from unnest(${numbers(selected.map((r) => r.deckId))}::bigint[],
          ${numbers(selected.map((r) => r.cardId))}::bigint[],
          ${numbers(selected.map((r) => r.tutorCardId))}::bigint[],
          ${flags(selected.map((r) => r.isFirstFive))}::boolean[],
          ${flags(selected.map((r) => r.isPaidEffect))}::boolean[],
          ${numbers(selected.map((r) => r.position))}::int[]) ${guard}),
      drop_selected as (
        delete from deck_selected_card t where t.deck_id in (select id from target)
          and not exists (select 1 from new_selected n where n.deck_id = t.deck_id
            and n.card_id = t.card_id and n.tutor_card_id = t.tutor_card_id)
        returning t.deck_id),
      put_selected as (
        insert into deck_selected_card
          (deck_id, card_id, tutor_card_id, is_first_five, is_paid_effect, position)
        select * from new_selected n
        where not exists (select 1 from deck_selected_card t where t.deck_id = n.deck_id
          and t.card_id = n.card_id and t.tutor_card_id = n.tutor_card_id
          and (t.is_first_five, t.is_paid_effect, t.position)
            = (n.is_first_five, n.is_paid_effect, n.position))
        on conflict (deck_id, card_id, tutor_card_id) do update
          set is_first_five = excluded.is_first_five, is_paid_effect = excluded.is_paid_effect,
            position = excluded.position
          where (deck_selected_card.is_first_five, deck_selected_card.is_paid_effect,
            deck_selected_card.position) <> (excluded.is_first_five, excluded.is_paid_effect,
            excluded.position)
        returning deck_id)`
}

/**
 * Contents of many decks in one statement; `replaced` are those that may hold rows already, and
 * those whose contents changed get a new version.
 */
async function replaceContents(tx: Tx, replaced: readonly number[], rows: ContentRows) {
  await preparedRows(
    tx,
    sql`with target (id) as (select unnest(${numbers(replaced)}::bigint[])),
      ${contentChanges(rows)},
      changed (id) as (
        select deck_id from drop_card union select deck_id from put_card
        union select deck_id from drop_die union select deck_id from put_die
        union select deck_id from drop_selected union select deck_id from put_selected),
      raised as (update deck set version = version + 1
        where id in (select id from changed) and id in (select id from target))
    select 1`,
  )
}

/**
 * The usual overwrite of one working deck in a single statement, with no transaction around it:
 * `claim` (an UPDATE of the deck's row that returns it) and the replacement of its contents
 * happen together or not at all. The claim must update nothing when the row changed since the
 * statement began (compare `xmin` with the statement's own view of it), since the contents are
 * replaced as that view saw them; the caller then goes the locking way. `select` reads the
 * answer from `claimed`.
 */
export async function storeClaimed<T>(
  db: Queryable,
  deckId: number,
  claim: SQL,
  contents: DeckContents,
  select: SQL,
): Promise<T | undefined> {
  const [row] = await preparedRows<T>(
    db,
    sql`with claimed as (${claim}),
      target (id) as (select id from claimed),
      ${contentChanges(contentRows(deckId, contents), sql`where exists (select 1 from claimed)`)}
    ${select}`,
  )
  return row
}

/**
 * The one writer of decks: their rows, then their cards, dice and selected cards, which replace
 * whatever the decks held before. Builder saves, deck imports from another site and the data
 * importer all come through here. With `upsertOn: 'importId'` rows are matched on their source
 * id (the data importer); otherwise a write with an `id` overwrites that deck. The builder's
 * usual save takes the one-statement way of `storeClaimed`. Returns the ids in the order of
 * `writes`.
 */
export async function storeDecks(
  tx: Tx,
  writes: DeckWrite[],
  options: { upsertOn?: 'importId' } = {},
): Promise<number[]> {
  const upsert = options.upsertOn === 'importId'
  const ids = await writeRows(tx, writes, upsert)
  const stored = writes.map((write, i) => ({ write, id: ids[i] ?? 0 }))
  for (const batch of batches(stored, DECKS_PER_STATEMENT)) {
    const replaced = batch.filter(({ write }) => upsert || write.id !== undefined)
    const rows: ContentRows = { cards: [], dice: [], selected: [] }
    for (const { write, id } of batch) {
      const deckRows = contentRows(id, write.contents)
      rows.cards.push(...deckRows.cards)
      rows.dice.push(...deckRows.dice)
      rows.selected.push(...deckRows.selected)
    }
    await replaceContents(
      tx,
      replaced.map(({ id }) => id),
      rows,
    )
  }
  return ids
}
