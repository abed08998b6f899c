import { type SQL, sql } from 'drizzle-orm'
import type { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '../src/db/client.ts'

/**
 * The database as the services see it, except that every statement (plain or prepared) is
 * first run under EXPLAIN (ANALYZE, BUFFERS) and its plan kept, for the scale benchmark's report.
 */
export function explaining(db: Db, plans: string[]): Db {
  const explain = async (query: { sql: string; params: unknown[] }) => {
    const result = (await db.execute(
      sql.raw(`explain (analyze, buffers, costs off) ${inline(query.sql, query.params)}`),
    )) as unknown as { rows: { 'QUERY PLAN': string }[] }
    plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'))
  }
  const session = new Proxy(db._.session, {
    get(target, key, receiver) {
      if (key !== 'prepareQuery') return Reflect.get(target, key, receiver)
      return (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => {
        const prepared = (
          target.prepareQuery as (...args: unknown[]) => { execute: () => unknown }
        )(query, ...rest)
        return {
          execute: async () => {
            await explain(query)
            return prepared.execute()
          },
        }
      }
    },
  })
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === '_') return { ...target._, session }
      if (key === 'execute') {
        return async (statement: SQL) => {
          await explain((target as unknown as { dialect: PgDialect }).dialect.sqlToQuery(statement))
          return target.execute(statement)
        }
      }
      return Reflect.get(target, key, receiver)
    },
  })
}

/** Parameters written into the text, for EXPLAIN (plans then show the values used). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1]
    if (value === null || value === undefined) return 'null'
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    return `'${String(value).replace(/'/g, "''")}'`
  })
}

/** Plans indented under a heading, as the report shows them. */
export function formatPlans(heading: string, plans: string[]): string {
  const body = plans.map((plan) =>
    plan
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n'),
  )
  return [`### ${heading}`, '', ...body.flatMap((plan) => [plan, ''])].join('\n')
}
