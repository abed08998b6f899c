import type { CardMinimal } from '@spellboard/core/card-schemas'
import { inArray, sql } from 'drizzle-orm'
import { queryRows, type Tx } from '../db/client.ts'
import { cardConjurations, cards } from '../db/schema.ts'
import { batches, fromExcluded } from '../db/upsert.ts'
import { cardColumns, directConjurations } from '../services/cards/derive.ts'
import { type ImportData, ImportError } from './import-data.ts'
import type { CardRecord } from './records.ts'
import { byKnown, edition, editionKey } from './upsert.ts'
import type { ReleaseIndex } from './write-releases.ts'

export type StoredCard = {
  id: number
  entityId: number
  name: string
  stub: string
  isLegacy: boolean
  cardType: string
  conjurations: CardMinimal[]
}
/** Cards by `editionKey(stub, is_legacy)`, after the import's own cards were written. */
export type CardIndex = Map<string, StoredCard>

/** What the card writer needs of an import. */
export type CardImport = Pick<ImportData, 'cards' | 'rules' | 'labels'>

/**
 * Upserts cards by (stub, is_legacy) with every derived column, then rewrites their direct
 * conjuration links. Entity ids of existing cards stay; a changed rules text or cost counts as
 * errata and raises the card's version (comments then show as made on an earlier version).
 */
export async function writeCards(
  tx: Tx,
  data: CardImport,
  releaseIndex: ReleaseIndex,
): Promise<{ index: CardIndex; links: number }> {
  const { cards: records } = data
  const at = data.labels.cards.at
  const asSent = data.rules.cardJson === 'as-sent'
  const problems: string[] = []
  const rows = records.flatMap((record, index) => {
    const release = releaseIndex.get(editionKey(record.release_stub, record.is_legacy))
    if (!release) {
      problems.push(
        `${at(index)}.release_stub: no ${edition(record.is_legacy)} release ${record.release_stub}`,
      )
      return []
    }
    return [
      {
        ...cardColumns(record, release, { asSent }),
        releaseId: release.id,
        artistName: record.artist_name ?? null,
        artistUrl: record.artist_url ?? null,
        knowsArtist: record.artist_name !== undefined || record.artist_url !== undefined,
      },
    ]
  })
  await checkNamesFree(tx, data, problems)
  if (problems.length > 0) throw new ImportError(problems)

  for (const [group, knowsArtist] of byKnown(rows, (row) => row.knowsArtist)) {
    for (const batch of batches(group)) {
      await tx
        .insert(cards)
        .values(batch.map(({ knowsArtist: _, ...row }) => row))
        .onConflictDoUpdate({
          target: [cards.stub, cards.isLegacy],
          set: {
            ...fromExcluded({
              name: cards.name,
              phoenixborn: cards.phoenixborn,
              releaseId: cards.releaseId,
              cardType: cards.cardType,
              isSummonSpell: cards.isSummonSpell,
              costWeight: cards.costWeight,
              diceFlags: cards.diceFlags,
              altDiceFlags: cards.altDiceFlags,
              copies: cards.copies,
              json: cards.json,
              searchText: cards.searchText,
              initials: cards.initials,
              ...(knowsArtist ? { artistName: cards.artistName, artistUrl: cards.artistUrl } : {}),
            }),
            version: sql`case when ${cards.json}->>'text' is distinct from excluded.json->>'text'
                or ${cards.json}->'cost' is distinct from excluded.json->'cost'
              then ${cards.version} + 1 else ${cards.version} end`,
          },
        })
    }
  }

  const index = await readCardIndex(tx)
  checkReferences(data, index, problems)
  if (problems.length > 0) throw new ImportError(problems)
  const links = await writeConjurationLinks(tx, records, index)
  return { index, links }
}

/** A name may belong to one card per edition; another stub already using it is refused. */
async function checkNamesFree(tx: Tx, data: CardImport, problems: string[]): Promise<void> {
  const { cards: records } = data
  const at = data.labels.cards.at
  const names = [...new Set(records.map((record) => record.name))]
  const taken = new Map<string, string>()
  for (const batch of batches(names, 1000)) {
    const rows = await tx
      .select({ name: cards.name, stub: cards.stub, isLegacy: cards.isLegacy })
      .from(cards)
      .where(inArray(cards.name, batch))
    for (const row of rows) taken.set(editionKey(row.name, row.isLegacy), row.stub)
  }
  records.forEach((record, index) => {
    const owner = taken.get(editionKey(record.name, record.is_legacy))
    if (owner !== undefined && owner !== record.stub) {
      problems.push(
        `${at(index)}.name: ${edition(record.is_legacy)} card ${owner} already has the name ${record.name}`,
      )
    }
  })
}

async function readCardIndex(tx: Tx): Promise<CardIndex> {
  const rows = await queryRows<{
    id: number
    entity_id: number
    name: string
    stub: string
    is_legacy: boolean
    card_type: string
    conjurations: CardMinimal[] | null
  }>(
    tx,
    sql`select id, entity_id, name, stub, is_legacy, card_type, json->'conjurations' as conjurations
        from card`,
  )
  return new Map(
    rows.map((row) => [
      editionKey(row.stub, row.is_legacy),
      {
        id: Number(row.id),
        entityId: Number(row.entity_id),
        name: row.name,
        stub: row.stub,
        isLegacy: row.is_legacy,
        cardType: row.card_type,
        conjurations: row.conjurations ?? [],
      },
    ]),
  )
}

/** Uniques need their Phoenixborn, and conjuration lists their conjurations, in the same edition. */
function checkReferences(data: CardImport, index: CardIndex, problems: string[]): void {
  const { cards: records } = data
  const at = data.labels.cards.at
  const phoenixborn = new Set(
    [...index.values()]
      .filter((card) => card.cardType === 'Phoenixborn')
      .map((card) => editionKey(card.name, card.isLegacy)),
  )
  records.forEach((record, i) => {
    if (record.phoenixborn && !phoenixborn.has(editionKey(record.phoenixborn, record.is_legacy))) {
      problems.push(
        `${at(i)}.phoenixborn: no ${edition(record.is_legacy)} Phoenixborn named ${record.phoenixborn}`,
      )
    }
    record.conjurations?.forEach((conjuration, j) => {
      if (!index.has(editionKey(conjuration.stub, record.is_legacy))) {
        problems.push(
          `${at(i)}.conjurations[${j}].stub: no ${edition(record.is_legacy)} card ${conjuration.stub}`,
        )
      }
    })
  })
}

async function writeConjurationLinks(
  tx: Tx,
  records: CardRecord[],
  index: CardIndex,
): Promise<number> {
  const links: { cardId: number; conjurationId: number }[] = []
  const importedIds: number[] = []
  for (const record of records) {
    const card = index.get(editionKey(record.stub, record.is_legacy))
    if (!card) continue
    importedIds.push(card.id)
    const conjurationsOf = (stub: string) =>
      index.get(editionKey(stub, record.is_legacy))?.conjurations
    for (const conjuration of directConjurations(record, conjurationsOf)) {
      const target = index.get(editionKey(conjuration.stub, record.is_legacy))
      if (target) links.push({ cardId: card.id, conjurationId: target.id })
    }
  }
  for (const batch of batches(importedIds, 1000)) {
    await tx.delete(cardConjurations).where(inArray(cardConjurations.cardId, batch))
  }
  for (const batch of batches(links, 1000)) {
    await tx.insert(cardConjurations).values(batch)
  }
  return links.length
}
