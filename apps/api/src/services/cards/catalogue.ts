import type { Card } from '@spellboard/core/card-schemas'
import { type CardSort, cardTypeOrder } from '@spellboard/core/cards'
import { COPIES_WITHOUT_PRECON } from '@spellboard/core/collection'
import { sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.ts'
import type { ChangeNotices } from '../change-notices.ts'
import { toWireCard } from './wire.ts'

/**
 * The card catalogue held in memory. Cards change only on import or admin edit, so each process
 * keeps every card with its flags, weights and ready-made wire JSON, and serves listings and
 * reads without touching the database. It is dropped one way: the `catalogue` change notice
 * that every write to cards, conjurations or releases sends (any process, change-notices.ts).
 */
export type CatalogueRelease = {
  id: number
  position: number
  name: string
  stub: string
  isLegacy: boolean
  isPublic: boolean
  isPhg: boolean
  isPromo: boolean
  isRetiring: boolean
}

export type CatalogueCard = {
  id: number
  entityId: number
  name: string
  stub: string
  isLegacy: boolean
  cardType: string
  typeOrder: number
  phoenixborn: string | null
  release: CatalogueRelease
  isSummonSpell: boolean
  costWeight: number
  diceFlags: number
  altDiceFlags: number
  initials: string
  version: number
  searchText: string
  /** The JSON column as stored (admin edits start from it). */
  stored: Record<string, unknown>
  wire: Card
  /** `wire`, serialised once: listings are assembled from these strings. */
  wireJson: string
  /** A conjuration's copies (its pile); null for other cards. */
  copies: number | null
  /** Copies one box of its release holds, and the precon holding them (`services/cards/boxes.ts`). */
  boxCopies: number
  boxDeck: string | null
  /** Direct "conjures" links, in the order the card lists them. */
  conjurations: CatalogueCard[]
  /** Cards that conjure this one. */
  summoners: CatalogueCard[]
}

export type Edition = {
  /** Visible (public-release) cards, ascending by each sort key; every sort ends on the name. */
  sorted: Record<CardSort, CatalogueCard[]>
  /** Visible cards by stub. */
  byStub: Map<string, CatalogueCard>
  phoenixbornByName: Map<string, CatalogueCard>
  /** Public releases in publication order. */
  releases: CatalogueRelease[]
}

export type Catalogue = {
  reborn: Edition
  legacy: Edition
  /** Every card, public or not, by edition then stub (admin reads). */
  allByStub: { reborn: Map<string, CatalogueCard>; legacy: Map<string, CatalogueCard> }
  releases: CatalogueRelease[]
  /** Results derived from this catalogue (search matches, rendered images): they die with it. */
  memos: Map<string, unknown>
}

/** A value computed once per catalogue, e.g. a cache of results that depend on the cards. */
export function catalogueMemo<T>(catalogue: Catalogue, name: string, create: () => T): T {
  if (!catalogue.memos.has(name)) catalogue.memos.set(name, create())
  return catalogue.memos.get(name) as T
}

let catalogueSequence = 0

/**
 * A name for this catalogue, unique in the process: answers kept across catalogues put it in
 * their keys, so one built from an older catalogue is never answered once a newer one is read.
 */
export function catalogueTag(catalogue: Catalogue): string {
  return catalogueMemo(catalogue, 'tag', () => `c${++catalogueSequence}`)
}

export function editionOf(catalogue: Catalogue, isLegacy: boolean): Edition {
  return isLegacy ? catalogue.legacy : catalogue.reborn
}

type CardRow = {
  id: number
  entity_id: number
  name: string
  stub: string
  phoenixborn: string | null
  release_id: number
  version: number
  card_type: string
  is_summon_spell: boolean
  is_legacy: boolean
  cost_weight: number
  dice_flags: number
  alt_dice_flags: number
  json: Record<string, unknown> | string
  initials: string
  search_text: string
  copies: number | null
  box_copies: number | null
  box_deck: string | null
}

/** Card names are unique per edition; code-point order keeps paging stable on every database. */
export const byName = (a: CatalogueCard, b: CatalogueCard) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

const COMPARATORS: Record<CardSort, (a: CatalogueCard, b: CatalogueCard) => number> = {
  name: byName,
  type: (a, b) => a.typeOrder - b.typeOrder || byName(a, b),
  cost: (a, b) => a.costWeight - b.costWeight || byName(a, b),
  dice: (a, b) =>
    (a.diceFlags | a.altDiceFlags) - (b.diceFlags | b.altDiceFlags) ||
    a.costWeight - b.costWeight ||
    byName(a, b),
  release: (a, b) =>
    a.release.position - b.release.position ||
    a.release.id - b.release.id ||
    a.typeOrder - b.typeOrder ||
    byName(a, b),
}

function buildEdition(cards: CatalogueCard[], releases: CatalogueRelease[]): Edition {
  const visible = cards.filter((card) => card.release.isPublic)
  const sorted = Object.fromEntries(
    Object.entries(COMPARATORS).map(([sort, compare]) => [sort, [...visible].sort(compare)]),
  ) as Record<CardSort, CatalogueCard[]>
  return {
    sorted,
    byStub: new Map(visible.map((card) => [card.stub, card])),
    phoenixbornByName: new Map(
      visible.filter((card) => card.cardType === 'Phoenixborn').map((card) => [card.name, card]),
    ),
    releases: releases.filter((release) => release.isPublic),
  }
}

type CatalogueRows = {
  releaseRows: {
    id: number
    position: number
    name: string
    stub: string
    is_legacy: boolean
    is_public: boolean
    is_phg: boolean
    is_promo: boolean
    is_retiring: boolean
  }[]
  cardRows: CardRow[]
  linkRows: { card_id: number; conjuration_id: number }[]
}

/** Everything in one snapshot: cards, links and releases of the same moment. */
async function readCatalogueRows(db: Db): Promise<CatalogueRows> {
  return await db.transaction(
    async (tx) => ({
      releaseRows: await queryRows<CatalogueRows['releaseRows'][number]>(
        tx,
        sql`select id, position, name, stub, is_legacy, is_public, is_phg, is_promo, is_retiring
            from release order by position, id`,
      ),
      cardRows: await queryRows<CardRow>(
        tx,
        sql`select id, entity_id, name, stub, phoenixborn, release_id, version, card_type,
              is_summon_spell, is_legacy, cost_weight, dice_flags, alt_dice_flags, json,
              initials, search_text, copies, box_copies, box_deck
            from card order by id`,
      ),
      linkRows: await queryRows<CatalogueRows['linkRows'][number]>(
        tx,
        sql`select card_id, conjuration_id from card_conjuration order by card_id, conjuration_id`,
      ),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const { releaseRows, cardRows, linkRows } = await readCatalogueRows(db)
  const releases: CatalogueRelease[] = releaseRows.map((row) => ({
    id: row.id,
    position: row.position,
    name: row.name,
    stub: row.stub,
    isLegacy: row.is_legacy,
    isPublic: row.is_public,
    isPhg: row.is_phg,
    isPromo: row.is_promo,
    isRetiring: row.is_retiring,
  }))
  const releaseById = new Map(releases.map((release) => [release.id, release]))
  const cards: CatalogueCard[] = []
  for (const row of cardRows) {
    const release = releaseById.get(row.release_id)
    if (!release) continue
    const stored = typeof row.json === 'string' ? JSON.parse(row.json) : row.json
    const wire = toWireCard(stored, { isLegacy: row.is_legacy }, release)
    cards.push({
      id: row.id,
      entityId: row.entity_id,
      name: row.name,
      stub: row.stub,
      isLegacy: row.is_legacy,
      cardType: row.card_type,
      typeOrder: cardTypeOrder(row.card_type),
      phoenixborn: row.phoenixborn || null,
      release,
      isSummonSpell: row.is_summon_spell,
      costWeight: row.cost_weight,
      diceFlags: row.dice_flags,
      altDiceFlags: row.alt_dice_flags,
      initials: row.initials,
      version: row.version,
      searchText: row.search_text,
      stored,
      wire,
      wireJson: JSON.stringify(wire),
      copies: row.copies,
      boxCopies: row.box_copies ?? COPIES_WITHOUT_PRECON,
      boxDeck: row.box_deck,
      conjurations: [],
      summoners: [],
    })
  }
  linkCards(cards, linkRows)
  const [reborn, legacy] = [false, true].map((isLegacy) =>
    buildEdition(
      cards.filter((card) => card.isLegacy === isLegacy),
      releases.filter((release) => release.isLegacy === isLegacy),
    ),
  ) as [Edition, Edition]
  const stubMap = (isLegacy: boolean) =>
    new Map(cards.filter((card) => card.isLegacy === isLegacy).map((card) => [card.stub, card]))
  return {
    reborn,
    legacy,
    allByStub: { reborn: stubMap(false), legacy: stubMap(true) },
    releases,
    memos: new Map(),
  }
}

function linkCards(cards: CatalogueCard[], links: { card_id: number; conjuration_id: number }[]) {
  const byId = new Map(cards.map((card) => [card.id, card]))
  for (const link of links) {
    const card = byId.get(link.card_id)
    const conjuration = byId.get(link.conjuration_id)
    if (!card || !conjuration) continue
    card.conjurations.push(conjuration)
    conjuration.summoners.push(card)
  }
  for (const card of cards) {
    const listed = ((card.stored.conjurations ?? []) as { stub?: unknown }[]).map((c) => c.stub)
    const rank = (c: CatalogueCard) => {
      const index = listed.indexOf(c.stub)
      return index === -1 ? listed.length : index
    }
    card.conjurations.sort((a, b) => rank(a) - rank(b) || a.id - b.id)
  }
}

type HeldState = {
  catalogue: Catalogue | undefined
  /** A change was announced since `catalogue` was read: the next read loads anew. */
  stale: boolean
  pending: Promise<Catalogue> | undefined
  /** Grows on every change, so a load begun before one is not taken as current after it. */
  generation: number
}

const states = new WeakMap<Db, HeldState>()

function stateOf(db: Db): HeldState {
  let state = states.get(db)
  if (!state) {
    state = { catalogue: undefined, stale: false, pending: undefined, generation: 0 }
    states.set(db, state)
  }
  return state
}

/** The current catalogue of this database (loaded on first use, again after each change). */
export function getCatalogue(db: Db): Promise<Catalogue> {
  const state = stateOf(db)
  if (state.catalogue && !state.stale) return Promise.resolve(state.catalogue)
  if (state.pending) return state.pending
  const pending = load(db, state).finally(() => {
    if (state.pending === pending) state.pending = undefined
  })
  state.pending = pending
  return pending
}

async function load(db: Db, state: HeldState): Promise<Catalogue> {
  const generation = state.generation
  try {
    const catalogue = await loadCatalogue(db)
    if (generation === state.generation) {
      state.catalogue = catalogue
      state.stale = false
    }
    return catalogue
  } catch (error) {
    // With the database briefly away, the cards held are still the best answer (the next read
    // tries again). Without any (the first load), the error stands.
    if (state.catalogue) return state.catalogue
    throw error
  }
}

/** The catalogue this process holds now, if any (no database read). */
export function heldCatalogue(db: Db): Catalogue | undefined {
  return stateOf(db).catalogue
}

/**
 * After a change to the cards: the next read loads them anew. The API calls it on each
 * `catalogue` notice (`watchCatalogue`); a process that does not listen calls it after its
 * own change.
 */
export function invalidateCatalogue(db: Db): void {
  const state = stateOf(db)
  state.generation += 1
  state.stale = true
  state.pending = undefined
}

/**
 * Holds this database's catalogue until a `catalogue` notice says it changed. While notices
 * may be missed (the listening connection lost) the cards held are kept: the notices resume
 * with a call that reloads them, so a change made meanwhile is seen then.
 */
export function watchCatalogue(db: Db, notices: ChangeNotices): void {
  notices.on('catalogue', () => {
    if (notices.live()) invalidateCatalogue(db)
  })
}
