import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDeck, get, putDeck } from '../../test/deck-fixtures.ts'
import {
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { importFolder } from '../import/import-folder.ts'

type Deck = Record<string, unknown> & { id: number; cards: { stub: string }[] }

describe.skipIf(!existsSync(REAL_DATA_DIR))('decks on the 2021 data set', () => {
  let t: TestApp
  let player: TestUser

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
    player = await createTestUser(t)
  })
  afterAll(() => t.close())

  it('lists the Reborn and Legacy preconstructed decks', async () => {
    const reborn = await get(t, '/v2/decks?limit=100')
    expect(reborn.body.count).toBe(6)
    const titles = (reborn.body.results as { title: string }[]).map((deck) => deck.title)
    expect(titles).toContain('The Mist Guardian')
    expect((await get(t, '/v2/decks?show_legacy=true&limit=100')).body.count).toBe(26)
    expect((await get(t, '/v2/decks?show_preconstructed=true')).body.count).toBe(6)
    expect((await get(t, '/v2/decks?phoenixborn=aradel-summergaard')).body.count).toBe(1)
    expect((await get(t, '/v2/decks?q=mist%20guard')).body.count).toBe(1)
  })

  it('follows conjuration chains', async () => {
    const deck = (
      await putDeck(t, player, {
        phoenixborn: 'aradel-summergaard',
        cards: [
          { stub: 'summon-salamander-monk', count: 1 },
          { stub: 'summon-indiglow-creeper', count: 1 },
        ],
      })
    ).json() as Deck & { conjurations: { stub: string; count: number }[] }
    const stubs = deck.conjurations.map((card) => card.stub)
    expect(stubs).toEqual(
      expect.arrayContaining([
        'brilliant-thorn',
        'indiglow-creeper',
        'luminous-seedling',
        'salamander-monk',
        'salamander-monk-spirit',
      ]),
    )
    expect(new Set(stubs).size).toBe(stubs.length)
    expect(stubs).toEqual([...stubs].sort())
    expect(deck.conjurations.find((card) => card.stub === 'salamander-monk')?.count).toBe(2)
  })

  // The Breaker of Fate (time dice) came after this data set: a missing box adds nothing.
  it('names the releases a deck needs, dice boxes included', async () => {
    const id = await createDeck(t, player, {
      phoenixborn: 'aradel-summergaard',
      dice: [
        { name: 'divine', count: 3 },
        { name: 'sympathy', count: 3 },
        { name: 'time', count: 4 },
      ],
      cards: [{ stub: 'summon-salamander-monk', count: 2 }],
    })
    const { body } = await get(t, `/v2/decks/${id}?show_saved=true`, player)
    expect((body.releases as { stub: string }[]).map((release) => release.stub)).toEqual([
      'master-set',
      'the-law-of-lions',
      'the-song-of-soaksend',
    ])
    // The 2021 data ties no Reborn precon to its release (data README quirk 2).
    expect(
      (body.releases as { preconstructed_deck_id: unknown }[]).every(
        (release) => release.preconstructed_deck_id === null,
      ),
    ).toBe(true)
  })

  it('reads Legacy precons with their Legacy cards', async () => {
    const legacy = await get(t, '/v2/decks?show_legacy=true&q=mist%20guardian')
    const [listed] = legacy.body.results as Deck[]
    const { body } = await get(t, `/v2/decks/${listed?.id}?full_cards=true`)
    const deck = body.deck as { is_legacy: unknown; cards: Record<string, unknown>[] }
    expect(deck.is_legacy).toBe(true)
    expect(deck.cards.every((card) => card.is_legacy === true)).toBe(true)
    expect((body.releases as { is_legacy: boolean }[]).every((release) => release.is_legacy)).toBe(
      true,
    )
  })
})
