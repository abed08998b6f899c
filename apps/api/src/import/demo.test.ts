import { DICE_FLAGS, MAGIC_TYPES } from '@spellboard/core/cards'
import { checkDeck } from '@spellboard/core/deck-rules'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts'
import { queryRows } from '../db/client.ts'
import { seedDemoIfEmpty } from './demo.ts'

type CardRow = {
  id: number
  name: string
  stub: string
  card_type: string
  is_legacy: boolean
  phoenixborn: string | null
  dice_flags: number
  alt_dice_flags: number
  json: { text?: string; cost?: unknown[]; altDice?: string[]; dice?: string[]; chained?: boolean }
}
type DeckRow = {
  id: number
  import_id: number
  title: string | null
  description: string | null
  is_public: boolean
  is_snapshot: boolean
  is_preconstructed: boolean
  is_legacy: boolean
  source_id: number | null
  preconstructed_release: number | null
  phoenixborn_id: number
  badge: string
}

describe('the demo data set', () => {
  let test: TestDatabase
  const logged: string[] = []
  let cards: CardRow[]
  let decks: DeckRow[]
  let deckCards: { deck_id: number; card_id: number; count: number }[]
  let deckDice: { deck_id: number; die_flag: number; count: number }[]

  beforeAll(async () => {
    test = await createTestDatabase()
    await seedDemoIfEmpty(test.database, { info: (line: string) => logged.push(line) })
    const db = test.database.db
    cards = await queryRows<CardRow>(db, sql`select * from card order by id`)
    decks = await queryRows<DeckRow>(
      db,
      sql`select deck.*, "user".badge from deck join "user" on "user".id = deck.user_id
          order by deck.id`,
    )
    deckCards = await queryRows(db, sql`select * from deck_card`)
    deckDice = await queryRows(db, sql`select * from deck_die`)
  })
  afterAll(async () => {
    await test.drop()
  })

  const cardById = (id: number) => {
    const card = cards.find((row) => row.id === id)
    if (!card) throw new Error(`no card ${id}`)
    return card
  }
  const reborn = () => cards.filter((card) => !card.is_legacy)

  it('is loaded once, into an empty catalogue only, with one log line', async () => {
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/demo set \(75 cards, 14 decks\)/)
    expect(
      await seedDemoIfEmpty(test.database, { info: (line: string) => logged.push(line) }),
    ).toBe(false)
    expect(logged).toHaveLength(1)
  })

  it('has Reborn cards of every type and every dice type', () => {
    const types = new Set(reborn().map((card) => card.card_type))
    expect(types.size).toBe(8)
    const flags = reborn().reduce((all, card) => all | card.dice_flags | card.alt_dice_flags, 0)
    for (const magic of MAGIC_TYPES) expect(flags & DICE_FLAGS[magic]).toBe(DICE_FLAGS[magic])
    expect(reborn().some((card) => card.json.dice?.join() === 'basic')).toBe(true)
    expect(reborn().some((card) => card.json.cost?.some(Array.isArray))).toBe(true)
    expect(reborn().some((card) => card.json.chained === true)).toBe(true)
  })

  it('gives each of at least three Reborn Phoenixborn one or two unique cards', () => {
    const phoenixborn = reborn().filter((card) => card.card_type === 'Phoenixborn')
    expect(phoenixborn.length).toBeGreaterThanOrEqual(3)
    for (const { name } of phoenixborn) {
      const uniques = reborn().filter(
        (card) => card.phoenixborn === name && !card.card_type.startsWith('Conjur'),
      )
      expect(uniques.length, name).toBeGreaterThanOrEqual(1)
      expect(uniques.length, name).toBeLessThanOrEqual(2)
    }
  })

  it('has a summon with its conjuration and a conjuration chain', async () => {
    const links = await queryRows<{ card: string; type: string; conjuration: string }>(
      test.database.db,
      sql`select c.stub as card, c.card_type as type, k.stub as conjuration
          from card_conjuration l join card c on c.id = l.card_id
          join card k on k.id = l.conjuration_id where not c.is_legacy`,
    )
    expect(links).toContainEqual({
      card: 'summon-shade-weaver',
      type: 'Ready Spell',
      conjuration: 'shade-weaver',
    })
    expect(links).toContainEqual({
      card: 'shade-weaver',
      type: 'Conjuration',
      conjuration: 'shade-mote',
    })
    expect(links.some((link) => link.conjuration === 'twin-hearts')).toBe(true)
  })

  it('links card names in texts and descriptions only to cards of the same edition', () => {
    const names = new Set(cards.map((card) => `${card.is_legacy}|${card.name}`))
    const texts = [
      ...cards.map((card) => ({ text: card.json.text ?? '', isLegacy: card.is_legacy })),
      ...decks.map((deck) => ({ text: deck.description ?? '', isLegacy: deck.is_legacy })),
    ]
    for (const { text, isLegacy } of texts) {
      for (const [, name] of text.matchAll(/\[\[([A-Z][^\]]*)\]\]/g)) {
        expect(names.has(`${isLegacy}|${name}`), name).toBe(true)
      }
    }
  })

  it('holds only legal decks of 30 cards and 10 dice, two per Reborn Phoenixborn', () => {
    for (const deck of decks) {
      const entries = deckCards.filter((entry) => entry.deck_id === deck.id)
      const phoenixborn = cardById(deck.phoenixborn_id)
      const draft = {
        phoenixborn: { name: phoenixborn.name },
        dice: deckDice
          .filter((die) => die.deck_id === deck.id)
          .map((die) => ({ name: String(die.die_flag), count: die.count })),
        cards: entries.map((entry) => {
          const card = cardById(entry.card_id)
          // Legacy decks are read-only on the site, but their lists follow the same rules.
          return { ...card, type: card.card_type, is_legacy: false, count: entry.count }
        }),
      }
      expect(checkDeck(draft), `deck ${deck.import_id}`).toEqual([])
      expect(phoenixborn.is_legacy).toBe(deck.is_legacy)
      for (const entry of entries) expect(cardById(entry.card_id).is_legacy).toBe(deck.is_legacy)
    }
    const working = decks.filter((deck) => !deck.is_snapshot && !deck.is_legacy)
    for (const phoenixborn of reborn().filter((card) => card.card_type === 'Phoenixborn')) {
      const built = working.filter((deck) => deck.phoenixborn_id === phoenixborn.id)
      expect(built.length, phoenixborn.name).toBeGreaterThanOrEqual(2)
    }
  })

  it('has two Reborn precons and a Legacy one, each a public snapshot of a private deck', () => {
    const precons = decks.filter((deck) => deck.is_preconstructed)
    expect(precons.map((deck) => deck.is_legacy).sort()).toEqual([false, false, true])
    for (const precon of precons) {
      expect(precon).toMatchObject({ is_public: true, is_snapshot: true, badge: '1demo' })
      const source = decks.find((deck) => deck.id === precon.source_id)
      expect(source).toMatchObject({ is_public: false, is_snapshot: false })
    }
    expect(precons.filter((deck) => deck.preconstructed_release !== null)).toHaveLength(2)
    expect(precons.some((deck) => !deck.is_legacy && deck.preconstructed_release !== null)).toBe(
      true,
    )
  })

  it('has a demo player who cannot log in', async () => {
    const [player] = await queryRows<{
      badge: string
      email: string | null
      password: string | null
    }>(test.database.db, sql`select badge, email, password from "user"`)
    expect(player).toEqual({ badge: '1demo', email: null, password: null })
  })
})
