import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { CARD_SEARCH_HELP, helpSearches } from '@spellboard/core/card-query-help'
import type { Card } from '@spellboard/core/card-schemas'
import { narrowCards } from '@spellboard/core/card-text-search'
import { DICE_NAMES, type DiceName } from '@spellboard/core/cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, CURRENT_DATA_DIR, REAL_DATA_DIR, type TestApp } from '../../test/helpers.ts'
import { importFolder } from '../import/import-folder.ts'

/**
 * The card search on each real card pool imported alone (on PGlite, or PostgreSQL with
 * DATABASE_URL): every search the README's "Card search terms" section and the search box's
 * help show answers what its words promise (a new example without a check here fails the
 * test), and the card browser's narrowing while typing (`narrowCards`) finds what the API finds.
 */

type Page = { count: number; next: string | null; results: Card[] }

const README = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8')

/** The code spans of the README's section on search terms. */
function readmeSpans(): string[] {
  const start = README.indexOf('## Card search terms')
  const end = README.indexOf('\n## ', start + 1)
  const section = README.slice(start, end)
  return [...section.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string)
}

/** Code in that section that is not a search: paths, parameter names, operators, the 422. */
const NOT_SEARCHES = new Set([
  'GET /v2/cards?q=…',
  'packages/core/src/card-query.ts',
  'dice_logic=includes',
  'types',
  'dice',
  'r',
  '=',
  '<',
  '<=',
  '>',
  '>=',
])
const HELP_SEARCHES = helpSearches(CARD_SEARCH_HELP).filter((span) => !NOT_SEARCHES.has(span))
const isRefusalBody = (span: string) => span.startsWith('{"detail"')

type Pool = {
  all: (query: string) => Promise<Card[]>
  stubs: (query: string) => Promise<string[]>
  releases: { stub: string; name: string }[]
}

const q = (text: string) => `q=${encodeURIComponent(text)}`

/** Dice in a cost without either/or pairs, counted as the README says; null for other costs. */
function plainCostDice(card: Card): number | null {
  if (!(card.cost ?? []).every((entry) => typeof entry === 'string')) return null
  return ((card.cost ?? []) as string[]).reduce((sum, entry) => {
    const match = /^(\d+) \[\[([a-z]+)/.exec(entry)
    return sum + (match && DICE_NAMES.includes(match[2] as DiceName) ? Number(match[1]) : 0)
  }, 0)
}

async function sameAs(pool: Pool, search: string, listing: string) {
  const expected = await pool.stubs(listing)
  expect(expected.length, listing).toBeGreaterThan(0)
  expect(await pool.stubs(q(search)), search).toEqual(expected)
}

async function costCheck(pool: Pool, search: string, test: (dice: number) => boolean) {
  const found = new Set(await pool.stubs(q(search)))
  expect(found.size, search).toBeGreaterThan(0)
  for (const card of await pool.all('')) {
    const dice = plainCostDice(card)
    if (dice !== null) expect(found.has(card.stub), `${search}: ${card.stub}`).toBe(test(dice))
  }
}

/** What each example promises, on any pool. */
const CHECKS: Record<string, (pool: Pool) => Promise<void>> = {
  'type:ally': (pool) => sameAs(pool, 'type:ally', 'types=ally'),
  't:ally': (pool) => sameAs(pool, 't:ally', 'types=ally'),
  'type:ready': (pool) => sameAs(pool, 'type:ready', 'types=ready_spell'),
  'type:conj': async (pool) => {
    await sameAs(pool, 'type:conj', 'types=conjurations')
    const types = new Set((await pool.all(q('type:conj'))).map((card) => card.type))
    expect(types).toEqual(new Set(['Conjuration', 'Conjured Alteration Spell']))
  },
  'dice:charm': (pool) => sameAs(pool, 'dice:charm', 'dice=charm&dice_logic=includes'),
  'd:charm': (pool) => sameAs(pool, 'd:charm', 'dice=charm&dice_logic=includes'),
  'dice:basic': (pool) => sameAs(pool, 'dice:basic', 'dice=basic&dice_logic=only'),
  'release:master-set': (pool) => sameAs(pool, 'release:master-set', 'r=master-set'),
  'r:frost': async (pool) => {
    // Every expansion's name starts with "The": the term reaches the second word.
    const named = pool.releases.filter((release) => /(^|\s)frost/i.test(release.name))
    expect(named.map((release) => release.name)).toContain('The Frostdale Giants')
    const listing = named.map((release) => `r=${release.stub}`).join('&')
    await sameAs(pool, 'r:frost', listing)
  },
  'cost<=2': (pool) => costCheck(pool, 'cost<=2', (dice) => dice <= 2),
  'cost:2': (pool) => costCheck(pool, 'cost:2', (dice) => dice === 2),
  'cost=2': (pool) => costCheck(pool, 'cost=2', (dice) => dice === 2),
  'text:"draw 1 card"': async (pool) => {
    const found = await pool.all(q('text:"draw 1 card"'))
    expect(found.length).toBeGreaterThan(3)
    for (const card of found) expect(card.text?.toLowerCase()).toContain('draw 1 card')
    const missed = (await pool.all('')).filter(
      (card) =>
        card.text?.toLowerCase().includes('draw 1 card') &&
        !found.some((hit) => hit.stub === card.stub),
    )
    expect(missed).toEqual([])
  },
  '-type:ally': async (pool) => {
    const allies = new Set(await pool.stubs('types=ally'))
    const everything = await pool.stubs('')
    expect(await pool.stubs(q('-type:ally'))).toEqual(
      everything.filter((stub) => !allies.has(stub)),
    )
  },
  'type:ally or type:conj': (pool) =>
    sameAs(pool, 'type:ally or type:conj', 'types=ally&types=conjurations'),
  'colour:red': async (pool) => {
    // An unknown key is free text: the same answer as the words typed apart.
    expect(await pool.stubs(q('colour:red'))).toEqual(await pool.stubs(q('colour red')))
  },
  hamm: async (pool) => {
    const found = await pool.all(q('hamm'))
    expect(found.map((card) => card.stub)).toContain('hammer-knight')
    for (const card of found) {
      expect(`${card.name} ${card.text ?? ''}`).toMatch(/(^|[^a-z])hamm/i)
    }
  },
  summons: async (pool) => {
    // English endings aside: "summons" finds "Summon" in names and text.
    const found = await pool.stubs(q('summons'))
    expect(found).toContain('summon-iron-rhino')
    expect(found).toEqual(await pool.stubs(q('summon')))
  },
  teo: async (pool) => {
    expect(await pool.stubs(q('teo'))).toContain('three-eyed-owl')
  },
}

/** Each pool that is beside the repository (tests skip a missing one). */
const POOLS = (
  [
    ['ashes-2021', REAL_DATA_DIR],
    ['ashes-2026', CURRENT_DATA_DIR],
  ] as const
).filter(([, folder]) => existsSync(folder))

describe('the examples of the README and of the search help', () => {
  it('each has a check', () => {
    const searches = [
      ...HELP_SEARCHES,
      ...readmeSpans().filter((span) => !NOT_SEARCHES.has(span) && !isRefusalBody(span)),
    ]
    expect(searches.length).toBeGreaterThan(20)
    for (const search of searches) {
      const known = search.startsWith('q=') || search in CHECKS
      expect(known, `no check for the example ${search}`).toBe(true)
    }
  })
})

describe.skipIf(POOLS.length === 0).each(POOLS)('on %s alone', (_name, folder) => {
  let t: TestApp
  let pool: Pool

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, folder)
    const all = async (query: string) => {
      const cards: Card[] = []
      for (let offset = 0; ; offset += 100) {
        const url = `/v2/cards?${query}&limit=100&offset=${offset}`
        const response = await t.app.inject({ method: 'GET', url })
        expect(response.statusCode, url).toBe(200)
        const page = response.json() as Page
        cards.push(...page.results)
        if (!page.next) return cards
      }
    }
    const releases = (await t.app.inject({ url: '/v2/releases' })).json()
    pool = {
      all,
      stubs: async (query) => (await all(query)).map((card) => card.stub),
      releases,
    }
  }, 120_000)
  afterAll(() => t?.close())

  it.each(HELP_SEARCHES)('the help’s %s finds what it says', async (search) => {
    const check = CHECKS[search]
    expect(check, search).toBeDefined()
    await check?.(pool)
  })

  it.each(readmeSpans().filter((span) => span in CHECKS))(
    'the README’s %s finds what it says',
    async (search) => {
      await CHECKS[search]?.(pool)
    },
  )

  it('the README’s refused search answers the 422 it shows', async () => {
    const search = readmeSpans().find((span) => span.startsWith('q='))
    const body = readmeSpans().find(isRefusalBody)
    expect(search).toBeDefined()
    const response = await t.app.inject({
      url: `/v2/cards?q=${encodeURIComponent((search as string).slice(2))}`,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual(JSON.parse(body as string))
  })

  describe('narrowing while typing, as the card browser does', () => {
    /** What a player types on the way to a search, and searches of every kind. */
    const typed = (cards: Card[]) => {
      const searches = new Set([
        'summons',
        'summon',
        'teo',
        'the hammer',
        'an',
        'a',
        'the',
        '123',
        'x',
        'unit exhaust',
        'astrea',
        'mark goddess',
        "phoenixborn's",
        'co-operate',
        'hamm type:ally',
        'r:frost fire',
        'cost<=2 summon',
        'text:"draw 1 card" -type:ally',
        'type:conj or type:ready spell',
        'colour:red',
      ])
      // Every name letter by letter for a few cards, and a part of every other name.
      cards.forEach((card, index) => {
        const name = card.name.toLowerCase()
        if (index % 60 === 0) {
          for (let end = 1; end <= name.length; end++) searches.add(name.slice(0, end))
        } else if (index % 4 === 0) {
          searches.add(name.split(' ').at(-1)?.slice(0, 4) ?? name)
        }
      })
      return [...searches]
    }

    it('finds what the API finds, search by search', async () => {
      const cards = await pool.all('')
      let compared = 0
      for (const search of typed(cards)) {
        const narrowed = narrowCards(cards, search)
        if (narrowed === null) continue
        compared++
        expect(
          narrowed.map((card) => card.stub),
          search,
        ).toEqual(await pool.stubs(q(search)))
      }
      expect(compared).toBeGreaterThan(100)
    }, 120_000)

    it('leaves to the API what it cannot tell: phrases and dice terms', async () => {
      const cards = await pool.all('')
      expect(narrowCards(cards, '"draw 1"')).toBeNull()
      expect(narrowCards(cards, 'dice:charm hamm')).toBeNull()
      expect(narrowCards(cards, 'cost<=x')).toBeNull()
    })
  })
})
