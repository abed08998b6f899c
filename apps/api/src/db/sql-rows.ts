import type { Table } from 'drizzle-orm'

type Columns<T extends Table> = T['_']['columns']

/**
 * A table's columns as a raw `sql` select returns them: PostgreSQL's (snake_case) names with
 * the types of the Drizzle schema, `null` where the column may be null. The driver's parsers
 * (db/client.ts) make bigints numbers and timestamps strings, as the schema's modes say.
 */
export type SqlColumns<T extends Table> = {
  [K in keyof Columns<T> as Columns<T>[K]['_']['name']]: Columns<T>[K]['_']['notNull'] extends true
    ? Columns<T>[K]['_']['data']
    : Columns<T>[K]['_']['data'] | null
}

/** The row of a raw select naming these columns of `table`. */
export type SqlRow<T extends Table, K extends keyof SqlColumns<T>> = Pick<SqlColumns<T>, K>

/** The columns of the right side of a left join: null when no row matched. */
export type LeftJoined<T> = { [K in keyof T]: T[K] | null }
