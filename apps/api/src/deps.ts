import type { Config } from './config.ts'
import type { Database, Db } from './db/client.ts'
import type { Auth } from './plugins/auth.ts'
import type { ChangeNotices } from './services/change-notices.ts'
import type { Mailer } from './services/mailer.ts'

/** What route modules get from buildApp: passed explicitly, never hung on the instance. */
export type AppDeps = {
  config: Config
  database: Database
  db: Db
  auth: Auth
  mailer: Mailer
  /** Changes announced by any process through the database (change-notices.ts). */
  notices: ChangeNotices
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now: () => number
}
