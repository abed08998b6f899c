import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type CardQuery,
  type CardTerm,
  freeText,
  hasTerms,
  parseCardQuery,
  termGroups,
} from './card-query.ts'
import {
  renderCardQuery,
  renderTerm,
  selectedByTerms,
  selectedReleases,
  toggleDie,
  toggleRelease,
  toggleTypes,
  typeTerms,
} from './card-query-edit.ts'
import { CARD_TYPES, DICE_NAMES } from './cards.ts'

function parsed(q: string): CardQuery {
  const result = parseCardQuery(q)
  if (!result.ok) throw new Error(`${q} failed: ${result.error.kind}`)
  return result.query
}

const MASTER = { stub: 'master-set', name: 'Master Set' }
const FROSTDALE = { stub: 'the-frostdale-giants', name: 'The Frostdale Giants' }
const FROSTDALE_LEGACY = { stub: 'the-frostdale-giants', name: 'The Frostdale Giants (Legacy)' }

describe('rendering', () => {
  it.each([
    ['fire t:ally bolt', 'fire type:ally bolt'],
    [
      'd:charm or r:"master  set" OR -text:"2 damage"',
      'dice:charm or release:"master set" or -text:"2 damage"',
    ],
    ['COST:2 cost>=3 -cost<1', 'cost=2 cost>=3 -cost<1'],
    ['  spaced   t:ally  ', 'spaced type:ally'],
    ['text:"open to the end', 'text:"open to the end"'],
    ['"fire bolt" d:time', '"fire bolt" dice:time'],
  ])('%j → %j', (q, text) => expect(renderCardQuery(parsed(q))).toBe(text))

  it.each(['', '  fire  ', 'foo:bar "open', 'a\tb\nc'])('%j without terms, byte for byte', (q) =>
    expect(renderCardQuery(parsed(q))).toBe(q),
  )

  it('closes an open quote that terms follow, and keeps a lone or from joining groups', () => {
    const open = toggleDie(parsed('fire "open phrase'), 'charm')
    expect(renderCardQuery(open)).toBe('fire "open phrase" dice:charm')
    expect(renderCardQuery(toggleDie(parsed('  fire  '), 'time'))).toBe('fire dice:time')
    expect(freeText(parsed(renderCardQuery(open)))).toBe('fire "open phrase"')

    const lone: CardQuery = {
      parts: [...parsed('d:time').parts, { kind: 'text', text: 'or' }, ...parsed('d:charm').parts],
    }
    expect(renderCardQuery(lone)).toBe('dice:time "or" dice:charm')
    expect(parsed(renderCardQuery(lone)).parts).toEqual([
      lone.parts[0],
      { kind: 'text', text: '"or"' },
      lone.parts[2],
    ])
  })

  it('drops quotes a value cannot hold', () => {
    const term: CardTerm = { key: 'text', negated: false, value: 'say "hi" now' }
    expect(renderTerm(term)).toBe('text:"say hi now"')
  })
})

describe('chips', () => {
  it.each<[string, ReturnType<typeof selectedByTerms>]>([
    ['', { types: [], dice: [], releases: [] }],
    ['fire', { types: [], dice: [], releases: [] }],
    [
      't:ally or t:conj d:charm r:master',
      {
        types: ['Ally', 'Conjuration', 'Conjured Alteration Spell'],
        dice: ['charm'],
        releases: ['master'],
      },
    ],
    ['-t:ally -d:charm', { types: [], dice: [], releases: [] }],
    ['t:ally or d:charm', { types: [], dice: [], releases: [] }],
    ['t:ally or -t:conj', { types: [], dice: [], releases: [] }],
    [
      't:a d:time d:time',
      { types: ['Ally', 'Alteration Spell', 'Action Spell'], dice: ['time'], releases: [] },
    ],
  ])('%j lights %j', (q, selection) => expect(selectedByTerms(parsed(q))).toEqual(selection))

  it('finds the releases a term names', () => {
    const query = parsed('r:the-frostdale-giants or r:zzz')
    expect(selectedReleases(query, [MASTER, FROSTDALE])).toEqual(['the-frostdale-giants'])
    expect(selectedReleases(parsed('r:"the frost"'), [MASTER, FROSTDALE_LEGACY])).toEqual([
      'the-frostdale-giants',
    ])
  })

  it.each([
    [['Ally'], 'type:ally'],
    [['Conjuration', 'Conjured Alteration Spell'], 'type:conjur'],
    [
      ['Alteration Spell', 'Conjured Alteration Spell'],
      'type:alterationspell type:conjuredalterationspell',
    ],
    [['Ally', 'Alteration Spell', 'Action Spell'], 'type:a'],
    [['Ally', 'Action Spell'], 'type:ally type:actionspell'],
  ] as const)('type terms for %j', (types, text) =>
    expect(typeTerms(types).map(renderTerm).join(' ')).toBe(text),
  )

  it.each<[string, readonly (typeof CARD_TYPES)[number][], string]>([
    ['fire', ['Ally'], 'fire type:ally'],
    ['fire type:ally', ['Ally'], 'fire'],
    ['t:ally fire', ['Action Spell'], 'type:ally or type:actionspell fire'],
    ['t:ally or t:conj', ['Conjuration', 'Conjured Alteration Spell'], 'type:ally'],
    [
      't:conjuration',
      ['Conjuration', 'Conjured Alteration Spell'],
      'type:conjuration or type:conjuredalterationspell',
    ],
    ['t:a', ['Ally'], 'type:alterationspell or type:actionspell'],
    ['-t:ally', ['Ally'], '-type:ally type:ally'],
    ['t:ally or d:time', ['Ally'], 'type:ally or dice:time type:ally'],
  ])('%j with the %j chip clicked: %j', (q, types, text) => {
    const after = toggleTypes(parsed(q), types)
    expect(renderCardQuery(after)).toBe(text)
    expect(parsed(text)).toEqual(after)
  })

  it('toggles dice and releases', () => {
    expect(renderCardQuery(toggleDie(parsed('d:charm fire'), 'time'))).toBe(
      'dice:charm or dice:time fire',
    )
    expect(renderCardQuery(toggleDie(parsed('d:charm or d:time fire'), 'charm'))).toBe(
      'dice:time fire',
    )
    expect(renderCardQuery(toggleDie(parsed('d:charm'), 'charm'))).toBe('')
    expect(renderCardQuery(toggleRelease(parsed('fire'), MASTER))).toBe('fire release:master-set')
    expect(renderCardQuery(toggleRelease(parsed('r:master or r:the'), MASTER))).toBe('release:the')
  })
})

/** Pieces that exercise every rule of the grammar, joined by varied whitespace. */
const piece = fc.oneof(
  fc.constantFrom(
    'type:ally',
    't:conj',
    '-t:ready',
    'd:charm',
    '-dice:basic',
    'r:master',
    'release:"the frost"',
    'text:damage',
    'text:"two words"',
    'cost<=2',
    'cost:3',
    '-cost>1',
    'or',
    'OR',
    '-',
    '"',
    'a"b',
    'fire',
    'foo:bar',
    '-word',
    '"quoted phrase"',
    'x:"y z"',
    'naïve',
    '🔥',
    'cost',
    'type:',
  ),
  fc.string({ maxLength: 6 }),
)
const separator = fc.constantFrom(' ', '  ', '\t', '\n', ' \u00a0')
const queryText = fc
  .array(fc.tuple(separator, piece), { maxLength: 12 })
  .map((pairs) => pairs.map(([space, text]) => space + text).join(''))

describe('properties', () => {
  it('a query without terms is its own free text and its own rendering', () => {
    fc.assert(
      fc.property(queryText, (q) => {
        const result = parseCardQuery(q)
        if (!result.ok || hasTerms(result.query)) return
        expect(freeText(result.query)).toBe(q)
        expect(renderCardQuery(result.query)).toBe(q)
      }),
      { numRuns: 2000 },
    )
  })

  it('the rendering reads back as the same query', () => {
    fc.assert(
      fc.property(queryText, (q) => {
        const result = parseCardQuery(q)
        if (!result.ok) return
        expect(parseCardQuery(renderCardQuery(result.query))).toEqual(result)
      }),
      { numRuns: 2000 },
    )
  })

  it('chip clicks always give text that reads back as the clicked query', () => {
    const click = fc.oneof(
      fc
        .subarray([...CARD_TYPES], { minLength: 1 })
        .map((types) => (query: CardQuery) => toggleTypes(query, types)),
      fc.constantFrom(...DICE_NAMES).map((die) => (query: CardQuery) => toggleDie(query, die)),
      fc
        .constantFrom(MASTER, FROSTDALE)
        .map((release) => (query: CardQuery) => toggleRelease(query, release)),
    )
    fc.assert(
      fc.property(queryText, fc.array(click, { maxLength: 4 }), (q, clicks) => {
        const result = parseCardQuery(q)
        if (!result.ok) return
        const after = clicks.reduce((query, apply) => apply(query), result.query)
        const again = parseCardQuery(renderCardQuery(after))
        expect(again.ok).toBe(true)
        if (again.ok) {
          expect(termGroups(again.query)).toEqual(termGroups(after))
          // Quotes may be added (an open one closed, a lone `or` quoted): same words searched.
          const words = (query: CardQuery) => freeText(query).replace(/"/g, '').split(/\s+/)
          expect(words(again.query).filter(Boolean)).toEqual(words(after).filter(Boolean))
        }
      }),
      { numRuns: 1000 },
    )
  })
})
