import type { Tx } from '../db/client.ts'
import { releases } from '../db/schema.ts'
import { batches, fromExcluded } from '../db/upsert.ts'
import { type CardRelease, cardRelease } from '../services/cards/derive.ts'
import type { ImportRules } from './import-data.ts'
import type { ReleaseRecord } from './records.ts'
import { byKnown, editionKey } from './upsert.ts'

export type StoredRelease = CardRelease & { id: number }
/** Releases by `editionKey(stub, is_legacy)`: the file's and any already in the database. */
export type ReleaseIndex = Map<string, StoredRelease>

/**
 * Where each release goes in publication order. `position`: its `source_id`. `order`: releases
 * already here keep their place, new ones follow the last in the records' order.
 */
async function releasePositions(
  tx: Tx,
  records: ReleaseRecord[],
  order: ImportRules['releaseOrder'],
): Promise<Map<ReleaseRecord, number>> {
  const sorted = [...records].sort((a, b) => a.source_id - b.source_id)
  if (order === 'position') return new Map(sorted.map((record) => [record, record.source_id]))
  const stored = await tx
    .select({ stub: releases.stub, isLegacy: releases.isLegacy, position: releases.position })
    .from(releases)
  const known = new Map(stored.map((row) => [editionKey(row.stub, row.isLegacy), row.position]))
  let last = Math.max(0, ...stored.map((row) => row.position))
  const positions = new Map<ReleaseRecord, number>()
  for (const record of sorted) {
    const position = known.get(editionKey(record.stub, record.is_legacy))
    if (position === undefined) last += 1
    positions.set(record, position ?? last)
  }
  return positions
}

/** Upserts by (stub, is_legacy); the row id of an existing row stays. */
export async function writeReleases(
  tx: Tx,
  records: ReleaseRecord[],
  order: ImportRules['releaseOrder'],
): Promise<ReleaseIndex> {
  const positions = await releasePositions(tx, records, order)
  const rows = [...positions].map(([record, position]) => ({
    position,
    name: record.name,
    stub: record.stub,
    isLegacy: record.is_legacy,
    isPublic: record.is_public,
    isPhg: record.is_phg,
    isPromo: record.is_promo,
    isRetiring: record.is_retiring,
    designerName: record.designer_name ?? null,
    designerUrl: record.designer_url ?? null,
    knowsDesigner: record.designer_name !== undefined || record.designer_url !== undefined,
  }))
  for (const [group, knowsDesigner] of byKnown(rows, (row) => row.knowsDesigner)) {
    for (const batch of batches(group)) {
      await tx
        .insert(releases)
        .values(batch.map(({ knowsDesigner: _, ...row }) => row))
        .onConflictDoUpdate({
          target: [releases.stub, releases.isLegacy],
          set: fromExcluded({
            position: releases.position,
            name: releases.name,
            isPublic: releases.isPublic,
            isPhg: releases.isPhg,
            isPromo: releases.isPromo,
            isRetiring: releases.isRetiring,
            ...(knowsDesigner
              ? { designerName: releases.designerName, designerUrl: releases.designerUrl }
              : {}),
          }),
        })
    }
  }
  const stored = await tx.select().from(releases)
  return new Map(
    stored.map((release) => [
      editionKey(release.stub, release.isLegacy),
      { id: release.id, ...cardRelease(release) },
    ]),
  )
}
