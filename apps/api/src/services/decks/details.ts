import type { DeckDetails, DeckFullOut } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { preparedRows } from '../../db/prepared.ts'
import type { cards } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { forbidden, notFound } from '../../lib/refusal.ts'
import type { AuthUser } from '../accounts/auth-user.ts'
import type { Catalogue } from '../cards/catalogue.ts'
import { loadContents } from './contents.ts'
import { deckSaveOut } from './output.ts'
import { requiredReleases } from './releases.ts'
import {
  DECK_COLUMNS,
  DECK_FROM,
  type DeckRow,
  deckById,
  findDeck,
  hasPublicSnapshot,
  threadEntityId,
} from './rows.ts'
import { deckTag, type Tagged } from './version.ts'

export type DetailsOptions = { showSaved: boolean; fullCards: boolean }

/** The deck a visitor who is not logged in gets for an id: a public snapshot, or none. */
async function publicDeckFor(db: Queryable, requested: DeckRow): Promise<DeckRow | undefined> {
  if (requested.is_snapshot) return requested.is_public ? requested : undefined
  return await latestPublicSnapshot(db, requested.id)
}

/** The newest published snapshot of a working deck (by `created`, then id). */
async function latestPublicSnapshot(db: Queryable, deckId: number): Promise<DeckRow | undefined> {
  const [row] = await preparedRows<DeckRow>(
    db,
    sql`select ${DECK_COLUMNS} from ${DECK_FROM}
        where d.source_id = ${deckId} and d.is_snapshot and d.is_public and not d.is_deleted
        order by d.created desc, d.id desc limit 1`,
  )
  return row
}

/**
 * `GET /v2/decks/{id}` (API.md §7.5): which deck the caller gets for an id, then that deck with
 * the releases it requires, tagged with that deck's version, and its comment thread (the route
 * adds the caller's marker there to each answer). The version is read with the row, before the contents: a save landing in between
 * can only make the tag older than the body, so a save made from it is refused, never let
 * through.
 */
export async function deckDetails(
  db: Queryable,
  catalogue: Catalogue,
  caller: AuthUser | null,
  deckId: number,
  options: DetailsOptions,
): Promise<Tagged<DeckDetails> & { thread: number }> {
  const requested = await findDeck(db, deckById(deckId))
  if (!requested || requested.is_deleted) throw notFound('Deck not found.')
  const own = caller !== null && requested.user_id === caller.id
  const privateSnapshot = requested.is_snapshot && !requested.is_public
  if ((privateSnapshot && !own) || (options.showSaved && !own)) {
    throw forbidden('You do not have access to this deck.')
  }
  const showRequested =
    (requested.is_snapshot && (requested.is_public || own)) ||
    (!requested.is_snapshot && own && options.showSaved)
  const deck = showRequested ? requested : await latestPublicSnapshot(db, requested.id)
  if (!deck) throw notFound('Deck not found.')

  const loaded = await loadContents(db, catalogue, [deck], { selected: true })
  const thread = await threadEntityId(db, deck)
  const out: DeckFullOut = {
    ...deckSaveOut(deck, loaded, {
      mode: 'sparse',
      shareUuid: own || deck.is_public,
      fullCards: options.fullCards,
    }),
    ...(!requested.is_snapshot && options.showSaved ? { is_saved: true as const } : {}),
    comments_entity_id: thread,
  }

  const details: DeckDetails = {
    deck: out,
    releases: await requiredReleases(db, deck, loaded),
  }
  if (options.showSaved) {
    const workingId = requested.is_snapshot ? requested.source_id : requested.id
    details.has_published_snapshot = workingId !== null && (await hasPublicSnapshot(db, workingId))
  }
  return { body: details, etag: deckTag(deck), thread }
}

/**
 * The Phoenixborn a visitor who is not logged in sees at `/decks/{id}/` (the deck
 * `GET /v2/decks/{id}` answers anonymously), or null when that answer is an error. The page's
 * largest picture is this card: the server names it in the page's head.
 */
export async function publicDeckPhoenixborn(
  db: Queryable,
  deckId: number,
): Promise<{ stub: string; legacy: boolean } | null> {
  const requested = await findDeck(db, deckById(deckId))
  if (!requested || requested.is_deleted) return null
  const deck = await publicDeckFor(db, requested)
  if (!deck) return null
  const [card] = await preparedRows<SqlRow<typeof cards, 'stub'>>(
    db,
    sql`select stub from card where id = ${deck.phoenixborn_id}`,
  )
  return card ? { stub: card.stub, legacy: deck.is_legacy } : null
}
