import { type PGlite, parse, protocol } from '@electric-sql/pglite'

const { serialize } = protocol
type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number]
type Parsers = Record<number, (value: string) => unknown>

/** What PGlite keeps to itself but a statement of our own needs: the locks its queries take. */
type PgliteInside = PGlite & {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
}

/** A client is the PGlite instance itself (not one of its transactions) when it has its locks. */
export function isPgliteInstance(client: unknown): client is PGlite {
  return typeof (client as Partial<PgliteInside>)._runExclusiveTransaction === 'function'
}

/** Statements prepared on each PGlite instance, by name, with their parameters' type ids. */
const preparedOn = new WeakMap<PGlite, Map<string, number[]>>()

const quiet = { syncToFs: false }

/** Several protocol messages sent as one, so PGlite reads them in one call. */
function joined(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    message.set(part, at)
    at += part.length
  }
  return message
}

/** Parses and describes `name` on its first use; answers its parameters' type ids. */
async function prepare(pglite: PGlite, name: string, text: string): Promise<number[]> {
  let statements = preparedOn.get(pglite)
  if (!statements) {
    statements = new Map()
    preparedOn.set(pglite, statements)
  }
  const known = statements.get(name)
  if (known) return known
  try {
    await pglite.execProtocol(serialize.close({ type: 'S', name }), quiet)
    await pglite.execProtocol(serialize.parse({ name, text }), quiet)
    const described = await pglite.execProtocol(serialize.describe({ type: 'S', name }), quiet)
    const types = parse.parseDescribeStatementResults(described.messages)
    statements.set(name, types)
    return types
  } finally {
    await pglite.execProtocol(serialize.sync(), quiet)
  }
}

/**
 * Runs a named statement on PGlite as node-postgres runs one on PostgreSQL: parsed and described
 * on its first use, then only bound and executed, so PostgreSQL plans it a few times rather than
 * on every call (on PGlite, planning also asks the file system for the size of every table it
 * reads). Takes the locks PGlite's own `query` takes, serialises parameters and parses rows as
 * it does (with drizzle's `parsers`), and syncs the files after.
 */
export function pgliteNamed<T>(
  pglite: PGlite,
  name: string,
  text: string,
  params: readonly unknown[],
  parsers: Parsers,
): Promise<T[]> {
  const inside = pglite as PgliteInside
  return inside._runExclusiveTransaction(() =>
    inside._runExclusiveQuery(async () => {
      const types = await prepare(pglite, name, text)
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null
        const serializer = pglite.serializers[types[index] ?? 0]
        return serializer ? serializer(value) : String(value)
      })
      let messages: BackendMessage[]
      try {
        const run = joined([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ])
        messages = (await pglite.execProtocol(run, quiet)).messages
      } finally {
        await pglite.syncToFs()
      }
      const [result] = parse.parseResults(messages, pglite.parsers, { rowMode: 'object', parsers })
      return (result?.rows ?? []) as T[]
    }),
  )
}
