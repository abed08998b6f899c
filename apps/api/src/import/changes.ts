import { sql } from 'drizzle-orm'
import { queryRows, type Tx } from '../db/client.ts'
import { edition, editionKey } from './upsert.ts'

/**
 * What an import changed, for its summary: the rows an import writes are compared before and
 * after, inside its transaction, by a digest of the columns it sets.
 */
export type ImportChanges = {
  releases: { added: number; updated: number }
  cards: { added: number; updated: number; reborn: number; legacy: number }
  /** Cards whose version the import raised (a changed text or cost): `Ice Trap (Reborn)`. */
  errata: string[]
  decks: { added: number; updated: number }
}

type Row = { digest: string; version?: number; name?: string; isLegacy?: boolean }
export type CatalogueState = Record<'releases' | 'cards' | 'decks', Map<string, Row>>

/** Digests of every release, card and imported deck. */
export async function catalogueState(tx: Tx): Promise<CatalogueState> {
  const releases = await queryRows<{ stub: string; is_legacy: boolean; digest: string }>(
    tx,
    sql`select stub, is_legacy, md5(row(position, name, is_public, is_phg, is_promo, is_retiring,
          designer_name, designer_url)::text) as digest
        from release`,
  )
  const cards = await queryRows<{
    stub: string
    is_legacy: boolean
    name: string
    version: number
    digest: string
  }>(
    tx,
    sql`select card.stub, card.is_legacy, card.name, card.version,
          md5(row(card.name, card.phoenixborn, card.release_id, card.card_type, card.cost_weight,
            card.dice_flags, card.alt_dice_flags, card.copies, card.json, card.search_text,
            card.artist_name, card.artist_url,
            (select array_agg(link.conjuration_id order by link.conjuration_id)
             from card_conjuration link where link.card_id = card.id))::text) as digest
        from card`,
  )
  const decks = await queryRows<{ import_id: number; digest: string }>(
    tx,
    sql`select deck.import_id,
          md5(row(deck.title, deck.description, deck.is_public, deck.is_snapshot,
            deck.is_preconstructed, deck.is_legacy, deck.preconstructed_release, deck.created,
            deck.modified, deck.source_id, deck.user_id, deck.phoenixborn_id,
            (select array_agg(row(c.card_id, c.count)::text order by c.card_id)
             from deck_card c where c.deck_id = deck.id),
            (select array_agg(row(d.die_flag, d.count, d.position)::text order by d.die_flag)
             from deck_die d where d.deck_id = deck.id),
            (select array_agg(row(s.card_id, s.tutor_card_id, s.is_first_five, s.is_paid_effect,
               s.position)::text order by s.card_id, s.tutor_card_id)
             from deck_selected_card s where s.deck_id = deck.id))::text) as digest
        from deck where deck.import_id is not null`,
  )
  return {
    releases: new Map(
      releases.map((row) => [editionKey(row.stub, row.is_legacy), { digest: row.digest }]),
    ),
    cards: new Map(
      cards.map((row) => [
        editionKey(row.stub, row.is_legacy),
        { digest: row.digest, version: row.version, name: row.name, isLegacy: row.is_legacy },
      ]),
    ),
    decks: new Map(decks.map((row) => [String(row.import_id), { digest: row.digest }])),
  }
}

function compare(before: Map<string, Row>, after: Map<string, Row>) {
  let added = 0
  let updated = 0
  for (const [key, row] of after) {
    const old = before.get(key)
    if (!old) added += 1
    else if (old.digest !== row.digest) updated += 1
  }
  return { added, updated }
}

export function changesBetween(before: CatalogueState, after: CatalogueState): ImportChanges {
  const errata: string[] = []
  let reborn = 0
  let legacy = 0
  for (const [key, row] of after.cards) {
    const old = before.cards.get(key)
    if (!old) {
      if (row.isLegacy) legacy += 1
      else reborn += 1
    } else if ((row.version ?? 0) > (old.version ?? 0)) {
      errata.push(`${row.name} (${edition(row.isLegacy ?? false)})`)
    }
  }
  return {
    releases: compare(before.releases, after.releases),
    cards: { ...compare(before.cards, after.cards), reborn, legacy },
    errata: errata.sort(),
    decks: compare(before.decks, after.decks),
  }
}
