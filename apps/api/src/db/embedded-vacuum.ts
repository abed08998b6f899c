import type { PGlite } from '@electric-sql/pglite'

/**
 * How often the embedded database's tables are looked at. PostgreSQL's autovacuum looks every
 * minute from processes of its own; here each pass holds the one backend, so passes are short
 * and often: under a busy autosave a table has a few thousand dead rows, vacuumed in a few ms.
 */
export const VACUUM_EVERY_MS = 5_000

/** Where a pass says what it did (pino's logger fits). */
type VacuumLog = {
  debug: (details: object, message: string) => void
  warn: (details: object, message: string) => void
}

type TableStats = {
  name: string
  dead: number
  inserted: number
  modified: number
  tuples: number
}

/**
 * What a table needs, by PostgreSQL's own autovacuum rules at their default settings: a vacuum
 * once its dead rows pass 50 plus a fifth of its rows (or its inserts since the last vacuum pass
 * 1,000 plus a fifth), an analyze once its changes since the last one pass 50 plus a tenth. A
 * table never vacuumed nor analyzed (no row count yet, -1) is vacuumed: the counts start again
 * at each start, so a table filled before (an import) would otherwise wait for its next changes.
 */
export function upkeepOf(table: TableStats): 'vacuum' | 'analyze' | null {
  if (table.tuples < 0) return 'vacuum'
  const tuples = table.tuples
  if (table.dead > 50 + 0.2 * tuples || table.inserted > 1000 + 0.2 * tuples) return 'vacuum'
  if (table.modified > 50 + 0.1 * tuples) return 'analyze'
  return null
}

const STATS = `select format('%I.%I', s.schemaname, s.relname) as name,
    s.n_dead_tup::float8 as dead, s.n_ins_since_vacuum::float8 as inserted,
    s.n_mod_since_analyze::float8 as modified, c.reltuples::float8 as tuples
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  order by s.n_dead_tup desc`

/**
 * PGlite runs Postgres as one backend with no autovacuum worker, so on the embedded database
 * nothing ever vacuumed or analyzed a table: every autosave left its deck's old rows and index
 * entries behind for every later save to step over, and the planner never had statistics.
 * This does that worker's job from the API's process: every `everyMs`, each table past
 * autovacuum's default thresholds (`upkeepOf`) is vacuumed and analyzed, or analyzed, one table
 * per statement so requests run in between. Returns a function that stops it once the pass
 * under way (if any) has ended.
 */
export function vacuumEmbedded(
  pglite: PGlite,
  options: { everyMs?: number; log: VacuumLog },
): () => Promise<void> {
  const everyMs = options.everyMs ?? VACUUM_EVERY_MS
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined

  const pass = async () => {
    const { rows } = await pglite.query<TableStats>(STATS)
    for (const table of rows) {
      if (stopped) return
      const upkeep = upkeepOf(table)
      if (!upkeep) continue
      const started = performance.now()
      await pglite.exec(
        upkeep === 'vacuum' ? `vacuum (analyze) ${table.name}` : `analyze ${table.name}`,
      )
      const ms = Math.round(performance.now() - started)
      options.log.debug({ table: table.name, dead: table.dead, ms }, `embedded database: ${upkeep}`)
    }
  }
  const schedule = () => {
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => {
          if (!stopped) options.log.warn({ err: error }, 'embedded database: vacuum failed')
        })
        .finally(() => {
          if (!stopped) schedule()
        })
    }, everyMs)
    timer.unref()
  }
  schedule()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await running
  }
}
