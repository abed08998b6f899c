import { DICE_FLAGS, type MagicType } from '@spellboard/core/cards'
import { cardIneligibility, normaliseDice } from '@spellboard/core/deck-rules'
import type { DeckSave, DeckSaveOut } from '@spellboard/core/decks'
import { type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { type deckSelectedCards, decks } from '../../db/schema.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { type Catalogue, type CatalogueCard, getCatalogue } from '../cards/catalogue.ts'
import { readDeckSaveOut } from './read.ts'
import { forbidden, invalid } from './refusals.ts'
import { deckById, findDeck, hasPublicSnapshot } from './rows.ts'

type PlayableCard = Pick<CatalogueCard, 'id' | 'name' | 'stub' | 'cardType' | 'phoenixborn'>

/** Reborn cards of public releases by stub: the only cards a player's deck may refer to. */
export function playableCards(
  catalogue: Catalogue,
  stubs: Iterable<string>,
): Map<string, PlayableCard> {
  const found = new Map<string, PlayableCard>()
  for (const stub of stubs) {
    const card = catalogue.reborn.byStub.get(stub)
    if (card) found.set(stub, card)
  }
  return found
}

type SelectedRow = typeof deckSelectedCards.$inferInsert

/** What the deck holds: the ids of its cards, and its Phoenixborn. */
export type DeckHolding = { cardIds: ReadonlySet<number>; phoenixbornId: number }

/**
 * First Five marks (with "paid effect" when listed in effect costs), paid effects of other cards
 * when there is a First Five, and tutor links. Only cards of the deck count: a First Five or a
 * tutor pair names cards in the deck's list, a paid effect a card of the list or the deck's
 * Phoenixborn (API.md §7.5); anything else is dropped, as are stubs of no playable card.
 */
export function selectedCardRows(
  deckId: number,
  body: Pick<DeckSave, 'first_five' | 'effect_costs' | 'tutor_map'>,
  cards: Map<string, PlayableCard>,
  deck: DeckHolding,
): SelectedRow[] {
  const rows = new Map<string, SelectedRow>()
  const add = (row: SelectedRow) => {
    const key = `${row.cardId}:${row.tutorCardId ?? 0}`
    if (!rows.has(key)) rows.set(key, { ...row, position: rows.size })
  }
  const inDeck = (stub: string) => {
    const card = cards.get(stub)
    return card && deck.cardIds.has(card.id) ? card : undefined
  }
  const paidFor = (stub: string) => {
    const card = cards.get(stub)
    return card && (deck.cardIds.has(card.id) || card.id === deck.phoenixbornId) ? card : undefined
  }
  const firstFive = body.first_five ?? []
  const paid = new Set(body.effect_costs ?? [])
  for (const stub of firstFive) {
    const card = inDeck(stub)
    if (card) add({ deckId, cardId: card.id, isFirstFive: true, isPaidEffect: paid.has(stub) })
  }
  if (firstFive.length > 0) {
    for (const stub of paid) {
      const card = paidFor(stub)
      if (card && !firstFive.includes(stub)) add({ deckId, cardId: card.id, isPaidEffect: true })
    }
  }
  for (const [tutorStub, stub] of Object.entries(body.tutor_map ?? {})) {
    const tutor = inDeck(tutorStub)
    const card = inDeck(stub)
    if (tutor && card) add({ deckId, cardId: card.id, tutorCardId: tutor.id })
  }
  return [...rows.values()]
}

type DeckFields = {
  title: string | null
  description: string | null
  phoenixbornId: number
  isRedRains: boolean
  modified: string
}

/** The deck's fields replaced and its dice, cards and First Five cleared: one round trip. */
async function overwriteDeck(tx: Tx, deckId: number, fields: DeckFields) {
  await tx.execute(sql`with dice as (delete from deck_die where deck_id = ${deckId}),
      cards as (delete from deck_card where deck_id = ${deckId}),
      selected as (delete from deck_selected_card where deck_id = ${deckId})
    update deck set title = ${fields.title}, description = ${fields.description},
      phoenixborn_id = ${fields.phoenixbornId}, is_red_rains = ${fields.isRedRains},
      modified = ${fields.modified}
    where id = ${deckId}`)
}

type Contents = {
  dice: { dieFlag: number; count: number; position: number }[]
  cards: { cardId: number; count: number }[]
  selected: SelectedRow[]
}

/** Dice, cards and selected cards of a cleared (or new) deck written in one round trip. */
async function writeContents(tx: Tx, deckId: number, contents: Contents) {
  const values = <T>(rows: T[], row: (item: T) => SQL) => sql.join(rows.map(row), sql`, `)
  const inserts: SQL[] = []
  if (contents.dice.length) {
    inserts.push(
      sql`insert into deck_die (deck_id, die_flag, count, position) values ${values(
        contents.dice,
        (die) => sql`(${deckId}, ${die.dieFlag}, ${die.count}, ${die.position})`,
      )}`,
    )
  }
  if (contents.cards.length) {
    inserts.push(
      sql`insert into deck_card (deck_id, card_id, count) values ${values(
        contents.cards,
        (card) => sql`(${deckId}, ${card.cardId}, ${card.count})`,
      )}`,
    )
  }
  if (contents.selected.length) {
    inserts.push(sql`insert into deck_selected_card
      (deck_id, card_id, tutor_card_id, is_first_five, is_paid_effect, position) values ${values(
        contents.selected,
        (row) =>
          sql`(${deckId}, ${row.cardId}, ${row.tutorCardId ?? 0}, ${row.isFirstFive ?? false},
            ${row.isPaidEffect ?? false}, ${row.position ?? 0})`,
      )}`)
  }
  const last = inserts.pop()
  if (!last) return
  // Data-modifying CTEs: every insert runs, in the one statement.
  const ctes = inserts.map((insert, index) => sql`${sql.raw(`w${index}`)} as (${insert})`)
  await tx.execute(ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${last}` : last)
}

async function checkExisting(tx: Tx, userId: number, deckId: number) {
  const deck = await findDeck(tx, deckById(deckId), { lock: true })
  if (!deck || deck.user_id !== userId) throw forbidden('You cannot save a deck you do not own.')
  if (deck.is_legacy) throw invalid('Legacy decks cannot be saved.')
  if (deck.is_snapshot) throw invalid('You cannot save over a snapshot.')
  if (deck.is_deleted) throw invalid('This deck has been deleted.')
  return deck
}

/**
 * `PUT /v2/decks`: creates or overwrites a working deck, checks in the order of API.md §7.5.
 * One transaction with the deck row locked, so parallel saves of a deck run one after the other
 * and each answer shows the deck as that save left it.
 */
export async function saveDeck(
  db: Db,
  user: AuthUser,
  body: DeckSave,
  now: number,
): Promise<DeckSaveOut> {
  const catalogue = await getCatalogue(db)
  return db.transaction(async (tx) => {
    const existing = body.id ? await checkExisting(tx, user.id, body.id) : null

    const phoenixbornStub =
      typeof body.phoenixborn === 'string' ? body.phoenixborn : body.phoenixborn.stub
    const counts = new Map<string, number>()
    // A repeated stub: the last count wins.
    for (const card of body.cards) counts.set(card.stub, card.count)
    const tutorStubs = Object.entries(body.tutor_map ?? {}).flat()
    const cards = playableCards(catalogue, [
      phoenixbornStub,
      ...counts.keys(),
      ...(body.first_five ?? []),
      ...(body.effect_costs ?? []),
      ...tutorStubs,
    ])

    const phoenixborn = cards.get(phoenixbornStub)
    if (phoenixborn?.cardType !== 'Phoenixborn') throw invalid('Valid Phoenixborn is required.')

    if (
      existing &&
      existing.is_red_rains !== body.is_red_rains &&
      (await hasPublicSnapshot(tx, existing.id))
    ) {
      throw invalid(
        'You cannot convert between Red Rains and PvP for decks with a public snapshot.',
      )
    }

    const chosen: { card: PlayableCard; count: number }[] = []
    for (const [stub, count] of counts) {
      const card = cards.get(stub)
      if (!card) continue
      const reason = cardIneligibility({ ...card, type: card.cardType }, phoenixborn.name)
      if (reason === 'phoenixborn') {
        throw invalid(
          'Your deck listing includes a Phoenixborn. Please pass the Phoenixborn at the root level of the deck object.',
        )
      }
      if (reason === 'other_phoenixborn') {
        throw invalid(
          `Your deck includes ${card.name}, but this card requires ${card.phoenixborn}.`,
        )
      }
      if (reason === 'conjuration') {
        throw invalid(
          `Your deck includes the conjuration ${card.name}, but conjurations should not be included in the list of cards.`,
        )
      }
      chosen.push({ card, count })
    }

    const stamp = new Date(now).toISOString()
    const fields = {
      title: body.title ?? null,
      description: body.description ?? null,
      phoenixbornId: phoenixborn.id,
      isRedRains: body.is_red_rains,
      modified: stamp,
    }
    let deckId: number
    if (existing) {
      deckId = existing.id
      await overwriteDeck(tx, deckId, fields)
    } else {
      const [created] = await tx
        .insert(decks)
        .values({ ...fields, userId: user.id, created: stamp })
        .returning({ id: decks.id })
      if (!created) throw new Error('deck not stored')
      deckId = created.id
    }

    const dice = normaliseDice(body.dice ?? [])
    const selected = selectedCardRows(deckId, body, cards, {
      cardIds: new Set(chosen.map(({ card }) => card.id)),
      phoenixbornId: phoenixborn.id,
    })
    await writeContents(tx, deckId, {
      dice: dice.map((die, position) => ({
        dieFlag: DICE_FLAGS[die.name as MagicType],
        count: die.count,
        position,
      })),
      cards: chosen.map(({ card, count }) => ({ cardId: card.id, count })),
      selected,
    })
    return readDeckSaveOut(tx, catalogue, deckId)
  })
}
