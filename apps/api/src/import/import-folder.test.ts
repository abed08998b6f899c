import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, REAL_DATA_DIR, type TestDatabase } from '../../test/helpers.ts'
import { count, fingerprint } from '../../test/import-checks.ts'
import { type Queryable, queryRows } from '../db/client.ts'
import { DEMO_DATA_DIR } from '../paths.ts'
import { ImportError } from './import-data.ts'
import { importFolder } from './import-folder.ts'

type CardRow = {
  stub: string
  is_legacy: boolean
  cost_weight: number
  dice_flags: number
  alt_dice_flags: number
  is_summon_spell: boolean
  phoenixborn: string | null
  initials: string
  json: Record<string, unknown>
  release_stub: string
}

/** A copy of a data folder with one file changed, for refused imports. */
function corruptedCopy(source: string, file: string, change: (records: unknown[]) => void): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'spellboard-import-'))
  cpSync(source, folder, { recursive: true })
  const records = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as unknown[]
  change(records)
  writeFileSync(path.join(folder, file), JSON.stringify(records))
  return folder
}

describe.skipIf(!existsSync(REAL_DATA_DIR))('importFolder on the real data set', () => {
  let test: TestDatabase
  let db: Queryable
  const lines: string[] = []
  const cardsByKey = new Map<string, CardRow>()
  const card = (stub: string, isLegacy: boolean) => {
    const row = cardsByKey.get(`${stub}|${isLegacy}`)
    if (!row) throw new Error(`card ${stub} not imported`)
    return row
  }

  beforeAll(async () => {
    test = await createTestDatabase()
    db = test.database.db
    await importFolder(test.database, REAL_DATA_DIR, { onProgress: (line) => lines.push(line) })
    const rows = await queryRows<CardRow>(
      db,
      sql`select card.*, release.stub as release_stub
          from card join release on release.id = card.release_id`,
    )
    for (const row of rows) cardsByKey.set(`${row.stub}|${row.is_legacy}`, row)
  })
  afterAll(async () => {
    await test.drop()
  })

  it('imports every record and reports each file', async () => {
    expect(await count(db, 'release')).toBe(40)
    expect(await count(db, 'release where is_legacy')).toBe(24)
    expect(await count(db, 'card where not is_legacy')).toBe(284)
    expect(await count(db, 'card where is_legacy')).toBe(361)
    expect(await count(db, 'deck')).toBe(64)
    expect(await count(db, 'deck where is_snapshot and is_public and is_preconstructed')).toBe(32)
    expect(await count(db, 'deck where is_legacy')).toBe(52)
    expect(await count(db, '"user"')).toBe(1)
    expect(lines.join('\n')).toMatch(/releases\.json: 40 releases/)
    expect(lines.join('\n')).toMatch(/cards\.json: 645 cards imported \(284 Reborn, 361 Legacy\)/)
    expect(lines.join('\n')).toMatch(/users\.json: 1 player/)
    expect(lines.join('\n')).toMatch(/decks\.json: 64 decks/)
  })

  it.each<[string, boolean, Partial<CardRow>]>([
    [
      'fear',
      false,
      { dice_flags: 0, alt_dice_flags: 0, cost_weight: 105, phoenixborn: 'Jessa Na Ni' },
    ],
    ['vengeance', true, { dice_flags: 0, cost_weight: 0 }],
    ['seeds-of-aggression', false, { dice_flags: 0, alt_dice_flags: 34, cost_weight: 107 }],
    ['seeds-of-aggression', true, { dice_flags: 0, alt_dice_flags: 34, cost_weight: 107 }],
    ['living-doll', false, { dice_flags: 1, alt_dice_flags: 34 }],
    ['alchemist', true, { dice_flags: 64, cost_weight: 5 }],
    ['harvest-soul', true, { cost_weight: 0 }],
    ['hunters-mark', true, { cost_weight: 0 }],
    ['crimson-bomber', true, { cost_weight: 206 }],
    ['summon-blood-puppet', false, { is_summon_spell: true, dice_flags: 1 }],
    ['three-eyed-owl', false, { initials: 'teo', is_summon_spell: false }],
    ['dimona-odinstar', true, { release_stub: 'dimona-odinstar-promo' }],
  ])('derives the columns of %s (Legacy: %s)', (stub, isLegacy, expected) => {
    expect(card(stub, isLegacy)).toMatchObject(expected)
  })

  it('stores the wire card: chained on Reborn, is_legacy on Legacy, no import-only keys', () => {
    const owl = card('three-eyed-owl', false).json
    expect(owl).toMatchObject({ chained: false, copies: 3 })
    expect(owl).not.toHaveProperty('is_legacy')
    expect(owl).not.toHaveProperty('release_stub')
    expect(owl.release).toEqual({ name: 'Master Set', stub: 'master-set' })
    const legacyOwl = card('three-eyed-owl', true).json
    expect(legacyOwl).toMatchObject({ is_legacy: true, copies: 5 })
    expect(legacyOwl).not.toHaveProperty('chained')
    expect(legacyOwl).not.toHaveProperty('weight')
    expect(card('alchemist', true).json).not.toHaveProperty('weight')
    expect(card('dimona-odinstar', true).json.release).toEqual({
      name: 'Dimona Odinstar (promo)',
      stub: 'dimona-odinstar-promo',
      is_phg: true,
      is_promo: true,
      is_retiring: true,
    })
    const chained = [...cardsByKey.values()].filter((row) => row.json.chained === true)
    expect(chained.map((row) => row.stub).sort()).toEqual([
      'explosive-growth',
      'golden-veil',
      'hypnotize',
      'meteor',
      'psychic-vampire',
      'river-skald',
      'summon-shining-hydra',
    ])
  })

  it('keeps release order from source ids', async () => {
    const rows = await queryRows<{ stub: string; is_legacy: boolean }>(
      db,
      sql`select stub, is_legacy from release order by position`,
    )
    expect(rows[0]).toEqual({ stub: 'core-set', is_legacy: true })
    expect(rows.findIndex((r) => r.stub === 'master-set')).toBeGreaterThan(
      rows.findIndex((r) => r.stub === 'the-frostdale-giants' && r.is_legacy),
    )
  })

  it('links conjurations directly, following chains one step at a time', async () => {
    const links = await queryRows<{ card: string; is_legacy: boolean; conjuration: string }>(
      db,
      sql`select c.stub as card, c.is_legacy, k.stub as conjuration
          from card_conjuration l
          join card c on c.id = l.card_id
          join card k on k.id = l.conjuration_id
          where c.stub in ('summon-salamander-monk', 'salamander-monk', 'summon-indiglow-creeper',
                           'indiglow-creeper', 'luminous-seedling')
          order by c.is_legacy, c.stub, k.stub`,
    )
    expect(links).toEqual([
      { card: 'indiglow-creeper', is_legacy: false, conjuration: 'luminous-seedling' },
      { card: 'luminous-seedling', is_legacy: false, conjuration: 'brilliant-thorn' },
      { card: 'salamander-monk', is_legacy: false, conjuration: 'salamander-monk-spirit' },
      { card: 'summon-indiglow-creeper', is_legacy: false, conjuration: 'indiglow-creeper' },
      { card: 'summon-salamander-monk', is_legacy: false, conjuration: 'salamander-monk' },
      { card: 'indiglow-creeper', is_legacy: true, conjuration: 'luminous-seedling' },
      { card: 'luminous-seedling', is_legacy: true, conjuration: 'brilliant-thorn' },
      { card: 'salamander-monk', is_legacy: true, conjuration: 'salamander-monk-spirit' },
      { card: 'summon-indiglow-creeper', is_legacy: true, conjuration: 'indiglow-creeper' },
      { card: 'summon-indiglow-creeper', is_legacy: true, conjuration: 'luminous-seedling' },
      { card: 'summon-salamander-monk', is_legacy: true, conjuration: 'salamander-monk' },
    ])
    // Links never cross editions.
    expect(
      await count(
        db,
        'card_conjuration l join card c on c.id = l.card_id join card k on k.id = l.conjuration_id where c.is_legacy <> k.is_legacy',
      ),
    ).toBe(0)
  })

  it('imports decks with their sources, precon releases, owner, dice order and timestamps', async () => {
    const [deck] = await queryRows<Record<string, unknown>>(
      db,
      sql`select d.*, s.import_id as source_import_id, r.stub as release_stub, u.badge,
                 p.stub as phoenixborn_stub
          from deck d
          join deck s on s.id = d.source_id
          join card p on p.id = d.phoenixborn_id
          left join release r on r.id = d.preconstructed_release
          left join "user" u on u.id = d.user_id
          where d.import_id = 6361`,
    )
    expect(deck).toMatchObject({
      title: 'The Shadows of Viros',
      is_public: true,
      is_snapshot: true,
      is_preconstructed: true,
      is_legacy: false,
      source_import_id: 6327,
      release_stub: null,
      badge: '3000',
      phoenixborn_stub: 'noah-redmoon',
    })
    expect(String(deck?.created)).toMatch(/^2021-01-08 06:03:39\.516492/)
    const dice = await queryRows<{ die_flag: number; count: number }>(
      db,
      sql`select die_flag, count from deck_die
          where deck_id = (select id from deck where import_id = 6361) order by position`,
    )
    expect(dice).toEqual([
      { die_flag: 1, count: 5 },
      { die_flag: 4, count: 5 },
    ])
    const withRelease = await count(
      db,
      'deck d join release r on r.id = d.preconstructed_release and r.is_legacy = d.is_legacy',
    )
    expect(withRelease).toBe(20)
    const sums = await queryRows<{ cards: number; dice: number }>(
      db,
      sql`select (select sum(count)::int from deck_card where deck_id = d.id) as cards,
                 (select sum(count)::int from deck_die where deck_id = d.id) as dice
          from deck d`,
    )
    expect(sums.every((row) => row.cards === 30 && row.dice === 10)).toBe(true)
  })

  it('imports players without a log-in and one stream row per published deck', async () => {
    const [player] = await queryRows<Record<string, unknown>>(db, sql`select * from "user"`)
    expect(player).toMatchObject({
      badge: '3000',
      username: 'IsaacBot',
      email: null,
      password: null,
    })
    expect(await count(db, 'stream')).toBe(32)
    expect(
      await count(
        db,
        `stream s join deck snap on snap.entity_id = s.entity_id
         join deck work on work.entity_id = s.source_entity_id
         where snap.source_id = work.id and s.entity_type = 'deck'`,
      ),
    ).toBe(32)
  })

  it('changes nothing when the same folder is imported again', async () => {
    const before = await fingerprint(db)
    const summary = await importFolder(test.database, REAL_DATA_DIR)
    expect(summary).toMatchObject({ releases: 40, cards: 645, decks: 64, users: 1 })
    expect(await fingerprint(db)).toEqual(before)
  })

  it('refuses a card without a name, naming file, index and field, and writes nothing', async () => {
    const folder = corruptedCopy(REAL_DATA_DIR, 'cards.json', (records) => {
      delete (records[12] as Record<string, unknown>).name
      ;(records[0] as Record<string, unknown>).text = 'Changed text that must not be stored.'
    })
    try {
      const before = await fingerprint(db)
      const attempt = importFolder(test.database, folder)
      await expect(attempt).rejects.toBeInstanceOf(ImportError)
      await expect(attempt).rejects.toThrow('cards.json[12].name: Required')
      expect(await fingerprint(db)).toEqual(before)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('rolls back everything when a reference fails after cards were written', async () => {
    const folder = corruptedCopy(REAL_DATA_DIR, 'decks.json', (records) => {
      const deck = records[3] as { cards: { stub: string }[] }
      const first = deck.cards[0]
      if (first) first.stub = 'no-such-card'
    })
    const cards = JSON.parse(readFileSync(path.join(folder, 'cards.json'), 'utf8'))
    cards[0].text = 'Changed text that must not be stored.'
    writeFileSync(path.join(folder, 'cards.json'), JSON.stringify(cards))
    try {
      const before = await fingerprint(db)
      await expect(importFolder(test.database, folder)).rejects.toThrow(
        'decks.json[3].cards[0].stub: no Legacy card no-such-card',
      )
      expect(await fingerprint(db)).toEqual(before)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('importFolder on bad folders', () => {
  let test: TestDatabase
  const folders: string[] = []
  const folderWith = (files: Record<string, unknown>) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'spellboard-import-'))
    folders.push(folder)
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(
        path.join(folder, name),
        typeof content === 'string' ? content : JSON.stringify(content),
      )
    }
    return folder
  }
  const release = {
    source_id: 1,
    stub: 'ashen-dawn',
    name: 'Ashen Dawn',
    is_phg: false,
    is_promo: false,
    is_legacy: false,
    is_retiring: false,
    is_public: true,
    designer_name: null,
    designer_url: null,
  }
  const phoenixborn = {
    name: 'Sera Emberlock',
    stub: 'sera-emberlock',
    type: 'Phoenixborn',
    life: 18,
    battlefield: 5,
    spellboard: 4,
    is_legacy: false,
    release_stub: 'ashen-dawn',
  }
  const deck = {
    source_id: 1,
    title: 'Deck',
    description: null,
    is_public: false,
    is_snapshot: false,
    source_deck_id: null,
    is_preconstructed: false,
    preconstructed_release: null,
    is_legacy: false,
    created: '2024-01-01T00:00:00+00:00',
    modified: '2024-01-01T00:00:00+00:00',
    phoenixborn: 'sera-emberlock',
    dice: [{ name: 'charm', count: 10 }],
    cards: [],
    user: null,
  }

  beforeAll(async () => {
    test = await createTestDatabase()
  })
  afterAll(async () => {
    await test.drop()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing cards.json', { 'releases.json': [release] }, 'cards.json: missing from'],
    [
      'broken JSON',
      { 'releases.json': [release], 'cards.json': '[{' },
      'cards.json: not valid JSON',
    ],
    [
      'an object instead of a list',
      { 'releases.json': {}, 'cards.json': [] },
      'releases.json: expected a JSON array',
    ],
    [
      'an unknown card type',
      { 'releases.json': [release], 'cards.json': [{ ...phoenixborn, type: 'Hero' }] },
      'cards.json[0].type: Invalid option',
    ],
    [
      'a cost entry of the wrong shape',
      { 'releases.json': [release], 'cards.json': [{ ...phoenixborn, cost: [['[[main]]']] }] },
      'cards.json[0].cost[0]',
    ],
    [
      'a repeated card',
      { 'releases.json': [release], 'cards.json': [phoenixborn, phoenixborn] },
      'cards.json[1].stub: Reborn card sera-emberlock repeats cards.json[0]',
    ],
    [
      'an unknown release',
      { 'releases.json': [release], 'cards.json': [{ ...phoenixborn, release_stub: 'nope' }] },
      'cards.json[0].release_stub: no Reborn release nope',
    ],
    [
      'a unique card of a missing Phoenixborn',
      {
        'releases.json': [release],
        'cards.json': [
          {
            ...phoenixborn,
            name: 'Ember',
            stub: 'ember',
            type: 'Action Spell',
            phoenixborn: 'Nobody',
          },
        ],
      },
      'cards.json[0].phoenixborn: no Reborn Phoenixborn named Nobody',
    ],
    [
      'a deck of an unknown player',
      {
        'releases.json': [release],
        'cards.json': [phoenixborn],
        'decks.json': [{ ...deck, user: 'ghost' }],
      },
      'decks.json[0].user: no player with badge ghost',
    ],
    [
      'a First Five card that is not in the deck',
      {
        'releases.json': [release],
        'cards.json': [phoenixborn],
        'decks.json': [{ ...deck, first_five: ['sera-emberlock'] }],
      },
      "decks.json[0].first_five[0]: sera-emberlock is not one of the deck's cards",
    ],
  ])('refuses %s', async (_, files, message) => {
    await expect(importFolder(test.database, folderWith(files))).rejects.toThrow(message)
    expect(await count(test.database.db, 'release')).toBe(0)
    expect(await count(test.database.db, 'card')).toBe(0)
  })

  it('refuses a folder that does not exist', async () => {
    await expect(importFolder(test.database, '/no/such/folder')).rejects.toThrow('no such folder')
  })
})

describe('importFolder of a changed folder', () => {
  let test: TestDatabase
  let folder = ''

  beforeAll(async () => {
    test = await createTestDatabase()
    await importFolder(test.database, DEMO_DATA_DIR)
  })
  afterAll(async () => {
    await test.drop()
    rmSync(folder, { recursive: true, force: true })
  })

  it('updates records in place and counts a changed text as errata', async () => {
    const read = () =>
      queryRows<{ stub: string; entity_id: number; version: number; text: string; title: string }>(
        test.database.db,
        sql`select card.stub, card.entity_id, card.version, card.json->>'text' as text,
                   (select title from deck where import_id = 900001) as title
            from card where not is_legacy and stub in ('quick-study', 'gentle-word') order by stub`,
      )
    const before = await read()
    folder = corruptedCopy(DEMO_DATA_DIR, 'cards.json', (records) => {
      const quickStudy = records.find(
        (record) =>
          (record as { stub: string; is_legacy: boolean }).stub === 'quick-study' &&
          !(record as { is_legacy: boolean }).is_legacy,
      ) as { text: string }
      quickStudy.text = 'Draw 2 cards.'
    })
    const decks = JSON.parse(readFileSync(path.join(folder, 'decks.json'), 'utf8'))
    decks[0].title = 'The Ember Oath, revised'
    writeFileSync(path.join(folder, 'decks.json'), JSON.stringify(decks))

    await importFolder(test.database, folder)
    const after = await read()
    expect(after).toEqual([
      { ...before[0], title: 'The Ember Oath, revised' },
      { ...before[1], version: 2, text: 'Draw 2 cards.', title: 'The Ember Oath, revised' },
    ])
    expect(await count(test.database.db, 'card')).toBe(75)
    expect(await count(test.database.db, 'deck')).toBe(14)
  })
})
