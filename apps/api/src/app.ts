import { maxHeaderSize } from 'node:http'
import Fastify, { type FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { assertSecretKey, type Config } from './config.ts'
import type { Database } from './db/client.ts'
import { vacuumEmbedded } from './db/embedded-vacuum.ts'
import type { AppDeps } from './deps.ts'
import { API_PREFIX } from './lib/api-address.ts'
import { createAuth, logSafeRequest, registerAuthDecorators } from './plugins/auth.ts'
import { registerBodyParsing } from './plugins/body-parsing.ts'
import { registerCompression } from './plugins/compression.ts'
import { connectionOptions, limitConnectionsPerClient } from './plugins/connections.ts'
import { registerDocs } from './plugins/docs.ts'
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts'
import { logOutput, reportDroppedLines } from './plugins/log-output.ts'
import { RequestLog } from './plugins/request-log.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerSpa } from './plugins/spa.ts'
import { zodValidatorCompiler } from './plugins/validation.ts'
import { registerWriteSync } from './plugins/write-sync.ts'
import { authRoutes } from './routes/auth.ts'
import { cardImagesRoutes } from './routes/card-images.ts'
import { cardsRoutes } from './routes/cards.ts'
import { commentsRoutes } from './routes/comments.ts'
import { deckExportsRoutes } from './routes/deck-exports.ts'
import { deckSnapshotsRoutes } from './routes/deck-snapshots.ts'
import { decksRoutes } from './routes/decks.ts'
import { healthRoutes } from './routes/health.ts'
import { playersRoutes } from './routes/players.ts'
import { releasesRoutes } from './routes/releases.ts'
import { subscriptionsRoutes } from './routes/subscriptions.ts'
import { watchCatalogue } from './services/cards/catalogue.ts'
import { listenForChanges } from './services/change-notices.ts'
import { createMailer, type Mailer } from './services/mailer.ts'

export type BuildOptions = {
  config: Config
  database: Database
  mailer?: Mailer
  now?: () => number
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean
  logger?: boolean
}

/** Request bodies past this size are refused with 413. */
const BODY_LIMIT = 1024 * 1024
/**
 * A path parameter may be as long as the request line Node admits (its header size limit):
 * an over-long stub or uuid is an unknown or invalid one (404, 422), not a refused URL.
 */
const MAX_PARAM_LENGTH = maxHeaderSize

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options
  // Whoever builds the app (server, tests, benches) gets a clear refusal, never a 500 later.
  assertSecretKey(config.secretKey)
  const requestLog = new RequestLog()
  const output = options.logger === false ? undefined : logOutput()
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              '*.password',
              '*.password_confirm',
              '*.current_password',
              '*.token',
              '*.access_token',
            ],
            serializers: { req: logSafeRequest },
            stream: output,
          },
    ...connectionOptions(config.trustProxy),
    // One line per request instead of Fastify's two.
    logController: requestLog,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>()
  if (output) {
    requestLog.unredacted = app.log.child({}, { redact: [] })
    reportDroppedLines(output, app.log)
  }

  limitConnectionsPerClient(app, config.maxConnectionsPerClient, config.trustProxy)
  registerBodyParsing(app)
  app.setValidatorCompiler(zodValidatorCompiler)
  // Responses are plain JSON; response schemas only document them in OpenAPI. Card output is
  // SPARSE (absent keys stay absent), which a stripping serializer would not respect.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data))

  const notices = await listenForChanges(database, app.log)
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, config.secretKey, options.now ?? Date.now, notices),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        dataDir: config.dataDir,
        log: app.log,
      }),
    now: options.now ?? Date.now,
    notices,
  }
  app.addHook('onClose', () => deps.notices.close())
  if (database.pglite) {
    const stopVacuum = vacuumEmbedded(database.pglite, { log: app.log })
    app.addHook('onClose', stopVacuum)
  }
  watchCatalogue(database.db, notices)
  registerWriteSync(app, notices)

  registerAuthDecorators(app, deps.auth)
  // A route keeps the error handler in force when it is added (the CORS preflight route too),
  // so the handler comes before every plugin that adds routes.
  let spaFallback: Awaited<ReturnType<typeof registerSpa>> | undefined
  registerErrorHandling(app, { notFound: () => spaFallback })
  await registerSecurity(app, config)
  await registerCompression(app)
  await registerDocs(app)
  if (options.serveWeb !== false) spaFallback = await registerSpa(app, config, database.db)

  healthRoutes(app, deps)
  await app.register(
    (v2, _options, done) => {
      authRoutes(v2, deps)
      playersRoutes(v2, deps)
      cardsRoutes(v2, deps)
      releasesRoutes(v2, deps)
      decksRoutes(v2, deps)
      deckSnapshotsRoutes(v2, deps)
      deckExportsRoutes(v2, deps)
      commentsRoutes(v2, deps)
      subscriptionsRoutes(v2, deps)
      done()
    },
    { prefix: API_PREFIX },
  )
  cardImagesRoutes(app, deps)
  return app
}
