import type { DeckSaveOut } from '@spellboard/core/decks'
import type { Db } from '../../db/client.ts'
import { decks } from '../../db/schema.ts'
import { notFound } from '../../lib/refusal.ts'
import type { AuthUser } from '../accounts/auth-user.ts'
import { getCatalogue } from '../cards/catalogue.ts'
import { catalogueCard } from './contents.ts'
import { copyContents, fitTitle, insertSnapshot } from './copy.ts'
import { readDeckSaveOut } from './read.ts'
import { deckById, findDeck } from './rows.ts'

export type CloneOptions = { directShareUuid?: string | undefined; redRains: boolean }

/**
 * `GET /v2/decks/{id}/clone`: a new working deck for the caller from a public snapshot, one of
 * their own decks, or a deck whose share uuid they hold; plus a private "Source: …" snapshot so
 * the original stays viewable in its history.
 */
export async function cloneDeck(
  db: Db,
  user: AuthUser,
  deckId: number,
  options: CloneOptions,
  now: number,
): Promise<DeckSaveOut> {
  const catalogue = await getCatalogue(db)
  return db.transaction(async (tx) => {
    const source = await findDeck(tx, deckById(deckId))
    const publicSnapshot = Boolean(source?.is_snapshot && source.is_public)
    const own = source?.user_id === user.id
    const shared =
      options.directShareUuid !== undefined && source?.direct_share_uuid === options.directShareUuid
    if (!source || source.is_legacy || source.is_deleted || !(publicSnapshot || own || shared)) {
      throw notFound('Invalid ID for cloning.')
    }
    // Untitled decks are named after their Phoenixborn (§14 A13).
    const title = source.title || catalogueCard(catalogue, source.phoenixborn_id)?.name || ''
    const stamp = new Date(now).toISOString()
    const [clone] = await tx
      .insert(decks)
      .values({
        title: fitTitle(`Copy of ${title}`),
        description: source.description,
        // A clone made only through a share link keeps no link to a deck the player cannot see.
        sourceId: own || publicSnapshot ? source.id : null,
        userId: user.id,
        phoenixbornId: source.phoenixborn_id,
        isRedRains: options.redRains,
        created: stamp,
        modified: stamp,
      })
      .returning({ id: decks.id })
    if (!clone) throw new Error('clone not stored')
    await copyContents(tx, source.id, clone.id, { selected: true })
    await insertSnapshot(
      tx,
      {
        id: clone.id,
        user_id: user.id,
        phoenixborn_id: source.phoenixborn_id,
        is_red_rains: options.redRains,
      },
      {
        title: fitTitle(`Source: ${title}`),
        description: null,
        isPublic: false,
        includeSelected: true,
      },
      now,
    )
    return readDeckSaveOut(tx, catalogue, clone.id)
  })
}
