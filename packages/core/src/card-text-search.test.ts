import { describe, expect, it } from 'vitest'
import { narrowCards, readTextSearch } from './card-text-search.ts'

const card = (name: string, text = '', extra: Record<string, unknown> = {}) => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type: 'Ally',
  release: { name: 'Master Set', stub: 'master-set' },
  text,
  ...extra,
})

const CARDS = [
  card('Hammer Knight', 'Aftershock 1: deal 1 damage.'),
  card('Summon Iron Rhino', "Place an [[Iron Rhino]] conjuration. Summon's cost."),
  card('Three-Eyed Owl', 'Memory Drain.'),
  card('Mark of the Goddess', 'Alteration.', { type: 'Alteration Spell', phoenixborn: 'Astrea' }),
  card('Anchornaut', 'Throw 1.', { cost: ['1 [[basic]]'] }),
]
const names = (q: string) => narrowCards(CARDS, q)?.map((entry) => entry.name) ?? null

describe('narrowing by the words typed', () => {
  it.each([
    [
      '',
      ['Hammer Knight', 'Summon Iron Rhino', 'Three-Eyed Owl', 'Mark of the Goddess', 'Anchornaut'],
    ],
    ['h', ['Hammer Knight']],
    ['HAMM', ['Hammer Knight']],
    ['hammer kni', ['Hammer Knight']],
    ['summons', ['Summon Iron Rhino']],
    ['teo', ['Three-Eyed Owl']],
    ['eyed', ['Three-Eyed Owl']],
    ['astrea', ['Mark of the Goddess']],
    ['the', []],
    ['the hammer', ['Hammer Knight']],
    ['123', []],
    ['hamm type:ally', ['Hammer Knight']],
    ['type:alteration', ['Mark of the Goddess']],
    ['text:"deal 1"', ['Hammer Knight']],
    ['cost=1', ['Anchornaut']],
    ['-r:master', []],
  ])('%j finds %j', (q, expected) => expect(names(q)).toEqual(expected))

  it.each(['"hammer knight"', 'dice:charm', 'cost<=x'])('%j is left to the API', (q) => {
    expect(narrowCards(CARDS, q)).toBeNull()
  })

  it('reads words as the API does: letters only, stop words out, at most 16', () => {
    expect(readTextSearch('  ')).toEqual({ kind: 'none' })
    expect(readTextSearch('12 !!')).toEqual({ kind: 'nothing' })
    expect(readTextSearch('The Summoning')).toEqual({
      kind: 'words',
      stems: ['summon'],
      initials: null,
    })
    const many = Array.from({ length: 20 }, (_, i) => `w${'x'.repeat(i + 1)}`).join(' ')
    const read = readTextSearch(many)
    expect(read.kind === 'words' && read.stems.length).toBe(16)
  })
})
