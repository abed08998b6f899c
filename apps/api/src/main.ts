import { buildApp } from './app.ts'
import { ConfigError, ensureSecretKey, parseConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { backfillBoxes } from './import/backfill-boxes.ts'
import { seedDemoIfEmpty } from './import/demo.ts'
import { EMBEDDED_TEMPLATE_DIR } from './paths.ts'
import { stopOnSignals } from './shutdown.ts'

async function main() {
  const shutdown = stopOnSignals()
  const config = ensureSecretKey(parseConfig())
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    template: EMBEDDED_TEMPLATE_DIR,
    relayOwnChanges: true,
    onPoolError: (error) => console.error(`database connection lost: ${error.message}`),
  })
  await migrate(database)
  const app = await buildApp({ config, database })
  app.log.info(`database: ${database.describe}`)
  if (config.seedDemo) await seedDemoIfEmpty(database, app.log)
  await backfillBoxes(database, app.log)

  await app.listen({ port: config.port, host: config.host })
  await shutdown.ready(app, database)
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
