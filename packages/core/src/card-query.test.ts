import { describe, expect, it } from 'vitest'
import {
  type CardQueryErrorKind,
  type CardTerm,
  cardQueryErrorMessage,
  cardQueryIssue,
  cardTypesByPrefix,
  freeText,
  hasTerms,
  parseCardQuery,
  releaseMatches,
  termGroups,
} from './card-query.ts'
import { LIMITS } from './limits.ts'

function parsed(q: string) {
  const result = parseCardQuery(q)
  if (!result.ok) throw new Error(`${q} failed: ${cardQueryErrorMessage(result.error)}`)
  return result.query
}

const type = (value: string, ...types: string[]): CardTerm =>
  ({ key: 'type', negated: false, value, types }) as CardTerm
const not = (term: CardTerm): CardTerm => ({ ...term, negated: true })
const dice = (value: string): CardTerm => ({ key: 'dice', negated: false, value }) as CardTerm
const release = (value: string): CardTerm => ({ key: 'release', negated: false, value })
const text = (value: string): CardTerm => ({ key: 'text', negated: false, value })
const cost = (operator: string, value: number): CardTerm =>
  ({ key: 'cost', negated: false, operator, value }) as CardTerm

describe('free text stays exactly as typed', () => {
  it.each([
    '',
    ' ',
    'summon',
    'hammer knight',
    '  fire  bolt ',
    'summon\tbutterfly\nmonk',
    '"fire bolt"',
    '"unclosed phrase',
    'stray " quote',
    'foo:bar',
    'typo:ally',
    'c:3',
    'r2:d2',
    'release-date:2020',
    'cost',
    'cost 2',
    'cost2',
    '-fire',
    '-"quoted"',
    '--type:ally',
    '!type:ally',
    'fire or ice',
    'or',
    'type ally',
    '"type:ally"',
    'a"type:ally b"',
    'Jericho, Reborn',
    'naïve café 🔥',
    'http://example.org/x',
    '123',
    '&:-',
  ])('%j', (q) => {
    const query = parsed(q)
    expect(hasTerms(query)).toBe(false)
    expect(freeText(query)).toBe(q)
  })
})

describe('each term', () => {
  it.each<[string, CardTerm]>([
    ['type:ally', type('ally', 'Ally')],
    ['t:ready', type('ready', 'Ready Spell')],
    ['type:conj', type('conj', 'Conjuration', 'Conjured Alteration Spell')],
    ['type:conjured', type('conjured', 'Conjured Alteration Spell')],
    ['type:conjuration', type('conjuration', 'Conjuration')],
    ['TYPE:Ally', type('Ally', 'Ally')],
    ['type:ready_spell', type('ready_spell', 'Ready Spell')],
    ['type:Ready-Spell', type('Ready-Spell', 'Ready Spell')],
    ['type:"ready  spell"', type('ready spell', 'Ready Spell')],
    ['type:a', type('a', 'Ally', 'Alteration Spell', 'Action Spell')],
    ['type:p', type('p', 'Phoenixborn')],
    ['dice:charm', dice('charm')],
    ['d:Time', dice('time')],
    ['dice:ASTRAL', dice('astral')],
    ['dice:basic', dice('basic')],
    ['release:master-set', release('master-set')],
    ['r:Master', release('Master')],
    ['r:"the frostdale"', release('the frostdale')],
    ['text:damage', text('damage')],
    ['TEXT:"deal 2 damage"', text('deal 2 damage')],
    ['text:"  spaced \t out "', text('spaced out')],
    ['text:"unclosed to the end', text('unclosed to the end')],
    ['text:naïve', text('naïve')],
    ['cost=2', cost('=', 2)],
    ['cost:3', cost('=', 3)],
    ['cost<2', cost('<', 2)],
    ['cost<=2', cost('<=', 2)],
    ['cost>2', cost('>', 2)],
    ['COST>=007', cost('>=', 7)],
    ['cost<=0', cost('<=', 0)],
    ['-type:ally', not(type('ally', 'Ally'))],
    ['-d:charm', not(dice('charm'))],
    ['-cost>2', not(cost('>', 2))],
    ['-text:"a b"', not(text('a b'))],
  ])('%s', (q, term) => {
    const query = parsed(q)
    expect(query.parts).toEqual([{ kind: 'terms', anyOf: [term] }])
    expect(freeText(query)).toBe('')
  })
})

describe('terms, or and free text together', () => {
  it.each<[string, CardTerm[][], string]>([
    ['fire type:ally', [[type('ally', 'Ally')]], 'fire'],
    ['type:ally fire dice:charm bolt', [[type('ally', 'Ally')], [dice('charm')]], 'fire bolt'],
    [
      'type:ally or type:conj',
      [[type('ally', 'Ally'), type('conj', 'Conjuration', 'Conjured Alteration Spell')]],
      '',
    ],
    ['d:charm or d:time OR d:astral', [[dice('charm'), dice('time'), dice('astral')]], ''],
    [
      'type:ally dice:charm or dice:time cost<=2',
      [[type('ally', 'Ally')], [dice('charm'), dice('time')], [cost('<=', 2)]],
      '',
    ],
    ['-type:ally or -dice:time', [[not(type('ally', 'Ally')), not(dice('time'))]], ''],
    ['type:ally or fire', [[type('ally', 'Ally')]], 'or fire'],
    ['fire or type:ally', [[type('ally', 'Ally')]], 'fire or'],
    ['type:ally or or dice:time', [[type('ally', 'Ally')], [dice('time')]], 'or or'],
    ['or type:ally or', [[type('ally', 'Ally')]], 'or or'],
    ['"fire type:ally" dice:charm', [[dice('charm')]], '"fire type:ally"'],
    ['dice:charm "open phrase type:ally', [[dice('charm')]], '"open phrase type:ally'],
    ['dice:charm -fire foo:bar', [[dice('charm')]], '-fire foo:bar'],
    ['  dice:charm\n\tsummon  ', [[dice('charm')]], 'summon'],
  ])('%j', (q, groups, free) => {
    const query = parsed(q)
    expect(termGroups(query)).toEqual(groups)
    expect(freeText(query)).toBe(free)
  })

  it('keeps the order typed', () => {
    expect(parsed('fire t:ally bolt').parts).toEqual([
      { kind: 'text', text: 'fire' },
      { kind: 'terms', anyOf: [type('ally', 'Ally')] },
      { kind: 'text', text: 'bolt' },
    ])
  })
})

describe('a known key with a bad value names the term', () => {
  it.each<[string, CardQueryErrorKind, string]>([
    ['cost<=x', 'bad_number', 'cost<=x'],
    ['cost<=', 'missing_value', 'cost<='],
    ['cost>-1', 'bad_number', 'cost>-1'],
    ['cost=1.5', 'bad_number', 'cost=1.5'],
    ['cost=1234567890', 'bad_number', 'cost=1234567890'],
    ['type:zzz', 'unknown_type', 'type:zzz'],
    ['t:spell', 'unknown_type', 't:spell'],
    ['type:-', 'unknown_type', 'type:-'],
    ['type:', 'missing_value', 'type:'],
    ['type:""', 'missing_value', 'type:""'],
    ['text:"   "', 'missing_value', 'text:"   "'],
    ['r:', 'missing_value', 'r:'],
    ['dice:fire', 'unknown_die', 'dice:fire'],
    ['dice:char', 'unknown_die', 'dice:char'],
    ['type=ally', 'bad_operator', 'type=ally'],
    ['dice>charm', 'bad_operator', 'dice>charm'],
    ['text:"a"b', 'misplaced_quote', 'text:"a"b'],
    ['text:a"b c"', 'misplaced_quote', 'text:a"b c"'],
    ['-type:zzz', 'unknown_type', '-type:zzz'],
    ['fire cost<=x type:zzz', 'bad_number', 'cost<=x'],
    ['type:állý', 'unknown_type', 'type:állý'],
  ])('%j', (q, kind, term) => {
    const result = parseCardQuery(q)
    expect(result).toEqual({ ok: false, error: { kind, term } })
    if (!result.ok) expect(cardQueryErrorMessage(result.error)).toContain(`'${term}'`)
  })

  it('checks releases when it is given them, by the start of a word of a name or stub', () => {
    const releases = [
      { stub: 'master-set', name: 'Master Set' },
      { stub: 'the-frostdale-giants', name: 'The Frostdale Giants' },
    ]
    for (const q of [
      'r:master-set',
      'r:master',
      'release:"the frost"',
      'r:THE-FROSTDALE-GIANTS',
      'r:frost',
    ]) {
      expect(parseCardQuery(q, { releases }).ok).toBe(true)
    }
    expect(parseCardQuery('fire r:zzz', { releases })).toEqual({
      ok: false,
      error: { kind: 'unknown_release', term: 'r:zzz' },
    })
    expect(parseCardQuery('r:zzz').ok).toBe(true)
  })

  it(`allows ${LIMITS.searchTerms} terms and names the one past them`, () => {
    const terms = Array.from({ length: LIMITS.searchTerms }, (_, i) => `cost>=${i}`)
    expect(parseCardQuery(terms.join(' ')).ok).toBe(true)
    expect(parseCardQuery([...terms, 'fire', 'd:time'].join(' '))).toEqual({
      ok: false,
      error: { kind: 'too_many_terms', term: 'd:time' },
    })
  })

  it('gives the API its 422 item', () => {
    const result = parseCardQuery('fire cost<=x')
    if (result.ok) throw new Error('expected an error')
    expect(cardQueryIssue(result.error, 'fire cost<=x')).toEqual({
      type: 'value_error',
      loc: ['query', 'q'],
      msg: "Search term 'cost<=x' needs a whole number of dice",
      input: 'fire cost<=x',
      ctx: { term: 'cost<=x' },
    })
  })

  it.each<[CardQueryErrorKind, string]>([
    ['missing_value', "Search term 'x' needs a value"],
    ['bad_operator', "Search term 'x' must use ':' (only cost compares with =, <, <=, > or >=)"],
    ['misplaced_quote', "Search term 'x' has a stray quote; put quotes around the whole value"],
    [
      'unknown_type',
      "Search term 'x' names no card type (phoenixborn, readyspell, ally, alterationspell, actionspell, reactionspell, conjuration, conjuredalterationspell)",
    ],
    [
      'unknown_die',
      "Search term 'x' names no dice type (ceremonial, charm, illusion, natural, divine, sympathy, time, artifice, astral, basic)",
    ],
    ['bad_number', "Search term 'x' needs a whole number of dice"],
    ['too_many_terms', `Search term 'x' is one too many: at most ${LIMITS.searchTerms} terms`],
    ['unknown_release', "Search term 'x' names no release"],
  ])('%s reads %j', (kind, message) => {
    expect(cardQueryErrorMessage({ kind, term: 'x' })).toBe(message)
  })

  it('shortens a very long term in the message', () => {
    const term = `text:"${'é'.repeat(500)}`
    const message = cardQueryErrorMessage({ kind: 'misplaced_quote', term })
    expect(message).toContain(`'text:"${'é'.repeat(54)}…'`)
    expect(message.length).toBeLessThan(200)
  })
})

describe('bounded work on hostile input', () => {
  it.each([
    ['a run of quotes', '"'.repeat(200_000)],
    ['a run of dashes', '-'.repeat(200_000)],
    ['many short words', 'a '.repeat(100_000)],
    ['one long word', 'x'.repeat(200_000)],
    ['keys without values', 'type:'.repeat(40_000)],
    ['colons', ':'.repeat(200_000)],
  ])('%s', (_, q) => {
    const result = parseCardQuery(q)
    if (result.ok) expect(freeText(result.query)).toBe(q)
    else expect(result.error.term.length).toBeLessThanOrEqual(q.length)
  })

  it('names a long bad type value', () => {
    const q = `type:${'a'.repeat(100_000)}`
    expect(parseCardQuery(q)).toEqual({ ok: false, error: { kind: 'unknown_type', term: q } })
  })
})

describe('helpers', () => {
  it.each([
    ['', []],
    ['_', []],
    ['Reaction', ['Reaction Spell']],
    ['conjured alteration', ['Conjured Alteration Spell']],
  ])('type prefix %j', (value, types) => expect(cardTypesByPrefix(value)).toEqual(types))

  it.each([
    ['master-set', true],
    ['Master', true],
    ['master set', true],
    ['  master   set ', true],
    ['set', true],
    ['master-', true],
    ['aster', false],
    ['sets', false],
    ['master-sets', false],
    ['-', false],
    ['', false],
  ])('release %j names the Master Set: %s', (value, expected) => {
    expect(releaseMatches(value, { stub: 'master-set', name: 'Master Set' })).toBe(expected)
  })

  it.each([
    ['frost', true],
    ['Frostdale', true],
    ['giants', true],
    ['frostdale giants', true],
    ['frostdale-giants', true],
    ['the frost', true],
    ['rost', false],
    ['dale', false],
    ['frostdalegiants', false],
  ])('release %j names The Frostdale Giants: %s', (value, expected) => {
    const release = { stub: 'the-frostdale-giants', name: 'The Frostdale Giants' }
    expect(releaseMatches(value, release)).toBe(expected)
  })

  it.each([
    ['oceans', true],
    ["ocean's", true],
    ['guard', true],
    ['s guard', false],
  ])("release %j names The Ocean's Guard: %s", (value, expected) => {
    const release = { stub: 'the-oceans-guard', name: "The Ocean's Guard" }
    expect(releaseMatches(value, release)).toBe(expected)
  })
})
