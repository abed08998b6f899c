import { buildApp } from './app.ts'
import { ConfigError, ensureSecretKey, parseConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { seedDemoIfEmpty } from './import/demo.ts'

async function main() {
  const config = ensureSecretKey(parseConfig())
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    onPoolError: (error) => console.error(`database connection lost: ${error.message}`),
  })
  await migrate(database)
  const app = await buildApp({ config, database })
  app.log.info(`database: ${database.describe}`)
  if (config.seedDemo) await seedDemoIfEmpty(database, app.log)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // Finish in-flight requests, then release the database (and PGlite's lock).
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ port: config.port, host: config.host })
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    (error instanceof Error && error.name === 'DataDirBusyError')
  ) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
