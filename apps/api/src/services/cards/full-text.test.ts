import { describe, expect, it } from 'vitest'
import { parseTextQuery } from './full-text.ts'

describe('parseTextQuery', () => {
  it.each([
    ['hamm', 'hamm:*', 'hamm'],
    ['Hammer Knight', 'hammer:* & knight:*', null],
    ['knight hammer', 'knight:* & hammer:*', null],
    ['"hammer knight"', '(hammer <-> knight:*)', null],
    ['"three eyed" owl', '(three <-> eyed:*) & owl:*', null],
    ['Three-Eyed Owl', 'three:* & eyed:* & owl:*', null],
    ["rin's fury", 'rins:* & fury:*', null],
    ['fire&ice: now', 'fire:* & ice:* & now:*', null],
    ['"unclosed phrase', '(unclosed <-> phrase:*)', null],
    ['"single"', 'single:*', null],
    ['teo', 'teo:*', 'teo'],
    ['x', 'x:*', null],
    ['  spaced\tout\n', 'spaced:* & out:*', null],
    ["'); drop table card; --", 'drop:* & table:* & card:*', null],
  ])('%j → %s', (q, tsquery, initials) => {
    expect(parseTextQuery(q)).toEqual({ kind: 'match', tsquery, initials })
  })

  it.each([[''], ['   '], [undefined]])('ignores a blank query (%j)', (q) => {
    expect(parseTextQuery(q)).toBeNull()
  })

  it.each([['123'], ['!!!'], ['""'], ['- & :'], ['ÉÀ']])(
    'matches nothing when nothing searchable is left (%j)',
    (q) => {
      expect(parseTextQuery(q)).toEqual({ kind: 'nothing' })
    },
  )

  it('bounds the work a huge query can cause', () => {
    const parsed = parseTextQuery(`${'word '.repeat(10_000)}${'a'.repeat(100_000)}`)
    expect(parsed?.kind).toBe('match')
    const tsquery = parsed?.kind === 'match' ? parsed.tsquery : ''
    expect(tsquery.split('&')).toHaveLength(16)
    expect(tsquery.length).toBeLessThan(200)
  })
})
