import { describe, expect, it } from 'vitest'
import { type CardFilters, DEFAULT_CARD_FILTERS } from './card-filters.ts'
import { applyReleaseChoice, chipSelection, clickDieChip, clickTypeChip } from './search-terms.ts'

const filters = (change: Partial<CardFilters>): CardFilters => ({
  ...DEFAULT_CARD_FILTERS,
  ...change,
})
const RELEASES = [
  { stub: 'master-set', name: 'Master Set' },
  { stub: 'the-frostdale-giants', name: 'The Frostdale Giants' },
  { stub: 'the-roaring-rose', name: 'The Roaring Rose' },
]

describe('the chips reflect the typed terms', () => {
  it('lights the chips of the terms beside those of the URL', () => {
    const shown = chipSelection(
      filters({ q: 'hamm type:ally d:charm r:master-set', types: ['phoenixborn'], dice: ['time'] }),
      RELEASES,
    )
    expect(shown).toEqual({
      types: ['phoenixborn', 'ally'],
      dice: ['time', 'charm'],
      releases: ['master-set'],
    })
  })

  it('reads type prefixes as the chips they name', () => {
    const types = (q: string) => chipSelection(filters({ q }), RELEASES).types
    expect(types('type:conj')).toEqual(['conjurations'])
    expect(types('t:a')).toEqual(['ally', 'action_spell', 'alteration_spell'])
    expect(types('type:ally or type:ready')).toEqual(['ally', 'ready_spell'])
    expect(types('r:the')).toEqual([])
    expect(chipSelection(filters({ q: 'r:the' }), RELEASES).releases).toEqual([
      'the-frostdale-giants',
      'the-roaring-rose',
    ])
  })

  it('lights nothing for negated or mixed terms, free text or a text it cannot read', () => {
    for (const q of ['-type:ally', 'type:ally or dice:charm', 'ally', 'type:ally cost<=x']) {
      expect(chipSelection(filters({ q, types: ['ready_spell'] }), RELEASES)).toEqual({
        types: ['ready_spell'],
        dice: [],
        releases: [],
      })
    }
  })
})

describe('a click on a type chip', () => {
  it('sets the URL parameter while the text holds no type terms', () => {
    expect(clickTypeChip(filters({ q: 'hamm d:charm' }), 'ally')).toEqual(
      filters({ q: 'hamm d:charm', types: ['ally'] }),
    )
    expect(clickTypeChip(filters({ q: 'hamm', types: ['ally'] }), 'ally')).toEqual(
      filters({ q: 'hamm' }),
    )
  })

  it('edits the terms when the text has some', () => {
    const added = clickTypeChip(filters({ q: 'hamm t:ally' }), 'action_spell')
    expect(added).toEqual(filters({ q: 'hamm type:ally or type:actionspell' }))
    expect(clickTypeChip(added, 'ally')).toEqual(filters({ q: 'hamm type:actionspell' }))
    expect(clickTypeChip(filters({ q: 'hamm type:ally' }), 'ally')).toEqual(filters({ q: 'hamm' }))
    expect(clickTypeChip(filters({ q: 'type:conj' }), 'ally').q).toBe('type:conj or type:ally')
    expect(clickTypeChip(filters({ q: 'type:a' }), 'ally').q).toBe(
      'type:alterationspell or type:actionspell',
    )
  })

  it('moves the URL type chips into the text, and leaves Summons in the URL', () => {
    const start = filters({ q: 'type:ally', types: ['phoenixborn', 'summon'] })
    expect(clickTypeChip(start, 'ready_spell')).toEqual(
      filters({ q: 'type:ally or type:phoenixborn or type:readyspell', types: ['summon'] }),
    )
    expect(clickTypeChip(start, 'phoenixborn')).toEqual(
      filters({ q: 'type:ally', types: ['summon'] }),
    )
    expect(clickTypeChip(start, 'summon')).toEqual(
      filters({ q: 'type:ally', types: ['phoenixborn'] }),
    )
  })
})

describe('a click on a die', () => {
  it('sets the URL dice while the text holds no dice terms', () => {
    expect(clickDieChip(filters({ q: 'type:ally' }), 'charm')).toEqual(
      filters({ q: 'type:ally', dice: ['charm'] }),
    )
  })

  it('edits the dice terms when the text has some', () => {
    const added = clickDieChip(filters({ q: 'd:charm' }), 'illusion')
    expect(added.q).toBe('dice:charm or dice:illusion')
    expect(clickDieChip(added, 'charm').q).toBe('dice:illusion')
    const both = filters({ q: 'dice:charm', dice: ['charm', 'time'], diceLogic: 'includes' })
    expect(clickDieChip(both, 'charm')).toEqual(
      filters({ q: '', dice: ['time'], diceLogic: 'includes' }),
    )
    expect(clickDieChip(both, 'time')).toEqual(
      filters({ q: 'dice:charm', dice: ['charm'], diceLogic: 'includes' }),
    )
  })
})

describe('the release choice', () => {
  it('sets r while the text names no release', () => {
    expect(applyReleaseChoice(filters({ q: 'hamm' }), ['master-set'], RELEASES)).toEqual(
      filters({ q: 'hamm', releases: ['master-set'] }),
    )
  })

  it('is written into the text when the text names releases, with r joining it', () => {
    const start = filters({ q: 'hamm r:the', releases: ['master-set'] })
    expect(applyReleaseChoice(start, ['master-set', 'the-roaring-rose'], RELEASES)).toEqual(
      filters({ q: 'hamm release:master-set or release:the-roaring-rose' }),
    )
    expect(applyReleaseChoice(start, [], RELEASES)).toEqual(filters({ q: 'hamm' }))
    const all = ['master-set', 'the-frostdale-giants', 'the-roaring-rose']
    expect(applyReleaseChoice(start, all, RELEASES).q).toBe(
      'hamm release:the or release:master-set',
    )
  })
})
