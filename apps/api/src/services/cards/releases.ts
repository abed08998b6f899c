import type { Release } from '@spellboard/core/card-schemas'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import type { userReleases } from '../../db/schema.ts'
import type { SqlRow } from '../../db/sql-rows.ts'
import { type Catalogue, editionOf } from './catalogue.ts'

/**
 * Public releases of an edition in publication order (API.md §7.4); a known caller also learns
 * which of them are in their collection (`is_mine` on every item, never for anonymous callers).
 */
export async function listReleases(
  db: Db,
  catalogue: Catalogue,
  isLegacy: boolean,
  userId: number | null,
): Promise<Release[]> {
  const releases = editionOf(catalogue, isLegacy).releases
  if (userId === null) {
    return releases.map((release) => ({
      name: release.name,
      stub: release.stub,
      is_legacy: release.isLegacy,
    }))
  }
  const rows = await queryRows<SqlRow<typeof userReleases, 'release_id'>>(
    db,
    sql`select release_id from user_release where user_id = ${userId}`,
  )
  const owned = new Set(rows.map((row) => row.release_id))
  return releases.map((release) => ({
    name: release.name,
    stub: release.stub,
    is_legacy: release.isLegacy,
    is_mine: owned.has(release.id),
  }))
}

export type ReleaseAdminOut = { name: string; stub: string; is_legacy: boolean; is_public: boolean }

/** Publishes or hides a Reborn release (and with it its cards); null when there is none. */
export async function setReleasePublic(
  db: Db,
  stub: string,
  isPublic: boolean,
): Promise<ReleaseAdminOut | null> {
  const [row] = await queryRows<ReleaseAdminOut>(
    db,
    sql`update release set is_public = ${isPublic}
        where stub = ${stub} and not is_legacy
        returning name, stub, is_legacy, is_public`,
  )
  return row ?? null
}
