import { cardIneligibility, normaliseDice } from '@spellboard/core/deck-rules'
import {
  type DeckExport,
  type DeckExportPage,
  type DeckImportResult,
  deckExportPageSchema,
  dieNameSchema,
} from '@spellboard/core/decks'
import { sql } from 'drizzle-orm'
import { type Db, queryRows, type Tx } from '../../db/client.ts'
import { idArray } from '../../db/prepared.ts'
import { isoDate } from '../../lib/dates.ts'
import { invalid } from '../../lib/refusal.ts'
import { getCatalogue } from '../cards/catalogue.ts'
import {
  cataloguePool,
  deckBoxNeeds,
  type NeedPool,
  rememberNeeds,
} from '../collection/box-needs.ts'
import { fitTitle } from './copy.ts'
import { callImportSource } from './import-source.ts'
import { playableCards } from './save.ts'
import { selectionOf, storeDecks } from './store.ts'

export type ImportOptions = {
  fromDate?: string | undefined
  deckShareUuid?: string | undefined
  /** The source's origin, already checked against DECK_IMPORT_SOURCES (import-source.ts). */
  origin: string
}

type Existing = { id: number; created: string; published: boolean }

/** Writes one exported deck (new, or over the deck with the same `created`); returns its id. */
async function writeDeck(
  tx: Tx,
  userId: number,
  deck: DeckExport,
  existing: Existing | undefined,
  cards: ReturnType<typeof playableCards>,
  pool: NeedPool,
): Promise<number> {
  const title = deck.title ?? 'Untitled'
  if (existing?.published) {
    // A published snapshot is a public record: only moderation changes it, never an import.
    throw new ImportProblem(`Deck '${title}' was not imported; it is already published here.`)
  }
  if (Number.isNaN(Date.parse(deck.created)) || Number.isNaN(Date.parse(deck.modified))) {
    throw new ImportProblem(`Deck '${title}' failed to import; its dates are not readable.`)
  }
  const phoenixborn = cards.get(deck.phoenixborn.stub)
  if (phoenixborn?.cardType !== 'Phoenixborn') {
    throw new ImportProblem(
      `Deck '${title}' failed to import; missing Phoenixborn ${deck.phoenixborn.name}.`,
    )
  }
  const counts = new Map<number, number>()
  for (const entry of deck.cards) {
    const card = cards.get(entry.stub)
    if (!card)
      throw new ImportProblem(`Deck '${title}' failed to import; missing card ${entry.name}.`)
    if (cardIneligibility({ ...card, type: card.cardType }, phoenixborn.name)) {
      throw new ImportProblem(`Deck '${title}' failed to import; ${card.name} cannot be in it.`)
    }
    if (entry.count > 0) counts.set(card.id, Math.min(entry.count, 3))
  }
  const dice = normaliseDice(
    (deck.dice ?? []).flatMap((die) => {
      const name = dieNameSchema.safeParse(die.name)
      return name.success ? [{ name: name.data, count: die.count }] : []
    }),
  )

  const row = {
    // PostgreSQL text cannot hold NUL; another site's data may.
    title: deck.title ? fitTitle(deck.title.replaceAll('\u0000', '')) : null,
    description: deck.description?.replaceAll('\u0000', '') ?? null,
    phoenixbornId: phoenixborn.id,
    modified: deck.modified,
    ...deckBoxNeeds(
      {
        phoenixborn: phoenixborn.stub,
        cards: deck.cards.flatMap((entry) =>
          counts.has(cards.get(entry.stub)?.id ?? 0)
            ? [{ stub: entry.stub, count: Math.min(entry.count, 3) }]
            : [],
        ),
      },
      pool,
    ),
  }
  const [deckId = 0] = await storeDecks(tx, [
    {
      id: existing?.id,
      row: existing
        ? row
        : {
            ...row,
            created: deck.created,
            userId,
            isSnapshot: deck.is_snapshot ?? false,
            isPublic: deck.is_public ?? false,
            isRedRains: deck.is_red_rains ?? false,
          },
      contents: {
        phoenixbornId: phoenixborn.id,
        cards: [...counts].map(([cardId, count]) => ({ cardId, count })),
        dice,
        selection: selectionOf(deck, (stub) => cards.get(stub)?.id),
      },
    },
  ])
  return deckId
}

/** A deck of the export that cannot be taken over; reported, and the others still imported. */
class ImportProblem extends Error {}

/**
 * `GET /v2/decks/import/{token}`: pulls a page of the caller's decks from another site's export
 * endpoint, creates or updates them here (matched on `created`; published snapshots are never
 * rewritten), links snapshots to their working decks, then tells the other site which decks
 * arrived.
 */
export async function importDecks(
  db: Db,
  userId: number,
  token: string,
  options: ImportOptions,
): Promise<DeckImportResult> {
  const { origin } = options
  const query = new URLSearchParams()
  if (options.fromDate) query.set('from_date', options.fromDate)
  if (options.deckShareUuid) query.set('deck_share_uuid', options.deckShareUuid)
  const path = `/v2/decks/export/${token}`
  const answer = await callImportSource(origin, {
    method: 'GET',
    path: `${path}${query.size ? `?${query}` : ''}`,
  })
  const parsed = deckExportPageSchema.safeParse(answer)
  if (!parsed.success) throw invalid(`Source API at ${origin} sent an unreadable answer.`)
  const page: DeckExportPage = parsed.data

  const errors: string[] = []
  const catalogue = await getCatalogue(db)
  const imported = await db.transaction(async (tx) => {
    const stubs = page.decks.flatMap((deck) => [
      deck.phoenixborn.stub,
      ...deck.cards.map((card) => card.stub),
      ...(deck.first_five ?? []),
      ...(deck.effect_costs ?? []),
      ...Object.entries(deck.tutor_map ?? {}).flat(),
    ])
    const cards = playableCards(catalogue, stubs)
    const created = page.decks.map((deck) => deck.created)
    const existing = new Map<string, Existing>()
    if (created.length) {
      const rows = await queryRows<Existing>(
        tx,
        sql`select id, created, (is_snapshot and is_public) as published
            from deck where user_id = ${userId}
            and created in (${sql.join(
              created.map((date) => sql`${date}::timestamptz`),
              sql`, `,
            )})`,
      )
      for (const row of rows) existing.set(isoDate(row.created), row)
    }
    const done: { id: number; created: string; sourceCreated: string | null }[] = []
    for (const deck of page.decks) {
      try {
        const id = await tx.transaction((savepoint) =>
          writeDeck(
            savepoint,
            userId,
            deck,
            existing.get(isoDate(deck.created)),
            cards,
            cataloguePool(catalogue),
          ),
        )
        done.push({ id, created: deck.created, sourceCreated: deck.source_created ?? null })
      } catch (error) {
        if (!(error instanceof ImportProblem)) throw error
        errors.push(error.message)
      }
    }
    for (const deck of done) {
      if (!deck.sourceCreated) continue
      await tx.execute(sql`update deck set source_id = source.id, version = deck.version + 1
        from deck source
        where deck.id = ${deck.id} and source.user_id = ${userId}
          and source.created = ${deck.sourceCreated}::timestamptz and source.id <> deck.id
          and deck.source_id is distinct from source.id`)
    }
    if (done.length)
      await rememberNeeds(tx, sql`d.id = any(${idArray(done.map((deck) => deck.id))})`)
    return done
  })

  if (imported.length) {
    await callImportSource(origin, {
      method: 'POST',
      path,
      json: imported.map((deck) => deck.created),
    })
  }
  return {
    next_page_from_date: page.next_page_from_date,
    total_count: page.total,
    success_count: imported.length,
    errors,
  }
}
