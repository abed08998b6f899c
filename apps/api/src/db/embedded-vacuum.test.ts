import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from './client.ts'
import { upkeepOf, vacuumEmbedded } from './embedded-vacuum.ts'

const stats = (dead: number, modified: number, tuples: number, inserted = 0) => ({
  name: 'public.deck',
  dead,
  inserted,
  modified,
  tuples,
})

describe("the embedded database's upkeep rules (autovacuum's defaults)", () => {
  it('vacuums past 50 dead rows plus a fifth of the table', () => {
    expect(upkeepOf(stats(50, 0, 0))).toBeNull()
    expect(upkeepOf(stats(51, 0, 0))).toBe('vacuum')
    expect(upkeepOf(stats(250, 0, 1000))).toBeNull()
    expect(upkeepOf(stats(251, 0, 1000))).toBe('vacuum')
  })
  it('vacuums past 1,000 inserts plus a fifth of the table', () => {
    expect(upkeepOf(stats(0, 0, 1000, 1200))).toBeNull()
    expect(upkeepOf(stats(0, 0, 1000, 1201))).toBe('vacuum')
  })
  it('analyzes past 50 changed rows plus a tenth of the table', () => {
    expect(upkeepOf(stats(0, 150, 1000))).toBeNull()
    expect(upkeepOf(stats(0, 151, 1000))).toBe('analyze')
  })
  it('vacuums a table never vacuumed nor analyzed', () => {
    expect(upkeepOf(stats(0, 0, -1))).toBe('vacuum')
  })
})

describe('vacuumEmbedded on PGlite', () => {
  let database: Database
  const logged: { level: string; details: object; message: string }[] = []
  const log = {
    debug: (details: object, message: string) => logged.push({ level: 'debug', details, message }),
    warn: (details: object, message: string) => logged.push({ level: 'warn', details, message }),
  }
  const pglite = () => {
    if (!database.pglite) throw new Error('not PGlite')
    return database.pglite
  }
  const vacuums = async (table: string) => {
    const { rows } = await pglite().query<{ n: number }>(
      'select vacuum_count::int as n from pg_stat_user_tables where relname = $1',
      [table],
    )
    return rows[0]?.n ?? 0
  }
  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 10_000
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  beforeAll(async () => {
    database = await openDatabase({ dataDir: '', memory: true })
    // A table name that needs quoting, as any name may.
    await pglite().exec(`create table "odd ""name"" here" (id int primary key, n int);
      insert into "odd ""name"" here" select g, 0 from generate_series(1, 100) g`)
    await pglite().exec(`vacuum analyze "odd ""name"" here"`)
  })
  afterAll(() => database.close())

  it('vacuums a table whose rows were rewritten, then stops when asked', async () => {
    const table = 'odd "name" here'
    const before = await vacuums(table)
    for (let i = 0; i < 3; i += 1) await pglite().exec(`update "odd ""name"" here" set n = n + 1`)
    const stop = vacuumEmbedded(pglite(), { everyMs: 20, log })
    await until(async () => (await vacuums(table)) > before)
    await stop()
    expect(logged.filter((line) => line.level === 'warn')).toEqual([])
    expect(logged).toContainEqual({
      level: 'debug',
      details: expect.objectContaining({ table: 'public."odd ""name"" here"' }),
      message: 'embedded database: vacuum',
    })
    // Stopped: more dead rows stay until the next start.
    const after = await vacuums(table)
    for (let i = 0; i < 3; i += 1) await pglite().exec(`update "odd ""name"" here" set n = n + 1`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await vacuums(table)).toBe(after)
  })

  it('leaves a table with few changes alone', async () => {
    await pglite().exec('create table quiet (id int); insert into quiet values (1)')
    await pglite().exec('vacuum quiet')
    const before = await vacuums('quiet')
    await pglite().exec('update quiet set id = 2')
    const stop = vacuumEmbedded(pglite(), { everyMs: 20, log })
    await new Promise((resolve) => setTimeout(resolve, 200))
    await stop()
    expect(await vacuums('quiet')).toBe(before)
  })

  it('says so when a pass fails, and tries again at the next', async () => {
    const closed = await openDatabase({ dataDir: '', memory: true })
    if (!closed.pglite) throw new Error('not PGlite')
    await closed.close()
    logged.length = 0
    const stop = vacuumEmbedded(closed.pglite, { everyMs: 20, log })
    await until(async () => logged.filter((line) => line.level === 'warn').length >= 2)
    await stop()
    expect(logged[0]?.message).toBe('embedded database: vacuum failed')
  })
})
