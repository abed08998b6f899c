import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type SQL, sql } from 'drizzle-orm'
import { parseConfig } from '../src/config.ts'
import { type Database, openDatabase, type Queryable, queryRows } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { importFolder } from '../src/import/import-folder.ts'

/**
 * `npm run seed:scale -- --decks N [--reset] [--data <folder>] [--verbose]`: fills the database DATABASE_URL
 * names (else the local PGlite folder) with N published decks of generated players, for the deck
 * benchmark. Everything is set-based SQL in batches, so 200,000 decks take minutes, not hours.
 *
 * Shape of the data, per batch of working decks:
 * - players drawn from a power law (a few prolific authors, a long tail);
 * - Phoenixborn chosen evenly; about 11 distinct cards per deck drawn from the Reborn cards with
 *   a skewed popularity, plus a unique card of the deck's Phoenixborn in most decks; two dice
 *   types adding up to 10;
 * - every deck published once, a quarter published twice, some private snapshots; a tenth are
 *   Red Rains decks; about one deck in twenty has a short comment thread.
 * Generated players have badges starting with `z` (never produced by the app, which starts
 * badges with a digit), so `--reset` can remove exactly what this script added.
 */

const BATCH = 25_000
const DECKS_PER_PLAYER = 20

const WORDS = `ember ash flame cinder blaze storm frost mist shadow light dawn dusk night
star moon sun river stone iron gold silver crystal thorn root bloom wild grove beast hound
wolf bear raven owl serpent dragon giant knight squire monk priest witch sage hunter archer
guardian warden queen king duke duchess baron lord lady rose blood bone spirit ghost soul
heart mind will chaos order fate time dream echo song chant drum march siege ward shield
blade spear hammer arrow bow trap snare feint gambit rush surge tide wave current flood
rain hail gale wind sky cloud thunder spark bolt glass mirror veil mask illusion charm
ceremony ritual rite oath pact bond kin clan tribe host army legion horde swarm pack
control aggro tempo combo midrange burn mill ramp value toolbox budget casual competitive
tournament league classic modern rework remix test draft experiment idea plan`.split(/\s+/)

type Counts = Record<string, number>

function options() {
  const { values } = parseArgs({
    options: {
      decks: { type: 'string', default: '1000' },
      reset: { type: 'boolean', default: false },
      data: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  })
  const decks = Number(values.decks)
  if (!Number.isInteger(decks) || decks < 0) throw new Error('--decks takes a whole number')
  return {
    decks,
    reset: values.reset ?? false,
    data: values.data,
    verbose: values.verbose ?? false,
  }
}

function dataFolder(wanted: string | undefined): string {
  if (wanted) return path.resolve(process.env.INIT_CWD ?? process.cwd(), wanted)
  const real = path.resolve(import.meta.dirname, '../../../../shared/data/ashes-2021')
  return existsSync(real) ? real : path.resolve(import.meta.dirname, '../demo-data')
}

async function ensureCatalogue(database: Database, folder: string) {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from card where card_type = 'Phoenixborn' and not is_legacy`,
  )
  if ((row?.n ?? 0) > 0) return
  const summary = await importFolder(database, folder)
  console.log(`imported ${summary.cards} cards and ${summary.decks} decks from ${folder}`)
}

async function reset(database: Database) {
  const started = performance.now()
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table seeded on commit drop as
      select d.id, d.entity_id from deck d join "user" u on u.id = d.user_id
      where u.badge like 'z%'`)
    await tx.execute(sql`delete from stream where source_entity_id in (select entity_id from seeded)
      or entity_id in (select entity_id from seeded)`)
    await tx.execute(sql`delete from comment where source_entity_id in (select entity_id from seeded)
      or user_id in (select id from "user" where badge like 'z%')`)
    await tx.execute(
      sql`delete from subscription where source_entity_id in (select entity_id from seeded)`,
    )
    // One statement, so snapshots and the decks they point at go together.
    await tx.execute(sql`delete from deck where id in (select id from seeded)`)
    await tx.execute(sql`delete from "user" where badge like 'z%'`)
  })
  console.log(`removed earlier generated data in ${Math.round(performance.now() - started)} ms`)
}

/** Generated players with `z` badges, enough for `decks` decks; returns all their ids. */
async function ensurePlayers(database: Database, decks: number): Promise<number[]> {
  const wanted = Math.max(50, Math.ceil(decks / DECKS_PER_PLAYER))
  await database.db.execute(sql`
    insert into "user" (badge, username, description, created, modified)
    select 'z' || lpad(to_hex(i), 7, '0'), 'Player ' || i, null, now(), now()
    from generate_series(1, ${wanted}) i
    on conflict (badge) do nothing`)
  const rows = await queryRows<{ id: number }>(
    database.db,
    sql`select id from "user" where badge like 'z%' order by id`,
  )
  return rows.map((row) => row.id)
}

let verbose = false

/** Runs one seeding statement, printing its time with --verbose. */
async function timed(db: Queryable, step: string, statement: SQL) {
  const started = performance.now()
  await db.execute(statement)
  if (verbose) console.log(`    ${step}: ${Math.round(performance.now() - started)} ms`)
}

const idList = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`

async function seedBatch(database: Database, size: number, players: number[]) {
  await database.db.transaction(async (tx) => {
    const [{ before } = { before: 0 }] = await queryRows<{ before: number }>(
      tx,
      sql`select coalesce(max(id), 0)::bigint as before from deck`,
    )
    const words = sql`${`{${WORDS.join(',')}}`}::text[]`
    // Working decks: the author from a power law, titles of two or three words, a few untitled.
    await timed(
      tx,
      'working decks',
      sql`
      with phoenixborn as (
        select array_agg(id order by id) as ids from card
        where card_type = 'Phoenixborn' and not is_legacy
      )
      insert into deck (title, description, user_id, phoenixborn_id, is_red_rains, created, modified)
      select
        case when random() < 0.05 then null
             else initcap(w[1 + floor(random() * ${WORDS.length})::int] || ' '
                  || w[1 + floor(random() * ${WORDS.length})::int]
                  || case when random() < 0.4
                          then ' ' || w[1 + floor(random() * ${WORDS.length})::int] else '' end)
        end,
        case when random() < 0.3 then 'A deck for ' || w[1 + floor(random() * ${WORDS.length})::int]
             || ' players.' end,
        (${idList(players)})[1 + floor(power(random(), 3) * ${players.length})::int],
        p.ids[1 + floor(random() * array_length(p.ids, 1))::int],
        random() < 0.1,
        born, born
      from (select now() - random() * interval '1000 days' as born from generate_series(1, ${size})) t,
        phoenixborn p, (select ${words} as w) vocabulary`,
    )

    // About 11 distinct cards from a pool where early (popular) cards come up far more often.
    await timed(
      tx,
      'cards',
      sql`
      with pool as (
        select array_agg(id order by md5(stub)) as ids from card c
        where not c.is_legacy and c.phoenixborn is null
          and c.card_type not in ('Phoenixborn', 'Conjuration', 'Conjured Alteration Spell')
      )
      insert into deck_card (deck_id, card_id, count)
      select d.id, pool.ids[1 + floor(power(random(), 1.8) * array_length(pool.ids, 1))::int],
             case when random() < 0.75 then 3 when random() < 0.6 then 2 else 1 end
      from deck d, generate_series(1, 11) k, pool
      where d.id > ${before}
      on conflict do nothing`,
    )
    await timed(
      tx,
      'unique cards',
      sql`
      with uniques as (
        select p.id as phoenixborn_id, array_agg(c.id) as ids
        from card p join card c on c.phoenixborn = p.name and not c.is_legacy
          and c.card_type not in ('Conjuration', 'Conjured Alteration Spell')
        where p.card_type = 'Phoenixborn' and not p.is_legacy
        group by p.id
      )
      insert into deck_card (deck_id, card_id, count)
      select d.id, u.ids[1 + floor(random() * array_length(u.ids, 1))::int], 1 + floor(random() * 3)::int
      from deck d join uniques u on u.phoenixborn_id = d.phoenixborn_id
      where d.id > ${before} and random() < 0.7
      on conflict do nothing`,
    )

    // Two dice types adding up to 10 (mostly the seven classic types).
    await timed(
      tx,
      'dice',
      sql`
      with picked as (
        select id, a, (a + 1 + b) % 7 as second, 4 + floor(random() * 3)::int as first_count
        from (select id, floor(random() * 7)::int as a, floor(random() * 6)::int as b
              from deck where id > ${before}) raw
      )
      insert into deck_die (deck_id, die_flag, count, position)
      select id, (array[1, 2, 4, 8, 16, 32, 64])[1 + a], first_count, 0 from picked
      union all
      select id, (array[1, 2, 4, 8, 16, 32, 64])[1 + second], 10 - first_count, 1 from picked`,
    )

    // Snapshots: every deck published, a quarter published twice, some private snapshots.
    await timed(
      tx,
      'snapshots',
      sql`
      insert into deck (title, description, is_public, is_snapshot, is_red_rains, created, modified,
                        source_id, user_id, phoenixborn_id)
      select title, description, kind <> 'private', true, is_red_rains, stamp, stamp,
             id, user_id, phoenixborn_id
      from (
        select w.*, 'latest' as kind, w.created + interval '1 day' + random() * interval '30 days' as stamp
        from deck w where w.id > ${before}
        union all
        select w.*, 'older', w.created + random() * interval '1 day'
        from deck w where w.id > ${before} and random() < 0.25
        union all
        select w.*, 'private', w.created + random() * interval '1 day'
        from deck w where w.id > ${before} and random() < 0.15
      ) s`,
    )
    await timed(
      tx,
      'snapshot cards',
      sql`
      insert into deck_card (deck_id, card_id, count)
      select s.id, dc.card_id, dc.count
      from deck s join deck_card dc on dc.deck_id = s.source_id
      where s.id > ${before} and s.is_snapshot`,
    )
    await timed(
      tx,
      'snapshot dice',
      sql`
      insert into deck_die (deck_id, die_flag, count, position)
      select s.id, dd.die_flag, dd.count, dd.position
      from deck s join deck_die dd on dd.deck_id = s.source_id
      where s.id > ${before} and s.is_snapshot`,
    )

    // The stream row of each published deck points at its newest publication.
    await timed(
      tx,
      'stream',
      sql`
      insert into stream (entity_id, entity_type, source_entity_id, posted)
      select distinct on (s.source_id) s.entity_id, 'deck', w.entity_id, s.created
      from deck s join deck w on w.id = s.source_id
      where s.id > ${before} and s.is_snapshot and s.is_public
      order by s.source_id, s.created desc, s.id desc`,
    )

    // A short comment thread on about one deck in twenty.
    await timed(
      tx,
      'comments',
      sql`
      insert into comment (user_id, source_entity_id, source_type, text, ordering_increment,
                           created, modified)
      select (${idList(players)})[1 + floor(random() * ${players.length})::int], w.entity_id, 'deck',
             'Nice list! Have you tried more ' || ${WORDS[0]} || ' cards?', n,
             w.created + n * interval '1 hour', w.created + n * interval '1 hour'
      from (select * from deck where id > ${before} and not is_snapshot and random() < 0.05) w,
        lateral generate_series(1, 1 + floor(random() * 4)::int) n`,
    )
  })
}

async function counts(database: Database): Promise<Counts> {
  const [row] = await queryRows<Counts>(
    database.db,
    sql`select
      (select count(*)::int from deck where not is_snapshot) as working_decks,
      (select count(*)::int from deck where is_snapshot and is_public) as public_snapshots,
      (select count(*)::int from deck where is_snapshot and not is_public) as private_snapshots,
      (select count(*)::int from deck_card) as deck_cards,
      (select count(*)::int from comment) as comments,
      (select count(*)::int from "user") as players`,
  )
  return row ?? {}
}

async function main() {
  const { decks, reset: wantsReset, data, ...rest } = options()
  verbose = rest.verbose
  const config = parseConfig()
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  })
  try {
    console.log(`seeding ${database.describe}`)
    await migrate(database)
    await ensureCatalogue(database, dataFolder(data))
    if (wantsReset) await reset(database)
    const players = await ensurePlayers(database, decks)
    const started = performance.now()
    for (let done = 0; done < decks; done += BATCH) {
      const size = Math.min(BATCH, decks - done)
      await seedBatch(database, size, players)
      const seconds = (performance.now() - started) / 1000
      console.log(`  ${done + size} / ${decks} decks (${seconds.toFixed(1)} s)`)
    }
    // Fresh statistics and visibility maps, so plans and index-only scans match a settled site.
    await database.db.execute(sql`vacuum analyze`)
    console.log(
      `done in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      await counts(database),
    )
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
