import { flagToMagicType, type MagicType } from '@spellboard/core/cards'
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client.ts'
import { idArray, preparedRows, textArray } from '../../db/prepared.ts'
import type { LoadedContents } from './contents.ts'
import type { DeckRow } from './rows.ts'

/**
 * The release that first brought each dice type (a deck using the dice needs that box). API.md
 * §7.5 names the Ascendancy box `ascendancy-starter-set`; the data's stub is `ascendancy-starter-kit`.
 */
const DICE_RELEASES: Record<MagicType, string> = {
  ceremonial: 'master-set',
  charm: 'master-set',
  illusion: 'master-set',
  natural: 'master-set',
  divine: 'the-law-of-lions',
  sympathy: 'the-song-of-soaksend',
  time: 'the-breaker-of-fate',
  artifice: 'ascendancy-starter-kit',
  astral: 'ascendancy-starter-kit',
}

export type DeckRelease = {
  name: string
  stub: string
  is_legacy: boolean
  preconstructed_deck_id: number | null
}

/**
 * Releases of the deck's edition holding its Phoenixborn or one of its cards (conjurations come
 * with their summoners), plus the dice boxes; in publication order. Each names the deck built
 * for it, unless that is the deck being viewed.
 */
export async function requiredReleases(
  db: Queryable,
  deck: DeckRow,
  loaded: LoadedContents,
): Promise<DeckRelease[]> {
  const contents = loaded.byDeck.get(deck.id)
  const cardIds = [deck.phoenixborn_id, ...(contents?.cards.map((c) => c.card_id) ?? [])]
  const diceStubs = new Set<string>()
  for (const die of contents?.dice ?? []) {
    const type = flagToMagicType(die.die_flag)
    if (type) diceStubs.add(DICE_RELEASES[type])
  }
  const rows = await preparedRows<{
    name: string
    stub: string
    is_legacy: boolean
    precon: number | null
  }>(
    db,
    sql`select r.name, r.stub, r.is_legacy,
          (select p.source_id from deck p
           where p.preconstructed_release = r.id and not p.is_deleted
           order by p.created desc, p.id desc limit 1) as precon
        from release r
        where r.is_legacy = ${deck.is_legacy}
          and (r.stub = any(${textArray(diceStubs)})
               or exists (select 1 from card c where c.release_id = r.id
                          and c.id = any(${idArray(cardIds)})))
        order by r.position, r.id`,
  )
  return rows.map((row) => ({
    name: row.name,
    stub: row.stub,
    is_legacy: row.is_legacy,
    preconstructed_deck_id:
      row.precon !== null && row.precon !== deck.source_id ? row.precon : null,
  }))
}
