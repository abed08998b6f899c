import type { Db } from '../src/db/client.ts'
import { cards, decks, releases } from '../src/db/schema.ts'

/**
 * Cards and decks that comment threads hang off, inserted straight into the database so thread
 * tests depend neither on the importer nor on the deck routes. Every call makes new rows, so
 * tests sharing one database stay independent.
 */
export type ThreadFixtures = {
  /** A Reborn card on its second printing version. */
  card: { id: number; entityId: number; version: number }
  /** A Reborn card of a release that is not public yet: still open to comments. */
  unreleasedCard: { entityId: number }
  legacyCard: { entityId: number }
  /** The owner's working deck with a private and two public snapshots. */
  deck: { id: number; entityId: number }
  privateSnapshot: { entityId: number }
  olderPublicSnapshot: { entityId: number }
  publicSnapshot: { entityId: number }
  deletedPublicSnapshot: { entityId: number }
  /** A second working deck of the owner, with one public snapshot. */
  otherDeck: { entityId: number }
  otherDeckSnapshot: { entityId: number }
  /** A working deck that was never published. */
  unpublishedDeck: { entityId: number }
  legacyDeck: { entityId: number }
  deletedDeck: { entityId: number }
}

let sequence = 0

type DeckValues = typeof decks.$inferInsert

export async function seedThreads(db: Db, ownerId: number): Promise<ThreadFixtures> {
  sequence += 1
  const tag = `${sequence}-${Math.random().toString(36).slice(2, 8)}`
  const [reborn, unreleased, legacy] = await db
    .insert(releases)
    .values([
      { name: `Set ${tag}`, stub: `set-${tag}`, isPublic: true },
      { name: `Future ${tag}`, stub: `future-${tag}`, isPublic: false },
      { name: `Old ${tag}`, stub: `old-${tag}`, isPublic: true, isLegacy: true },
    ])
    .returning({ id: releases.id })
  if (!reborn || !unreleased || !legacy) throw new Error('releases not created')

  const card = (name: string, releaseId: number, extra: Partial<typeof cards.$inferInsert>) => {
    const stub = name.toLowerCase().replace(/\s+/g, '-')
    return {
      name,
      stub,
      releaseId,
      cardType: 'Phoenixborn',
      json: { name, stub, type: 'Phoenixborn' },
      searchText: name,
      ...extra,
    }
  }
  const [phoenixborn, future, old] = await db
    .insert(cards)
    .values([
      card(`Pyre ${tag}`, reborn.id, { version: 2 }),
      card(`Dawn ${tag}`, unreleased.id, {}),
      card(`Pyre ${tag}`, legacy.id, { isLegacy: true }),
    ])
    .returning({ id: cards.id, entityId: cards.entityId, version: cards.version })
  if (!phoenixborn || !future || !old) throw new Error('cards not created')

  const insertDeck = async (values: Partial<DeckValues>) => {
    const [row] = await db
      .insert(decks)
      .values({ userId: ownerId, phoenixbornId: phoenixborn.id, ...values })
      .returning({ id: decks.id, entityId: decks.entityId })
    if (!row) throw new Error('deck not created')
    return row
  }
  const deck = await insertDeck({ title: `Deck ${tag}` })
  const snapshotOf = (sourceId: number, values: Partial<DeckValues>) =>
    insertDeck({ sourceId, isSnapshot: true, ...values })
  const privateSnapshot = await snapshotOf(deck.id, {})
  const olderPublicSnapshot = await snapshotOf(deck.id, { isPublic: true })
  const publicSnapshot = await snapshotOf(deck.id, { isPublic: true })
  const deletedPublicSnapshot = await snapshotOf(deck.id, { isPublic: true, isDeleted: true })
  const otherDeck = await insertDeck({ title: `Other ${tag}` })
  const otherDeckSnapshot = await snapshotOf(otherDeck.id, { isPublic: true })
  const unpublishedDeck = await insertDeck({ title: `Draft ${tag}` })
  const legacyDeck = await insertDeck({ isLegacy: true, phoenixbornId: old.id })
  const deletedDeck = await insertDeck({ isDeleted: true })

  return {
    card: phoenixborn,
    unreleasedCard: future,
    legacyCard: old,
    deck,
    privateSnapshot,
    olderPublicSnapshot,
    publicSnapshot,
    deletedPublicSnapshot,
    otherDeck,
    otherDeckSnapshot,
    unpublishedDeck,
    legacyDeck,
    deletedDeck,
  }
}
