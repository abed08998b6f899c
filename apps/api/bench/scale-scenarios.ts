import { type SQL, sql } from 'drizzle-orm'
import { type Db, type Queryable, queryRows } from '../src/db/client.ts'
import { getCatalogue } from '../src/services/cards/catalogue.ts'
import { buildableFilter } from '../src/services/collection/collection.ts'
import type { DeckListFilters } from '../src/services/decks/listing.ts'
import { issueToken } from '../src/services/tokens.ts'
import { TITLE_WORDS } from './seed-scale-batch.ts'

/**
 * What the scale benchmark asks for, each kind of request over many values in turn (pages,
 * cards from popular to rare, players, title words), as the site's pages ask: the deck browser
 * (`limit=30&offset=…` per tab), the card page's and the profile's "Recent decks" (`limit=10`).
 * Rotating values keeps the measurement on the database rather than on the API's 2-second
 * answer cache.
 */
export type ScaleRequest = {
  path: string
  filters: Partial<DeckListFilters>
  /** A logged-in reader's `Authorization` header. */
  headers?: Record<string, string>
}

export type ScaleScenario = {
  name: string
  requests: ScaleRequest[]
  /** Measured for insight, not held to the target. */
  informational?: boolean
  /**
   * Also measured without the API's kept answers: the listing service called directly, two at a
   * time, so the table shows what a collection nobody has asked for yet costs.
   */
  computed?: boolean
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

/**
 * Players with collections from one box of a few releases to three of everything, as
 * `buildable=true` readers: each kind of collection is set on generated players (replacing what
 * they owned), one more box of a release that turns with the player making every collection
 * its own, and each player gets a log-in signed with the API's key.
 */
async function collectors(db: Db, secret: string, players: string[]): Promise<ScaleRequest[]> {
  const releases = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from release where not is_legacy and is_public order by position, id`,
    )
  ).map((row) => row.id)
  // Boxes per release by position: a share of the releases (first ones first), some at 2 or 3.
  const kinds: ((at: number) => number)[] = [
    (at) => (at === 0 ? 1 : 0),
    (at) => (at < 3 ? 1 : 0),
    (at) => (at < releases.length / 2 ? 1 + (at % 2) : 0),
    (at) => (at < releases.length - 2 ? 2 : 0),
    () => 1,
    () => 3,
  ]
  const catalogue = await getCatalogue(db)
  const requests: ScaleRequest[] = []
  for (const [index, badge] of players.entries()) {
    const kind = kinds[index % kinds.length] ?? (() => 1)
    const [user] = await queryRows<{ id: number }>(
      db,
      sql`select id from "user" where badge = ${badge}`,
    )
    if (!user) continue
    await db.execute(sql`delete from user_release where user_id = ${user.id}`)
    for (const [at, id] of releases.entries()) {
      const boxes = Math.min(3, kind(at) + (at === index % releases.length ? 1 : 0))
      if (boxes > 0) {
        await db.execute(
          sql`insert into user_release (user_id, release_id, boxes) values (${user.id}, ${id}, ${boxes})`,
        )
      }
    }
    const { token } = await issueToken(secret, badge, 24 * 3600)
    const owns = await buildableFilter(db, catalogue, user.id)
    const page = (index % 3) * 30
    requests.push({
      path: `/v2/decks?buildable=true&limit=30&offset=${page}`,
      filters: { owns, offset: page },
      headers: { authorization: `Bearer ${token}` },
    })
  }
  return requests
}

export async function scaleScenarios(db: Db, secret: string): Promise<ScaleScenario[]> {
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
    {
      name: 'decks I can build (36 collections, pages 1–3)',
      requests: await collectors(db, secret, players.slice(10, 46)),
      computed: true,
    },
  ]
}
