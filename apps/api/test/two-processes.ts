import { openDatabase } from '../src/db/client.ts'
import { buildTestApp, createTestDatabase, type TestApp } from './helpers.ts'

export type TwoProcesses = { first: TestApp; second: TestApp; close: () => Promise<void> }

/**
 * Two API processes of one site on one database, sharing a clock. On PostgreSQL the second has
 * its own connections, as a second process would; PGlite serves one process, so there both
 * share it.
 */
export async function startTwoProcesses(
  options: { env?: Record<string, string>; prepare?: (first: TestApp) => Promise<void> } = {},
): Promise<TwoProcesses> {
  const shared = await createTestDatabase()
  const first = await buildTestApp({ database: shared, ...(options.env && { env: options.env }) })
  await options.prepare?.(first)
  const connectionString = (shared.database.pool?.options as { connectionString?: string })
    ?.connectionString
  const own = connectionString
    ? await openDatabase({
        databaseUrl: connectionString,
        dataDir: '',
        poolSize: 2,
        relayOwnChanges: true,
      })
    : undefined
  const second = await buildTestApp({
    database: own ? { database: own, drop: () => own.close() } : shared,
    clock: first.clock,
    ...(options.env && { env: options.env }),
  })
  return {
    first,
    second,
    close: async () => {
      await second.close()
      await own?.close()
      await first.close()
      await shared.drop()
    },
  }
}
