import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Db } from '../db/client.ts'
import { DEMO_DATA_DIR } from '../paths.ts'
import { catalogueMemo, getCatalogue } from './cards/catalogue.ts'

/**
 * The demo set (`apps/api/demo-data`) is known by its releases: names invented for Spellboard,
 * which no real card data uses. While every release of the catalogue is one of them, the site
 * shows the demo set, and says so on its home page.
 */

type ReleaseKey = { stub: string; isLegacy: boolean }
const key = (release: ReleaseKey) => `${release.isLegacy ? 'L' : 'R'}:${release.stub}`

let demoKeys: Set<string> | undefined

function demoReleaseKeys(): Set<string> {
  demoKeys ??= new Set(
    (
      JSON.parse(readFileSync(path.join(DEMO_DATA_DIR, 'releases.json'), 'utf8')) as {
        stub: string
        is_legacy: boolean
      }[]
    ).map((release) => key({ stub: release.stub, isLegacy: release.is_legacy })),
  )
  return demoKeys
}

export function isDemoRelease(release: ReleaseKey): boolean {
  return demoReleaseKeys().has(key(release))
}

/** Whether these releases are the demo set's and nothing else (no releases: not the demo). */
export function isDemoCatalogue(releases: readonly ReleaseKey[]): boolean {
  return releases.length > 0 && releases.every(isDemoRelease)
}

/** The badges of the demo set's players, who own its decks. */
export function demoBadges(): string[] {
  return (
    JSON.parse(readFileSync(path.join(DEMO_DATA_DIR, 'users.json'), 'utf8')) as {
      badge: string
    }[]
  ).map((user) => user.badge)
}

/** Whether this site's catalogue is the demo set (worked out once per catalogue). */
export async function showsDemoSet(db: Db): Promise<boolean> {
  const catalogue = await getCatalogue(db)
  return catalogueMemo(catalogue, 'demo-set', () => isDemoCatalogue(catalogue.releases))
}
