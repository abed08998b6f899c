import type { DeckFullOut } from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../../lib/refusal.ts'
import type { Catalogue } from '../cards/catalogue.ts'
import { loadContents } from './contents.ts'
import { deckSaveOut } from './output.ts'
import { findDeck } from './rows.ts'

/**
 * `GET /v2/decks/shared/{uuid}`: whoever holds the link sees the deck or snapshot, public or
 * not (FULL output; no comment thread or saved flag here).
 */
export async function sharedDeck(
  db: Queryable,
  catalogue: Catalogue,
  uuid: string,
): Promise<DeckFullOut> {
  const deck = await findDeck(db, sql`d.direct_share_uuid = ${uuid}`)
  if (!deck || deck.is_deleted) {
    throw notFound('No such deck; it might have been deleted, or your share ID might be wrong.')
  }
  const loaded = await loadContents(db, catalogue, [deck], { selected: true })
  return {
    ...deckSaveOut(deck, loaded, { mode: 'full', shareUuid: true }),
    is_saved: null,
    comments_entity_id: null,
  }
}
