import { cardIneligibility, normaliseDice } from '@spellboard/core/deck-rules'
import type { DeckSave, DeckSaveOut } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import type { Db, Queryable, Tx } from '../../db/client.ts'
import { forbidden, invalid, type Refusal } from '../../lib/refusal.ts'
import type { AuthUser } from '../accounts/auth-user.ts'
import { type Catalogue, type CatalogueCard, getCatalogue } from '../cards/catalogue.ts'
import { type BoxMasks, cataloguePool, deckBoxNeeds, setNeeds } from '../collection/box-needs.ts'
import { storedContents } from './contents.ts'
import { deckSaveOut } from './output.ts'
import { DECK_COLUMNS, type DeckRow, deckById, findDeck, hasPublicSnapshot } from './rows.ts'
import { contentRows, type DeckContents, selectionOf, storeClaimed, storeDecks } from './store.ts'
import { checkIfMatch, deckTag, type IfMatch, type Tagged, versionCondition } from './version.ts'

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

async function checkExisting(tx: Tx, userId: number, deckId: number, ifMatch: IfMatch | null) {
  const deck = await findDeck(tx, deckById(deckId), { lock: true })
  if (!deck || deck.user_id !== userId) throw forbidden('You cannot save a deck you do not own.')
  checkIfMatch(ifMatch, deck)
  if (deck.is_legacy) throw invalid('Legacy decks cannot be saved.')
  if (deck.is_snapshot) throw invalid('You cannot save over a snapshot.')
  if (deck.is_deleted) throw invalid('This deck has been deleted.')
  return deck
}

type RowValues = {
  title: string | null
  description: string | null
  phoenixbornId: number
  isRedRains: boolean
  modified: string
  /** What the deck needs of each release (`services/collection/box-needs.ts`). */
  needs: BoxMasks
}

/**
 * The UPDATE that claims a working deck for a save: it sets the row and raises its version when
 * the player owns it, it may be saved (`checkExisting`), `If-Match` names its version, the Red
 * Rains rule allows it, and the row is as the statement first saw it (`storeClaimed`);
 * otherwise it changes nothing.
 */
const claim = (userId: number, deckId: number, row: RowValues, ifMatch: IfMatch | null) =>
  sql`update deck set title = ${row.title}, description = ${row.description},
      phoenixborn_id = ${row.phoenixbornId}, is_red_rains = ${row.isRedRains},
      modified = ${row.modified}, ${setNeeds(row.needs)}, version = version + 1
    where id = ${deckId} and user_id = ${userId}
      and not is_legacy and not is_snapshot and not is_deleted
      and ${versionCondition(ifMatch, deckId)}
      and xmin = (select xmin from deck where id = ${deckId})
      and (is_red_rains = ${row.isRedRains} or not exists (
        select 1 from deck s where s.source_id = ${deckId} and s.is_snapshot
          and s.is_public and not s.is_deleted))
    returning *`

/** Claims and stores a deck in one statement (nothing written when the claim fails). */
const storeOverwrite = (
  db: Queryable,
  userId: number,
  deckId: number,
  plan: ReadyPlan,
  ifMatch: IfMatch | null,
) =>
  storeClaimed<DeckRow>(
    db,
    deckId,
    claim(userId, deckId, plan.row, ifMatch),
    plan.contents,
    sql`select ${DECK_COLUMNS} from claimed d left join "user" u on u.id = d.user_id`,
  )

type SavePlan = {
  /** The deck row's new values; null without a valid Phoenixborn. */
  row: RowValues | null
  contents: DeckContents
  /** Why the body alone is refused: no valid Phoenixborn (first), or a card (after Red Rains). */
  refusal: Refusal | null
  cardRefusal: Refusal | null
}
type ReadyPlan = SavePlan & { row: RowValues }
const isReady = (plan: SavePlan): plan is ReadyPlan => plan.row !== null

/** What the body asks for, checked against the card pool alone (no database). */
function planSave(catalogue: Catalogue, body: DeckSave, modified: string): SavePlan {
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
  const found = cards.get(phoenixbornStub)
  const phoenixborn = found?.cardType === 'Phoenixborn' ? found : undefined
  const plan: SavePlan = {
    row: null,
    contents: {
      phoenixbornId: phoenixborn?.id ?? 0,
      cards: [],
      dice: normaliseDice(body.dice ?? []),
      selection: selectionOf(body, (stub) => cards.get(stub)?.id),
    },
    refusal: null,
    cardRefusal: null,
  }
  if (!phoenixborn) {
    plan.refusal = invalid('Valid Phoenixborn is required.')
    return plan
  }
  plan.row = {
    title: body.title ?? null,
    description: body.description ?? null,
    phoenixbornId: phoenixborn.id,
    isRedRains: body.is_red_rains,
    modified,
    needs: { boxNeed1: 0n, boxNeed2: 0n, boxNeed3: 0n },
  }
  for (const [stub, count] of counts) {
    const card = cards.get(stub)
    if (!card) continue
    const refusal = cardRefusal(card, phoenixborn)
    if (refusal) {
      plan.cardRefusal = refusal
      return plan
    }
    plan.contents.cards.push({ cardId: card.id, count })
  }
  plan.row.needs = deckBoxNeeds(
    {
      phoenixborn: phoenixborn.stub,
      cards: [...counts].flatMap(([stub, count]) => (cards.has(stub) ? [{ stub, count }] : [])),
    },
    cataloguePool(catalogue),
  )
  return plan
}

function cardRefusal(card: PlayableCard, phoenixborn: PlayableCard): Refusal | null {
  const reason = cardIneligibility({ ...card, type: card.cardType }, phoenixborn.name)
  if (reason === 'phoenixborn') {
    return invalid(
      'Your deck listing includes a Phoenixborn. Please pass the Phoenixborn at the root level of the deck object.',
    )
  }
  if (reason === 'other_phoenixborn') {
    return invalid(`Your deck includes ${card.name}, but this card requires ${card.phoenixborn}.`)
  }
  if (reason === 'conjuration') {
    return invalid(
      `Your deck includes the conjuration ${card.name}, but conjurations should not be included in the list of cards.`,
    )
  }
  return null
}

/**
 * The careful overwrite, with the deck locked: refuses in the order of API.md §7.5 (the deck's
 * own state, the Phoenixborn, Red Rains against a public snapshot, then the cards), else saves.
 */
async function overwriteLocked(
  tx: Tx,
  userId: number,
  deckId: number,
  plan: SavePlan,
  ifMatch: IfMatch | null,
): Promise<DeckRow> {
  const existing = await checkExisting(tx, userId, deckId, ifMatch)
  if (!isReady(plan)) throw plan.refusal
  if (existing.is_red_rains !== plan.row.isRedRains && (await hasPublicSnapshot(tx, existing.id))) {
    throw invalid('You cannot convert between Red Rains and PvP for decks with a public snapshot.')
  }
  if (plan.cardRefusal) throw plan.cardRefusal
  // Every check passed with the deck locked: the claim cannot miss now.
  const saved = await storeOverwrite(tx, userId, deckId, plan, ifMatch)
  if (!saved) throw new Error(`deck ${deckId} could not be saved`)
  return saved
}

async function create(
  tx: Tx,
  userId: number,
  plan: SavePlan,
  ifMatch: IfMatch | null,
): Promise<DeckRow> {
  // No deck exists yet for `If-Match` to name.
  checkIfMatch(ifMatch, null)
  if (!isReady(plan)) throw plan.refusal
  if (plan.cardRefusal) throw plan.cardRefusal
  const { row, contents } = plan
  const { needs, ...fields } = row
  const [created = 0] = await storeDecks(tx, [
    { row: { ...fields, ...needs, userId, created: row.modified }, contents },
  ])
  const found = await findDeck(tx, deckById(created))
  if (!found) throw new Error(`deck ${created} vanished`)
  return found
}

/**
 * `PUT /v2/decks`: creates or overwrites a working deck, checks in the order of API.md §7.5.
 * The usual save of a deck passes every check and is written by one statement; anything else
 * (a new deck, a refusal, a save racing another save of the same deck) takes one transaction
 * with the deck row locked first, so parallel saves of a deck run one after the other. Either
 * way, each answer shows the deck as that save left it, built from what was written, with its
 * new version. With `If-Match` (`parseIfMatch`) a save whose version is no longer the deck's is
 * refused with 412 by the same statement or lock that writes, so of two saves made from one
 * version exactly one is written.
 */
export async function saveDeck(
  db: Db,
  user: AuthUser,
  body: DeckSave,
  now: number,
  ifMatch: IfMatch | null = null,
): Promise<Tagged<DeckSaveOut>> {
  const catalogue = await getCatalogue(db)
  const plan = planSave(catalogue, body, new Date(now).toISOString())
  const deckId = body.id
  const usual =
    deckId && isReady(plan) && !plan.cardRefusal
      ? await storeOverwrite(db, user.id, deckId, plan, ifMatch)
      : undefined
  const deck =
    usual ??
    (await db.transaction((tx) =>
      deckId
        ? overwriteLocked(tx, user.id, deckId, plan, ifMatch)
        : create(tx, user.id, plan, ifMatch),
    ))
  const loaded = storedContents(catalogue, deck, contentRows(deck.id, plan.contents))
  return { body: deckSaveOut(deck, loaded, { mode: 'full' }), etag: deckTag(deck) }
}
