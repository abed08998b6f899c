import { freePort } from '../bench/api-process.ts'
import { importFolder } from '../src/import/import-folder.ts'
import { buildTestApp, CURRENT_DATA_DIR, REAL_DATA_DIR, type TestApp } from './helpers.ts'

/**
 * Another Spellboard on a port of this machine, holding the given data folders (by default the
 * 2021 set, then the 2026 pool): the source of a catalogue import. Its `next` links name its own
 * origin, as a site's do once PUBLIC_URL is set.
 */
export async function startSourceSite(
  folders: string[] = [REAL_DATA_DIR, CURRENT_DATA_DIR],
): Promise<{ origin: string; site: TestApp; close: () => Promise<void> }> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const site = await buildTestApp({ env: { PUBLIC_URL: origin } })
  for (const folder of folders) await importFolder(site.database, folder)
  await site.app.listen({ port, host: '127.0.0.1' })
  return { origin, site, close: () => site.close() }
}
