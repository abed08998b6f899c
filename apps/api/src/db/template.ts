import { rmSync } from 'node:fs'
import { EMBEDDED_TEMPLATE_DIR } from '../paths.ts'
import { openDatabase } from './client.ts'
import { migrate } from './migrate.ts'

/**
 * `npm run build` (apps/api/build.mjs) runs this: a new embedded database with every migration
 * applied and nothing in it, which new data folders start from (client.ts `template`). The
 * first start then neither runs initdb nor the migrations: seconds and hundreds of MB less.
 */
export async function buildEmbeddedTemplate(folder: string = EMBEDDED_TEMPLATE_DIR) {
  rmSync(folder, { recursive: true, force: true })
  const database = await openDatabase({ dataDir: folder })
  try {
    await migrate(database)
  } finally {
    await database.close()
  }
}
