import { type SQL, sql } from 'drizzle-orm'
import { type Queryable, queryRows } from '../src/db/client.ts'
import type { DeckListFilters } from '../src/services/decks/listing.ts'
import { TITLE_WORDS } from './seed-scale-batch.ts'

/**
 * What the scale benchmark asks for, each kind of request over many values in turn (pages,
 * cards from popular to rare, players, title words), as the site's pages ask: the deck browser
 * (`limit=30&offset=…` per tab), the card page's and the profile's "Recent decks" (`limit=10`).
 * Rotating values keeps the measurement on the database rather than on the API's 2-second
 * answer cache.
 */
export type ScaleRequest = { path: string; filters: Partial<DeckListFilters> }

export type ScaleScenario = {
  name: string
  requests: ScaleRequest[]
  /** Measured for insight, not held to the target. */
  informational?: boolean
}

const PAGES = 20

function tab(name: string, query: string, filters: Partial<DeckListFilters>): ScaleScenario {
  return {
    name: `browse, ${name} tab (pages 1–${PAGES})`,
    requests: Array.from({ length: PAGES }, (_, page) => ({
      path: `/v2/decks?${query}limit=30&offset=${page * 30}`,
      filters: { ...filters, offset: page * 30 },
    })),
  }
}

/** Every `step`-th row, so a list ordered by popularity keeps its popular and its rare ends. */
function spread<T>(rows: T[], wanted: number): T[] {
  const step = Math.max(1, rows.length / wanted)
  const picked: T[] = []
  for (let at = 0; at < rows.length && picked.length < wanted; at += step) {
    const row = rows[Math.floor(at)]
    if (row !== undefined) picked.push(row)
  }
  return picked
}

const published = sql`d.is_snapshot and d.is_public and not d.is_deleted`

async function stubs(db: Queryable, statement: SQL): Promise<string[]> {
  return (await queryRows<{ value: string }>(db, statement)).map((row) => row.value)
}

export async function scaleScenarios(db: Queryable): Promise<ScaleScenario[]> {
  // Cards by how many of the latest 20,000 publications of their edition hold them.
  const cardsOf = (legacy: boolean) =>
    stubs(
      db,
      sql`select c.stub as value from deck_card dc join card c on c.id = dc.card_id
          where dc.deck_id in (select d.id from deck d where ${published} and d.is_legacy = ${legacy}
                               order by d.created desc limit 20000)
          group by c.stub order by count(*) desc, c.stub`,
    )
  const reborn = spread(await cardsOf(false), 60)
  const legacy = spread(await cardsOf(true), 15)
  const phoenixborn = await stubs(
    db,
    sql`select stub as value from card where card_type = 'Phoenixborn' and not is_legacy
        order by stub`,
  )
  const players = await stubs(
    db,
    sql`(select u.badge as value from deck d join "user" u on u.id = d.user_id
         where ${published} and not d.is_legacy and not d.is_red_rains
         group by u.badge order by count(*) desc limit 10)
        union all
        (select badge from "user" u tablesample system (5)
         where exists (select 1 from deck d where d.user_id = u.id and ${published})
         limit 990)`,
  )
  if (reborn.length === 0 || players.length === 0) {
    throw new Error('no published decks found: run `npm run seed:scale` first')
  }
  const recentCards: ScaleRequest[] = [
    ...reborn.map((stub) => ({
      path: `/v2/decks?card=${stub}&limit=10`,
      filters: { card: [stub], limit: 10 },
    })),
    ...legacy.map((stub) => ({
      path: `/v2/decks?card=${stub}&limit=10&show_legacy=true`,
      filters: { card: [stub], limit: 10, show_legacy: true },
    })),
  ]
  return [
    tab('Competitive', '', {}),
    tab('Red Rains', 'show_red_rains=true&', { show_red_rains: true }),
    tab('Legacy', 'show_legacy=true&', { show_legacy: true }),
    {
      name: `browse by card (${reborn.length} cards)`,
      requests: reborn.map((stub) => ({
        path: `/v2/decks?card=${stub}`,
        filters: { card: [stub] },
      })),
    },
    {
      name: `browse by Phoenixborn (${phoenixborn.length})`,
      requests: phoenixborn.map((stub) => ({
        path: `/v2/decks?phoenixborn=${stub}`,
        filters: { phoenixborn: [stub] },
      })),
    },
    {
      name: `browse by title text (${TITLE_WORDS.length} words)`,
      requests: TITLE_WORDS.map((word) => ({ path: `/v2/decks?q=${word}`, filters: { q: word } })),
    },
    {
      name: `player's recent decks (${players.length} players)`,
      requests: players.map((badge) => ({
        path: `/v2/decks?player=${badge}&limit=10`,
        filters: { player: [badge], limit: 10 },
      })),
    },
    { name: `card's recent decks (${recentCards.length} cards)`, requests: recentCards },
  ]
}
