import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import { queryRows, type Tx } from '../db/client.ts'
import { decks, stream, users } from '../db/schema.ts'
import { batches, fromExcluded } from '../db/upsert.ts'
import { type DeckWrite, selectionOf, storeDecks } from '../services/decks/store.ts'
import { adoptImportIds } from './deck-identity.ts'
import { type ImportData, ImportError } from './import-data.ts'
import type { DeckRecord, UserRecord } from './records.ts'
import { edition, editionKey } from './upsert.ts'
import type { CardIndex } from './write-catalogue.ts'
import type { ReleaseIndex } from './write-releases.ts'

/**
 * Imported players get no e-mail and no password: they cannot log in until an operator gives
 * them a log-in (`cli set-login`). A repeated import leaves a log-in set that way alone.
 */
export async function writeUsers(tx: Tx, records: UserRecord[]): Promise<void> {
  for (const batch of batches(records)) {
    await tx
      .insert(users)
      .values(
        batch.map((user) => ({
          badge: user.badge,
          username: user.username,
          description: user.description,
        })),
      )
      .onConflictDoUpdate({
        target: users.badge,
        set: fromExcluded({ username: users.username, description: users.description }),
      })
  }
}

type ResolvedDeck = DeckWrite & { record: DeckRecord }

/** Deck lists name the cards they hold; the Phoenixborn and conjurations are never among them. */
const NOT_IN_DECK_LISTS = new Set(['Phoenixborn', 'Conjuration', 'Conjured Alteration Spell'])

async function resolveDecks(
  tx: Tx,
  records: DeckRecord[],
  at: (index: number) => string,
  catalogue: { releases: ReleaseIndex; cards: CardIndex },
): Promise<ResolvedDeck[]> {
  const badges = [...new Set(records.flatMap((deck) => (deck.user ? [deck.user] : [])))]
  const players = new Map<string, number>()
  for (const batch of batches(badges, 1000)) {
    const rows = await tx
      .select({ id: users.id, badge: users.badge })
      .from(users)
      .where(inArray(users.badge, batch))
    for (const row of rows) players.set(row.badge, row.id)
  }

  const problems: string[] = []
  const resolved = records.map((record, i): ResolvedDeck => {
    const label = at(i)
    const kind = edition(record.is_legacy)
    const phoenixborn = catalogue.cards.get(editionKey(record.phoenixborn, record.is_legacy))
    if (phoenixborn?.cardType !== 'Phoenixborn') {
      problems.push(`${label}.phoenixborn: no ${kind} Phoenixborn ${record.phoenixborn}`)
    }
    let releaseId: number | null = null
    if (record.preconstructed_release !== null) {
      const release = catalogue.releases.get(
        editionKey(record.preconstructed_release, record.is_legacy),
      )
      if (release) releaseId = release.id
      else
        problems.push(
          `${label}.preconstructed_release: no ${kind} release ${record.preconstructed_release}`,
        )
    }
    let userId: number | null = null
    if (record.user !== null) {
      userId = players.get(record.user) ?? null
      if (userId === null) problems.push(`${label}.user: no player with badge ${record.user}`)
    }
    const cardOf = (stub: string) => catalogue.cards.get(editionKey(stub, record.is_legacy))
    const cards = record.cards.flatMap((entry, j) => {
      const card = cardOf(entry.stub)
      if (!card) {
        problems.push(`${label}.cards[${j}].stub: no ${kind} card ${entry.stub}`)
        return []
      }
      if (NOT_IN_DECK_LISTS.has(card.cardType)) {
        problems.push(
          `${label}.cards[${j}].stub: ${entry.stub} is a ${card.cardType}, not a deck card`,
        )
        return []
      }
      return [{ cardId: card.id, count: entry.count }]
    })
    const inDeck = new Set(cards.map((card) => card.cardId))
    if (record.is_legacy && record.first_five?.length) {
      problems.push(`${label}.first_five: Legacy decks have no First Five`)
    }
    ;(record.is_legacy ? [] : (record.first_five ?? [])).forEach((stub, j) => {
      const card = cardOf(stub)
      if (!card || !inDeck.has(card.id)) {
        problems.push(`${label}.first_five[${j}]: ${stub} is not one of the deck's cards`)
      }
    })
    return {
      record,
      row: {
        importId: record.source_id,
        title: record.title,
        description: record.description,
        isPublic: record.is_public,
        isSnapshot: record.is_snapshot,
        isPreconstructed: record.is_preconstructed,
        isLegacy: record.is_legacy,
        preconstructedRelease: releaseId,
        // Times a source does not give are not set: a deck already here keeps its own.
        ...(record.created === undefined ? {} : { created: record.created }),
        ...(record.modified === undefined ? {} : { modified: record.modified }),
        userId,
        phoenixbornId: phoenixborn?.id ?? 0,
      },
      contents: {
        phoenixbornId: phoenixborn?.id ?? 0,
        cards,
        dice: record.dice,
        selection: selectionOf(record, (stub) => cardOf(stub)?.id),
      },
    }
  })
  if (problems.length > 0) throw new ImportError(problems)
  return resolved
}

/**
 * Upserts decks by their source id (`import_id`): entity ids and share uuids of decks already
 * imported stay, their cards, dice and First Five marks are replaced. `source_deck_id` may point
 * at any deck of the file or one imported before.
 */
export async function writeDecks(
  tx: Tx,
  data: Pick<ImportData, 'decks' | 'rules' | 'labels'>,
  catalogue: { releases: ReleaseIndex; cards: CardIndex },
): Promise<void> {
  if (data.decks.length === 0) return
  const records =
    data.rules.deckIdentity === 'created' ? await adoptImportIds(tx, data.decks) : data.decks
  // Problems name the source's own indexes; rows go in by source id so entity ids follow it.
  const resolved = (await resolveDecks(tx, records, data.labels.decks.at, catalogue)).sort(
    (a, b) => a.record.source_id - b.record.source_id,
  )
  const ordered = resolved.map((deck) => deck.record)

  await storeDecks(tx, resolved, { upsertOn: 'importId' })

  const wanted = [
    ...new Set(ordered.flatMap((deck) => [deck.source_id, deck.source_deck_id ?? deck.source_id])),
  ]
  const stored = new Map<number, { id: number; entityId: number }>()
  for (const batch of batches(wanted, 1000)) {
    const rows = await tx
      .select({ id: decks.id, entityId: decks.entityId, importId: decks.importId })
      .from(decks)
      .where(inArray(decks.importId, batch))
    for (const row of rows) {
      if (row.importId !== null) stored.set(row.importId, { id: row.id, entityId: row.entityId })
    }
  }
  const problems = records.flatMap((deck, i) =>
    deck.source_deck_id !== null && !stored.has(deck.source_deck_id)
      ? [`${data.labels.decks.at(i)}.source_deck_id: no deck with source_id ${deck.source_deck_id}`]
      : [],
  )
  if (problems.length > 0) throw new ImportError(problems)
  const idOf = (sourceId: number) => {
    const deck = stored.get(sourceId)
    if (!deck) throw new Error(`deck ${sourceId} was not written`)
    return deck
  }

  await linkSources(tx, ordered, idOf)
  await writeStream(tx, ordered, idOf)
}

async function linkSources(
  tx: Tx,
  ordered: DeckRecord[],
  idOf: (sourceId: number) => { id: number },
): Promise<void> {
  for (const batch of batches(ordered, 1000)) {
    const pairs = batch.map((deck) => {
      const source = deck.source_deck_id === null ? null : idOf(deck.source_deck_id).id
      return sql`(${idOf(deck.source_id).id}::bigint, ${source}::bigint)`
    })
    await tx.execute(
      sql`update deck set source_id = link.source_id, version = deck.version + 1
          from (values ${sql.join(pairs, sql`, `)}) as link (id, source_id)
          where deck.id = link.id and deck.source_id is distinct from link.source_id`,
    )
  }
}

/**
 * The activity stream holds one row per published working deck, pointing at its latest public
 * snapshot (API.md §8); rows of the imported working decks are brought in line with that. A
 * snapshot published on the site after an earlier import still counts as the latest.
 */
async function writeStream(
  tx: Tx,
  ordered: DeckRecord[],
  idOf: (sourceId: number) => { id: number; entityId: number },
): Promise<void> {
  const working = ordered.filter((deck) => !deck.is_snapshot).map((deck) => idOf(deck.source_id))
  for (const batch of batches(working, 1000)) {
    const rows = await queryRows<{
      entity_id: number
      source_entity_id: number
      posted: string
      is_legacy: boolean
    }>(
      tx,
      sql`select distinct on (work.id) snap.entity_id, work.entity_id as source_entity_id,
                 snap.created as posted, work.is_legacy
          from deck work
          join deck snap on snap.source_id = work.id
            and snap.is_snapshot and snap.is_public and not snap.is_deleted
          where work.id in (${sql.join(
            batch.map((deck) => sql`${deck.id}`),
            sql`, `,
          )})
          order by work.id, snap.created desc, snap.id desc`,
    )
    const latest = rows.map((row) => Number(row.entity_id))
    await tx.delete(stream).where(
      and(
        eq(stream.entityType, 'deck'),
        inArray(
          stream.sourceEntityId,
          batch.map((deck) => deck.entityId),
        ),
        latest.length > 0 ? notInArray(stream.entityId, latest) : undefined,
      ),
    )
    if (rows.length === 0) continue
    // Upserted rather than rewritten, so the rows of a repeated import keep their ids.
    await tx
      .insert(stream)
      .values(
        rows.map((row) => ({
          entityId: Number(row.entity_id),
          entityType: 'deck',
          sourceEntityId: Number(row.source_entity_id),
          posted: row.posted,
          isLegacy: row.is_legacy,
        })),
      )
      .onConflictDoUpdate({
        target: stream.entityId,
        set: fromExcluded({
          entityType: stream.entityType,
          sourceEntityId: stream.sourceEntityId,
          posted: stream.posted,
          isLegacy: stream.isLegacy,
        }),
      })
  }
}
