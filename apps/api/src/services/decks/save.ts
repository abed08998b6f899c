import { cardIneligibility, normaliseDice } from '@spellboard/core/deck-rules'
import type { DeckSave, DeckSaveOut } from '@spellboard/core/decks'
import type { Db, Tx } from '../../db/client.ts'
import { forbidden, invalid } from '../../lib/refusal.ts'
import type { AuthUser } from '../accounts/auth-user.ts'
import { type Catalogue, type CatalogueCard, getCatalogue } from '../cards/catalogue.ts'
import { readDeckSaveOut } from './read.ts'
import { deckById, findDeck, hasPublicSnapshot } from './rows.ts'
import { selectionOf, storeDecks } from './store.ts'

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
    const row = {
      title: body.title ?? null,
      description: body.description ?? null,
      phoenixbornId: phoenixborn.id,
      isRedRains: body.is_red_rains,
      modified: stamp,
    }
    const [deckId = 0] = await storeDecks(tx, [
      {
        id: existing?.id,
        row: existing ? row : { ...row, userId: user.id, created: stamp },
        contents: {
          phoenixbornId: phoenixborn.id,
          cards: chosen.map(({ card, count }) => ({ cardId: card.id, count })),
          dice: normaliseDice(body.dice ?? []),
          selection: selectionOf(body, (stub) => cards.get(stub)?.id),
        },
      },
    ])
    return readDeckSaveOut(tx, catalogue, deckId)
  })
}
