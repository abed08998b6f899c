import type { Card, CardCreate, CardUpdate } from '@spellboard/core/card-schemas'
import { stubify } from '@spellboard/core/stubs'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { type Db, queryRows, type Tx } from '../../db/client.ts'
import { cardConjurations, cards, releases } from '../../db/schema.ts'
import { invalid } from '../../lib/refusal.ts'
import { conjurationNamesIn, diceOfCosts, magicCostOf, parseCost, statOf } from './card-input.ts'
import {
  type CardFacts,
  cardColumns,
  cardRelease,
  costWeight,
  diceFlagsOf,
  initialsOf,
  isSummonSpell,
  searchTextOf,
} from './derive.ts'
import { toWireCard } from './wire.ts'

/** Extra search words sit after the name on the first line of the search text (§6.10). */
export function searchKeywordsOf(searchText: string, name: string): string {
  const [firstLine = ''] = searchText.split('\n', 1)
  return firstLine.startsWith(name) ? firstLine.slice(name.length).trim() : ''
}

type ReleaseRow = typeof releases.$inferSelect

async function findOrCreateRelease(tx: Tx, name: string): Promise<ReleaseRow> {
  const stub = stubify(name)
  const [existing] = await tx
    .select()
    .from(releases)
    .where(and(eq(releases.stub, stub), eq(releases.isLegacy, false)))
  if (existing) return existing
  // New releases start unpublished, so a whole set can be entered before anyone sees it.
  const [created] = await tx
    .insert(releases)
    .values({
      name,
      stub,
      isLegacy: false,
      isPublic: false,
      position: sql`(select coalesce(max(position), 0) + 1 from release)`,
    })
    .returning()
  if (!created) throw new Error('release not created')
  return created
}

const wireRelease = (release: ReleaseRow) => ({
  name: release.name,
  stub: release.stub,
  isLegacy: release.isLegacy,
  isPhg: release.isPhg,
  isPromo: release.isPromo,
  isRetiring: release.isRetiring,
})

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true
    current = current.cause as typeof current
  }
  return false
}

/** Commits a catalogue change (the tables' triggers announce it to every cache). */
async function catalogueChange<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work)
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid('Card already exists!')
    throw error
  }
}

/** `POST /v2/cards`: a new Reborn card with every derived column (§7.9). */
export async function createCard(db: Db, input: CardCreate): Promise<void> {
  const stub = stubify(input.name)
  await catalogueChange(db, async (tx): Promise<true> => {
    const [clash] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(
          eq(cards.isLegacy, false),
          sql`(${cards.stub} = ${stub} or ${cards.name} = ${input.name})`,
        ),
      )
    if (clash) throw invalid('Card already exists!')

    const wantedConjurations = conjurationNamesIn(input.text).map((name) => ({
      name,
      stub: stubify(name),
    }))
    const conjurations =
      wantedConjurations.length === 0
        ? []
        : await tx
            .select({ id: cards.id, name: cards.name, stub: cards.stub })
            .from(cards)
            .where(
              and(
                eq(cards.isLegacy, false),
                inArray(
                  cards.stub,
                  wantedConjurations.map((c) => c.stub),
                ),
              ),
            )
    const missing = wantedConjurations.filter((c) => !conjurations.some((f) => f.stub === c.stub))
    if (missing.length > 0) {
      throw invalid(
        `The following conjurations must be added first: ${missing.map((c) => c.stub).join(', ')}`,
      )
    }

    const release = await findOrCreateRelease(tx, input.release)
    const cost = parseCost(input.cost)
    const magicCost = magicCostOf(cost)
    const effectMagicCost = magicCostOf(parseCost(input.effect_magic_cost))
    const derived = diceOfCosts(magicCost, effectMagicCost)
    const facts: CardFacts = {
      name: input.name,
      stub,
      type: input.card_type,
      is_legacy: false,
      placement: input.placement ?? undefined,
      cost: cost.length > 0 ? cost : undefined,
      dice: nonEmpty(input.dice ?? derived.dice),
      altDice: nonEmpty(input.alt_dice ?? derived.altDice),
      magicCost: Object.keys(magicCost).length > 0 ? magicCost : undefined,
      effectMagicCost: Object.keys(effectMagicCost).length > 0 ? effectMagicCost : undefined,
      effectRepeats: input.can_effect_repeat === true ? true : undefined,
      text: input.text || undefined,
      conjurations:
        conjurations.length > 0
          ? conjurations.map((c) => ({ name: c.name, stub: c.stub }))
          : undefined,
      phoenixborn: input.phoenixborn ?? undefined,
      attack: stat(input.attack),
      battlefield: stat(input.battlefield),
      life: stat(input.life),
      recover: stat(input.recover),
      spellboard: stat(input.spellboard),
      copies: input.copies ?? undefined,
    }
    const columns = cardColumns(facts, cardRelease(release))
    // Cards added after the chained-card data migration carry the flag only once patched.
    const { chained: _chained, ...json } = columns.json as Card
    const [row] = await tx
      .insert(cards)
      .values({ ...columns, json, releaseId: release.id })
      .returning({ id: cards.id })
    if (!row) throw new Error('card not created')
    if (conjurations.length > 0) {
      await tx
        .insert(cardConjurations)
        .values(conjurations.map((c) => ({ cardId: row.id, conjurationId: c.id })))
    }
    return true
  })
}

function nonEmpty<T>(list: T[] | undefined): T[] | undefined {
  return list && list.length > 0 ? list : undefined
}

function stat(value: string | number | null | undefined): string | number | undefined {
  if (value === null || value === undefined || value === '') return undefined
  return statOf(value)
}

const isEmptyValue = (value: unknown) =>
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0)

const JSON_FIELDS = [
  'text',
  'cost',
  'dice',
  'altDice',
  'magicCost',
  'effectMagicCost',
  'effectRepeats',
  'attack',
  'battlefield',
  'life',
  'recover',
  'spellboard',
  'copies',
  'chained',
] as const

const STAT_FIELDS: ReadonlySet<string> = new Set([
  'attack',
  'battlefield',
  'life',
  'recover',
  'spellboard',
])

/** The stored JSON after a patch: empty values remove keys, null or absent leave them. */
export function patchCardJson(
  stored: Record<string, unknown>,
  update: CardUpdate,
): Record<string, unknown> {
  const json = { ...stored }
  for (const key of JSON_FIELDS) {
    const value = update[key]
    if (value === null || value === undefined) continue
    if (isEmptyValue(value) || (key === 'effectRepeats' && value === false)) {
      delete json[key]
      continue
    }
    json[key] = STAT_FIELDS.has(key) ? statOf(value as string | number) : value
  }
  return json
}

type StoredCard = typeof cards.$inferSelect

async function loadRebornCard(tx: Tx, stub: string): Promise<StoredCard | null> {
  const [row] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.stub, stub), eq(cards.isLegacy, false)))
    .for('update')
  return row ?? null
}

/** A rename must reach the cards that name this one: summoners' lists and a Phoenixborn's uniques. */
async function followRename(tx: Tx, before: StoredCard, name: string, stub: string) {
  const summoners = await queryRows<{ id: number; json: Record<string, unknown> }>(
    tx,
    sql`select c.id, c.json from card c
        join card_conjuration cc on cc.card_id = c.id
        where cc.conjuration_id = ${before.id}`,
  )
  for (const summoner of summoners) {
    const listed = (summoner.json.conjurations ?? []) as { name: string; stub: string }[]
    const conjurations = listed.map((c) => (c.stub === before.stub ? { name, stub } : c))
    await tx
      .update(cards)
      .set({ json: { ...summoner.json, conjurations } })
      .where(eq(cards.id, summoner.id))
  }
  if (before.cardType !== 'Phoenixborn') return
  const uniques = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.isLegacy, false), eq(cards.phoenixborn, before.name)))
  for (const unique of uniques) {
    const json: Record<string, unknown> = { ...(unique.json as object), phoenixborn: name }
    await tx
      .update(cards)
      .set({
        phoenixborn: name,
        json,
        searchText: searchTextOf({
          name: unique.name,
          phoenixborn: name,
          text: json.text as string | undefined,
          keywords: searchKeywordsOf(unique.searchText, unique.name),
        }),
      })
      .where(eq(cards.id, unique.id))
  }
}

/** `PATCH /v2/cards/{stub}`: a typo fix or erratum of a Reborn card; null when there is none. */
export async function updateCard(db: Db, stub: string, update: CardUpdate): Promise<Card | null> {
  return await catalogueChange(db, async (tx) => {
    const before = await loadRebornCard(tx, stub)
    if (!before) return null
    const json = patchCardJson(before.json as Record<string, unknown>, update)
    const name = update.name ?? before.name
    const newStub = update.name ? stubify(update.name) : before.stub
    if (name !== before.name || newStub !== before.stub) {
      const [clash] = await tx
        .select({ id: cards.id })
        .from(cards)
        .where(
          and(
            eq(cards.isLegacy, false),
            sql`${cards.id} <> ${before.id}`,
            sql`(${cards.stub} = ${newStub} or ${cards.name} = ${name})`,
          ),
        )
      if (clash) throw invalid('A card with that name already exists.')
      json.name = name
      json.stub = newStub
      await followRename(tx, before, name, newStub)
    }
    const keywords =
      update.search_keywords === null || update.search_keywords === undefined
        ? searchKeywordsOf(before.searchText, before.name)
        : update.search_keywords.trim()
    const flags = diceFlagsOf(
      json.dice as string[] | undefined,
      json.altDice as string[] | undefined,
    )
    const copies = typeof json.copies === 'number' ? json.copies : null
    await tx
      .update(cards)
      .set({
        name,
        stub: newStub,
        initials: initialsOf(name),
        isSummonSpell: isSummonSpell(name),
        json,
        searchText: searchTextOf({
          name,
          phoenixborn: before.phoenixborn,
          text: json.text as string | undefined,
          keywords,
        }),
        costWeight: costWeight((json.cost as CardFacts['cost']) ?? []),
        diceFlags: flags.diceFlags,
        altDiceFlags: flags.altDiceFlags,
        copies,
        version: update.is_errata ? before.version + 1 : before.version,
      })
      .where(eq(cards.id, before.id))
    const [release] = await tx.select().from(releases).where(eq(releases.id, before.releaseId))
    if (!release) throw new Error('card without release')
    return toWireCard(json, { isLegacy: false }, wireRelease(release))
  })
}

/**
 * `GET /v2/cards/{stub}?for_update=true`: the card as an admin edits it, mirroring the patch
 * body (API.md §7.9).
 */
export function cardForUpdate(card: {
  wire: Card
  name: string
  searchText: string
}): Card & { is_errata: false; search_keywords?: string } {
  const keywords = searchKeywordsOf(card.searchText, card.name)
  return keywords
    ? { ...card.wire, is_errata: false, search_keywords: keywords }
    : { ...card.wire, is_errata: false }
}
