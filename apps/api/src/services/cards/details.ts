import type { Card } from '@spellboard/core/card-schemas'
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { idArray, preparedRows } from '../../db/prepared.ts'
import { type Catalogue, type CatalogueCard, catalogueMemo, type Edition } from './catalogue.ts'
import { type RelatedCards, relatedCards, rootCards } from './related.ts'

/**
 * `GET /v2/cards/{stub}/details` (API.md §7.2), as everyone sees it: the route adds the
 * reader's `last_seen_entity_id` to each answer.
 */
export type CardDetails = {
  card: Card
  usage: { decks: number; users: number }
  preconstructed_deck: { id: number; title: string | null } | null
  related_cards: RelatedCards
  entity_id: number
}

type ActivityRow = {
  decks: number
  users: number
  precon_id: number | null
  precon_title: string | null
}

/**
 * What the decks say about a card, in one round trip. Usage counts distinct
 * working decks that are not deleted, and their distinct owners; a Phoenixborn among the root
 * cards counts the decks built on it. The preconstructed deck is the oldest public precon
 * snapshot listing a root card (decks never list their Phoenixborn among their cards).
 */
async function cardActivity(
  db: Db,
  card: CatalogueCard,
  roots: CatalogueCard[],
): Promise<ActivityRow> {
  const rootIds = idArray(roots.map((root) => root.id))
  // Empty for most cards: the guard skips the scan of every deck (a one-time filter, whatever
  // the plan) that matching against an empty array would still make.
  const phoenixbornIds = idArray(
    roots.filter((root) => root.cardType === 'Phoenixborn').map((root) => root.id),
  )
  const [row] = await preparedRows<ActivityRow>(
    db,
    sql`with used as (
          select id, user_id from deck
          where not is_snapshot and not is_deleted and id in (
            select deck_id from deck_card where card_id = any(${rootIds})
            union select id from deck
              where cardinality(${phoenixbornIds}) > 0 and phoenixborn_id = any(${phoenixbornIds})
          )
        ), precon as (
          select coalesce(d.source_id, d.id) as id, d.title from deck d
          where d.is_snapshot and d.is_public and d.is_preconstructed and not d.is_deleted
            and d.is_legacy = ${card.isLegacy}
            and exists (select 1 from deck_card dc
              where dc.deck_id = d.id and dc.card_id = any(${rootIds}))
          order by d.created, d.id
          limit 1
        )
        select (select count(*) from used)::int as decks,
          (select count(distinct user_id) from used)::int as users,
          (select id from precon) as precon_id,
          (select title from precon) as precon_title`,
  )
  return row ?? { decks: 0, users: 0, precon_id: null, precon_title: null }
}

export async function cardDetails(
  db: Db,
  card: CatalogueCard,
  edition: Edition,
): Promise<CardDetails> {
  const activity = await cardActivity(db, card, rootCards(card))
  return {
    card: card.wire,
    usage: { decks: activity.decks, users: activity.users },
    preconstructed_deck:
      activity.precon_id === null ? null : { id: activity.precon_id, title: activity.precon_title },
    related_cards: relatedCards(card, edition),
    entity_id: card.entityId,
  }
}

/**
 * The cards whose details show a change in the use of these cards (a `usage` notice): each
 * card itself and the conjurations it brings into play (their usage counts their roots').
 */
export function usageDependents(catalogue: Catalogue, cardIds: ReadonlySet<number>): Set<string> {
  const byRoot = catalogueMemo(catalogue, 'usage-dependents', () => {
    const dependents = new Map<number, string[]>()
    for (const edition of [catalogue.allByStub.reborn, catalogue.allByStub.legacy]) {
      for (const card of edition.values()) {
        for (const root of rootCards(card)) {
          dependents.set(root.id, [...(dependents.get(root.id) ?? []), card.stub])
        }
      }
    }
    return dependents
  })
  return new Set([...cardIds].flatMap((id) => byRoot.get(id) ?? []))
}
