import { existsSync } from 'node:fs'
import type { Card } from '@spellboard/core/card-schemas'
import { DICE_NAMES, type DiceName } from '@spellboard/core/cards'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, REAL_DATA_DIR, type TestApp } from '../../test/helpers.ts'
import { importFolder } from '../import/import-folder.ts'

type Page = { count: number; next: string | null; results: Card[] }
type Refusal = {
  detail: { type: string; loc: string[]; msg: string; input: string; ctx: object }[]
}

/**
 * The search language in `GET /v2/cards` `q` (issue 22), on PGlite or, with DATABASE_URL, on
 * PostgreSQL. Each term is checked against the filter parameter or card field it mirrors.
 */
describe.skipIf(!existsSync(REAL_DATA_DIR))('GET /v2/cards q with search terms', () => {
  let t: TestApp
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/v2/cards${query}` })
  /** Every result of a query, read 100 at a time. */
  const all = async (query: string) => {
    const cards: Card[] = []
    for (let offset = 0; ; offset += 100) {
      const response = await get(`?${query}&limit=100&offset=${offset}`)
      expect(response.statusCode).toBe(200)
      const page = response.json() as Page
      cards.push(...page.results)
      if (!page.next) return cards
    }
  }
  const q = (text: string, rest = '') => `q=${encodeURIComponent(text)}${rest}`
  const stubs = async (query: string) => (await all(query)).map((card) => card.stub)
  const everything = () => stubs('')
  const minus = (a: string[], b: string[]) => a.filter((stub) => !b.includes(stub))

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
  })
  afterAll(async () => {
    await t.close()
  })

  describe('each term', () => {
    it('type: and t: match type names without spaces, by prefix', async () => {
      const allies = await stubs('types=ally')
      expect(allies.length).toBeGreaterThan(40)
      expect(await stubs(q('type:ally'))).toEqual(allies)
      expect(await stubs(q('t:Ally'))).toEqual(allies)
      expect(await stubs(q('type:ready'))).toEqual(await stubs('types=ready_spell'))
      const conjurations = await all(q('type:conj'))
      expect(new Set(conjurations.map((card) => card.type))).toEqual(
        new Set(['Conjuration', 'Conjured Alteration Spell']),
      )
      expect(conjurations.map((card) => card.stub)).toEqual(await stubs('types=conjurations'))
    })

    it('dice: and d: are the includes dice filter; dice:basic needs no magic type', async () => {
      const charm = await stubs('dice=charm&dice_logic=includes')
      expect(charm.length).toBeGreaterThan(10)
      expect(await stubs(q('dice:charm'))).toEqual(charm)
      expect(await stubs(q('d:CHARM'))).toEqual(charm)
      expect(await stubs(q('dice:basic'))).toEqual(await stubs('dice=basic&dice_logic=only'))
    })

    it('release: and r: take the start of any word of a release name or stub', async () => {
      const master = await stubs('r=master-set')
      expect(master).toHaveLength(78)
      expect(await stubs(q('release:master-set'))).toEqual(master)
      expect(await stubs(q('r:"Master Set"'))).toEqual(master)
      // "mast" starts a word of the Master Set and of The Masters of Gravity.
      expect(await stubs(q('r:mast'))).toEqual(await stubs('r=master-set&r=the-masters-of-gravity'))
      expect(await stubs(q('r:gravity'))).toEqual(await stubs('r=the-masters-of-gravity'))
      const the = await all(q('release:the'))
      expect(the).toHaveLength(284 - 78)
      for (const card of the) expect(card.release.name).toMatch(/^The /)
    })

    it('cost compares the dice in the play cost with =, <, <=, >, >=', async () => {
      const dice = (card: Card) =>
        (card.cost ?? []).reduce((sum, entry) => {
          const match = typeof entry === 'string' ? /^(\d+) \[\[([a-z]+)/.exec(entry) : null
          const isDie = DICE_NAMES.includes(match?.[2] as DiceName)
          return sum + (match && isDie ? Number(match[1]) : 0)
        }, 0)
      const counts = new Map<string, number>()
      for (const card of await all('')) {
        if ((card.cost ?? []).every((entry) => typeof entry === 'string')) {
          counts.set(card.stub, dice(card))
        }
      }
      const check = async (text: string, test: (n: number) => boolean) => {
        const found = await stubs(q(text))
        expect(found.length).toBeGreaterThan(0)
        for (const [stub, n] of counts) expect(found.includes(stub)).toBe(test(n))
      }
      await check('cost<=2', (n) => n <= 2)
      await check('cost<2', (n) => n < 2)
      await check('cost=3', (n) => n === 3)
      await check('cost:3', (n) => n === 3)
      await check('cost>2', (n) => n > 2)
      await check('cost>=4', (n) => n >= 4)
      expect(await stubs(q('cost=0'))).toContain('iron-rhino')
    })

    it('text:"…" finds a phrase in the card text', async () => {
      expect(await stubs(q('text:"aftershock 1"'))).toEqual(['hammer-knight'])
      const found = await all(q('text:"draw 1 card"'))
      expect(found.length).toBeGreaterThan(3)
      for (const card of found) expect(card.text?.toLowerCase()).toContain('draw 1 card')
    })
  })

  describe('combining', () => {
    it('- negates any term', async () => {
      const total = await everything()
      expect(await stubs(q('-type:ally'))).toEqual(minus(total, await stubs('types=ally')))
      expect(await stubs(q('-cost<=2'))).toEqual(await stubs(q('cost>2')))
      expect(await stubs(q('-r:master-set'))).toEqual(minus(total, await stubs('r=master-set')))
    })

    it('or joins two terms; other terms and the free text combine with and', async () => {
      const either = await stubs(q('type:ally or type:phoenixborn'))
      expect(either).toEqual(await stubs('types=ally&types=phoenixborn'))
      const both = await all(q('type:ally dice:charm cost<=2'))
      expect(both.length).toBeGreaterThan(0)
      for (const card of both) expect(card.type).toBe('Ally')
      expect(await stubs(q('hamm type:ally'))).toEqual(['hammer-knight'])
      expect(await stubs(q('hamm -type:ally'))).toEqual([])
    })

    it('combines with the other parameters, sort and paging', async () => {
      const mixed = await all(q('dice:natural', '&types=ally&r=master-set&sort=cost&order=desc'))
      expect(mixed.map((card) => card.stub)).toContain('hammer-knight')
      for (const card of mixed) {
        expect(card.type).toBe('Ally')
        expect(card.release.stub).toBe('master-set')
      }
      const first = (await get(`?${q('type:ally')}&limit=5`)).json() as Page
      expect(first.count).toBe((await stubs('types=ally')).length)
      expect(first.results).toHaveLength(5)
      expect(first.next).toContain('q=type%3Aally')
    })
  })

  describe('errors and free text', () => {
    it.each([
      ['cost<=x', 'cost<=x'],
      ['type:zzz', 'type:zzz'],
      ['d:plasma', 'd:plasma'],
      ['hamm release:nowhere', 'release:nowhere'],
      ['type:', 'type:'],
      ['type<ally', 'type<ally'],
    ])('%j answers 422 naming the term', async (text, term) => {
      const response = await get(`?${q(text)}`)
      expect(response.statusCode).toBe(422)
      const [issue, ...rest] = (response.json() as Refusal).detail
      expect(rest).toEqual([])
      expect(issue).toMatchObject({ loc: ['query', 'q'], input: text, ctx: { term } })
      expect(issue?.msg).toContain(`'${term}'`)
    })

    it('reads an unknown word: as free text, and text without terms as before', async () => {
      expect(await stubs(q('colour:red'))).toEqual(await stubs(q('colour red')))
      expect(await stubs(q('hammer or knight'))).toEqual(['hammer-knight'])
      expect(await stubs(q('-hammer'))).toEqual(await stubs(q('hammer')))
    })
  })
})
