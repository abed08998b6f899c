import { flagToMagicType } from '@spellboard/core/cards'
import type { DeckOut, DeckSaveOut } from '@spellboard/core/decks'
import { isoDate } from '../../lib/dates.ts'
import type { CatalogueCard } from '../cards/catalogue.ts'
import type { DeckContents, LoadedContents } from './contents.ts'
import type { DeckRow } from './rows.ts'

/**
 * Deck JSON of API.md §5.4. SPARSE output (listings, details) leaves out what does not apply;
 * FULL output (save, clone, snapshot edit, shared) emits every key, null when unknown.
 */
export type OutputMode = 'sparse' | 'full'

export type ShapeOptions = {
  mode: OutputMode
  /** Give the share uuid (else absent in SPARSE, null in FULL). */
  shareUuid?: boolean
  /** Cards and conjurations as whole wire cards plus `count`. */
  fullCards?: boolean
}

type Json = Record<string, unknown>

function release(card: CatalogueCard, mode: OutputMode): Json {
  const { name, stub, isPhg, isPromo, isRetiring } = card.release
  if (card.isLegacy) {
    return { name, stub, is_phg: isPhg, is_promo: isPromo, is_retiring: isRetiring }
  }
  return mode === 'full'
    ? { name, stub, is_phg: null, is_promo: null, is_retiring: null }
    : { name, stub }
}

function cardEntry(card: CatalogueCard, count: number, options: ShapeOptions): Json {
  if (options.fullCards) return { count, ...card.wire }
  return {
    count,
    name: card.name,
    stub: card.stub,
    type: card.cardType,
    phoenixborn: card.phoenixborn,
    is_legacy: card.isLegacy,
    release: release(card, options.mode),
  }
}

/** Code-point order, as the reference sorts names. */
const byName = (a: Json, b: Json) => {
  const left = String(a.name)
  const right = String(b.name)
  return left < right ? -1 : left > right ? 1 : 0
}

function phoenixbornOut(card: CatalogueCard | undefined): Json {
  if (!card) return {}
  return {
    name: card.name,
    stub: card.stub,
    battlefield: card.wire.battlefield ?? null,
    life: card.wire.life ?? null,
    spellboard: card.wire.spellboard ?? null,
    is_legacy: card.isLegacy,
  }
}

function userOut(row: DeckRow): Json | null {
  return row.badge === null ? null : { username: row.username, badge: row.badge }
}

/** DeckOut: the listing item. */
export function deckOut(row: DeckRow, loaded: LoadedContents, options: ShapeOptions): DeckOut {
  const contents: DeckContents = loaded.byDeck.get(row.id) ?? {
    dice: [],
    cards: [],
    conjurations: [],
    selected: [],
  }
  const cards: Json[] = []
  for (const entry of contents.cards) {
    const card = loaded.card(entry.card_id)
    if (card) cards.push(cardEntry(card, entry.count, options))
  }
  // A conjuration's count is the size of its pile.
  const conjurations = contents.conjurations.map((card) =>
    cardEntry(card, card.wire.copies ?? 1, options),
  )
  const out: Json = { id: row.id, entity_id: row.entity_id, source_id: row.source_id }
  if (options.shareUuid) out.direct_share_uuid = row.direct_share_uuid
  else if (options.mode === 'full') out.direct_share_uuid = null
  Object.assign(out, {
    title: row.title,
    created: isoDate(row.created),
    modified: isoDate(row.modified),
    user: userOut(row),
    dice: contents.dice.map((die) => ({
      count: die.count,
      name: flagToMagicType(die.die_flag) ?? 'basic',
    })),
    phoenixborn: phoenixbornOut(loaded.card(row.phoenixborn_id)),
    cards: cards.sort(byName),
    conjurations: conjurations.sort(byName),
    is_public: row.is_public,
    is_snapshot: row.is_snapshot,
    is_red_rains: row.is_red_rains,
  })
  if (row.is_legacy) {
    out.is_legacy = true
    out.ashes_500_score = row.ashes_500_score
    out.ashes_500_revision_id = row.ashes_500_revision_id
  } else if (options.mode === 'full') {
    out.is_legacy = null
    out.ashes_500_score = null
    out.ashes_500_revision_id = null
  }
  return out as DeckOut
}

/** First Five, paid effects and tutor links as stubs (§7.5 "selected cards"). */
function selectedOut(
  row: DeckRow,
  loaded: LoadedContents,
): Pick<DeckSaveOut, 'first_five' | 'effect_costs' | 'tutor_map'> {
  const selected = loaded.byDeck.get(row.id)?.selected ?? []
  const stub = (id: number) => loaded.card(id)?.stub
  const firstFive: string[] = []
  const effectCosts: string[] = []
  const tutorMap: Record<string, string> = {}
  for (const entry of selected) {
    const card = stub(entry.card_id)
    if (!card) continue
    if (entry.is_first_five) firstFive.push(card)
    if (entry.is_paid_effect) effectCosts.push(card)
    const tutor = entry.tutor_card_id ? stub(entry.tutor_card_id) : undefined
    if (tutor) tutorMap[tutor] = card
  }
  return { first_five: firstFive, effect_costs: effectCosts, tutor_map: tutorMap }
}

/** DeckSaveOut: DeckOut plus the description and selected cards. */
export function deckSaveOut(
  row: DeckRow,
  loaded: LoadedContents,
  options: ShapeOptions,
): DeckSaveOut {
  return {
    ...deckOut(row, loaded, options),
    description: row.description,
    ...selectedOut(row, loaded),
  }
}
