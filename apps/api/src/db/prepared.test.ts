import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import { queryRows } from './client.ts'
import { idArray, preparedRows, textArray } from './prepared.ts'

/**
 * Statements kept prepared (on PostgreSQL by node-postgres, on PGlite by pglite-prepared.ts)
 * answer as a plain query does, stay prepared across calls, and survive their own errors.
 */
let owned: TestDatabase

beforeAll(async () => {
  owned = await createTestDatabase()
})
afterAll(() => owned.drop())

const db = () => owned.database.db

/** The SQLSTATE of a failure, however the driver wraps it. */
function sqlState(error: unknown): string | undefined {
  for (let at = error as { code?: string; cause?: unknown } | undefined; at; ) {
    if (typeof at.code === 'string') return at.code
    at = at.cause as typeof at
  }
  return undefined
}
const failure = (run: Promise<unknown>) => run.then(() => 'no failure', sqlState)

const typed = (id: number) => sql`select ${id}::bigint as id, ${'x'}::text as label,
    ${true}::boolean as flag, timestamptz '2026-01-02 03:04:05+00' as at,
    cardinality(${idArray([3, 1, 2])}) as ids, ${textArray(['a,b', 'c"d'])} as words,
    '{"k": [1, 2]}'::jsonb as doc, null::int as nothing`

describe('preparedRows', () => {
  it('answers the rows a plain query answers, values parsed the same way', async () => {
    const prepared = await preparedRows(db(), typed(7))
    const plain = await queryRows(db(), typed(7))
    expect(prepared).toEqual(plain)
    expect(prepared).toEqual([
      {
        id: 7,
        label: 'x',
        flag: true,
        at: expect.stringMatching(/^2026-01-02 03:04:05/),
        ids: 3,
        words: ['a,b', 'c"d'],
        doc: { k: [1, 2] },
        nothing: null,
      },
    ])
  })

  it('keeps the statement prepared on the connection that runs it, and runs it again', async () => {
    const probe = (round: number) => sql`select name, ${round}::int as round
      from pg_prepared_statements where statement like '%prepared-probe%'`
    await preparedRows(db(), probe(1))
    const rows = await preparedRows<{ name: string; round: number }>(db(), probe(2))
    expect(rows).toEqual([{ name: expect.stringMatching(/^q_[0-9a-f]{20}$/), round: 2 }])
  })

  it('fails with the database error and goes on, whether it failed running or parsing', async () => {
    const divide = (by: number) => sql`select 10 / ${by}::int as quotient`
    expect(await preparedRows(db(), divide(2))).toEqual([{ quotient: 5 }])
    expect(await failure(preparedRows(db(), divide(0)))).toBe('22012')
    expect(await preparedRows(db(), divide(5))).toEqual([{ quotient: 2 }])
    const broken = sql`select from where ${1}`
    expect(await failure(preparedRows(db(), broken))).toBe('42601')
    expect(await failure(preparedRows(db(), broken))).toBe('42601')
    expect(await preparedRows(db(), divide(1))).toEqual([{ quotient: 10 }])
  })

  it('runs inside a transaction, whose rollback undoes it', async () => {
    await queryRows(db(), sql`create table prepared_probe (value int)`)
    await expect(
      db().transaction(async (tx) => {
        await preparedRows(tx, sql`insert into prepared_probe values (${1}::int)`)
        const seen = await preparedRows(tx, sql`select count(*)::int as n from prepared_probe`)
        expect(seen).toEqual([{ n: 1 }])
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    const after = await preparedRows(db(), sql`select count(*)::int as n from prepared_probe`)
    expect(after).toEqual([{ n: 0 }])
  })

  it('delivers what the statement announces to those who listen', async () => {
    const heard: string[] = []
    const stop = await owned.database.listen('prepared_probe', {
      onNotice: (payload) => heard.push(payload),
      onReconnect: () => {},
    })
    try {
      await preparedRows(db(), sql`select pg_notify('prepared_probe', ${'saved'})`)
      await expect.poll(() => heard, { timeout: 5000 }).toEqual(['saved'])
    } finally {
      await stop()
    }
  })
})
