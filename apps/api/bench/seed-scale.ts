import { existsSync } from 'node:fs'
import { setPriority } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type SQL, sql } from 'drizzle-orm'
import pg from 'pg'
import { type Database, openDatabase, type Queryable, queryRows } from '../src/db/client.ts'
import { migrate } from '../src/db/migrate.ts'
import { importFolder } from '../src/import/import-folder.ts'
import { rememberNeeds } from '../src/services/collection/box-needs.ts'
import { scaleDatabaseUrl } from './scale-database.ts'
import { type BatchShape, seedBatch } from './seed-scale-batch.ts'

/**
 * `npm run seed:scale [-- --players 100000 --decks 1000000 --verbose]`: creates (or re-creates)
 * the PostgreSQL database SCALE_DATABASE_URL names (default `spellboard_scale` on the local
 * server), imports the real card catalogue and fills it with generated players and decks for
 * `npm run bench:scale`. `--drop` only removes that database.
 *
 * Shape of the data: `--decks` deck rows in all, working decks and their snapshots (about 2.4
 * rows per working deck, so about 10 deck-card rows per deck row):
 * - authors drawn from a power law over the players (a few prolific ones, a long tail);
 * - a tenth Legacy decks, a tenth of the rest Red Rains; Phoenixborn chosen evenly; about 11
 *   distinct cards per deck from the edition's cards with a skewed popularity, plus a unique
 *   card of the deck's Phoenixborn in most decks; two dice types adding up to 10;
 * - every deck published once, a quarter published twice, some private snapshots; about one
 *   working deck in twenty has a short comment thread.
 * Indexes other than primary keys and unique constraints are dropped while the rows go in and
 * built afterwards (the migrations stay the source of their definitions); foreign keys are not
 * checked row by row, since every id comes from the tables themselves.
 */

const BATCH = 50_000
const ROWS_PER_WORKING_DECK = 2.4
const BULK_TABLES = ['deck', 'deck_card', 'deck_die', 'stream', 'comment']

function options() {
  const { values } = parseArgs({
    options: {
      players: { type: 'string', default: '100000' },
      decks: { type: 'string', default: '1000000' },
      data: { type: 'string' },
      drop: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  })
  const whole = (name: string, text: string) => {
    const value = Number(text)
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number`)
    return value
  }
  return {
    players: whole('players', values.players),
    decks: whole('decks', values.decks),
    data: values.data,
    drop: values.drop ?? false,
    verbose: values.verbose ?? false,
  }
}

function dataFolder(wanted: string | undefined): string {
  if (wanted) return path.resolve(process.env.INIT_CWD ?? process.cwd(), wanted)
  const real = path.resolve(import.meta.dirname, '../../../../shared/data/ashes-2021')
  return existsSync(real) ? real : path.resolve(import.meta.dirname, '../demo-data')
}

/** Drops the scale database and, unless only dropping, creates it empty. */
async function recreate(url: string, create: boolean) {
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`)
  target.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: target.toString() })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${name} with (force)`)
    if (create) await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  return name
}

/** Lowest CPU priority for the database sessions doing the work (when this user may set it). */
async function niceBackends(database: Database) {
  const [row] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`)
  try {
    if (row) setPriority(row.pid, 19)
  } catch {
    // Another user's process: the server keeps its priority.
  }
}

type IndexDef = { name: string; def: string }

/** Drops the plain indexes of the bulk tables and returns their definitions. */
async function dropIndexes(db: Queryable): Promise<IndexDef[]> {
  const indexes = await queryRows<IndexDef>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relname in ${sql.raw(`('${BULK_TABLES.join("','")}')`)}
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  )
  for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`))
  return indexes
}

async function sizes(db: Queryable) {
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`select
      (select count(*)::int from "user") as players,
      (select count(*)::int from deck where not is_snapshot) as working_decks,
      (select count(*)::int from deck where is_snapshot and is_public) as public_snapshots,
      (select count(*)::int from deck where is_snapshot and not is_public) as private_snapshots,
      (select count(*)::int from deck) as deck_rows,
      (select count(*)::int from deck_card) as deck_cards,
      (select count(*)::int from comment) as comments,
      pg_size_pretty(pg_database_size(current_database())) as database_size`,
  )
  return row ?? {}
}

async function main() {
  const settings = options()
  const url = scaleDatabaseUrl()
  if (settings.drop) {
    console.log(`dropped database ${await recreate(url, false)}`)
    return
  }
  const started = performance.now()
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1)
  const name = await recreate(url, true)
  const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 })
  try {
    await niceBackends(database)
    console.log(`seeding database ${name}`)
    await migrate(database)
    const summary = await importFolder(database, dataFolder(settings.data))
    console.log(`imported ${summary.cards} cards and ${summary.decks} decks (${seconds()} s)`)
    const db = database.db
    const [first] = await queryRows<{ id: number; legacy: number }>(
      db,
      sql`select coalesce(max(id), 0)::bigint + 1 as id,
            (select count(*)::int from card where card_type = 'Phoenixborn' and is_legacy) as legacy
          from "user"`,
    )
    const working = Math.ceil(settings.decks / ROWS_PER_WORKING_DECK)
    const shape: BatchShape = {
      batch: 0,
      batches: Math.ceil(working / BATCH),
      firstPlayer: first?.id ?? 1,
      players: settings.players,
      legacyShare: first?.legacy ? 0.1 : 0,
      redRainsShare: 0.1,
    }
    await db.execute(sql`
      insert into "user" (badge, username, description, created, modified)
      select 'z' || lpad(to_hex(i), 7, '0'), 'Player ' || i, null,
             now() - random() * interval '1500 days', now()
      from generate_series(1, ${settings.players}) i`)
    const indexes = await dropIndexes(db)
    for (let done = 0; done < working; done += BATCH, shape.batch += 1) {
      const size = Math.min(BATCH, working - done)
      await db.transaction(async (tx) => {
        // Ids come from the tables themselves; nothing to wait for if the machine stops now.
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.execute(sql`set local synchronous_commit = off`)
        const [row] = await queryRows<{ before: number }>(
          tx,
          sql`select coalesce(max(id), 0)::bigint as before from deck`,
        )
        const step = async (label: string, statement: SQL) => {
          const at = performance.now()
          await tx.execute(statement)
          if (settings.verbose)
            console.log(`    ${label}: ${Math.round(performance.now() - at)} ms`)
        }
        await seedBatch(step, row?.before ?? 0, size, shape)
      })
      console.log(`  ${done + size} / ${working} working decks (${seconds()} s)`)
    }
    await rememberNeeds(db, sql`d.is_snapshot and d.is_public and not d.is_deleted`)
    await db.execute(sql`set maintenance_work_mem = '512MB'`)
    for (const index of indexes) {
      const at = performance.now()
      await db.execute(sql.raw(index.def))
      if (settings.verbose)
        console.log(`    ${index.name}: ${Math.round(performance.now() - at)} ms`)
    }
    console.log(`built ${indexes.length} indexes (${seconds()} s)`)
    // Fresh statistics and visibility maps, so plans and index-only scans match a settled site.
    await db.execute(sql`vacuum analyze`)
    console.log(`done in ${seconds()} s`, await sizes(db))
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
