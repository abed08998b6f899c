import { describe, expect, it } from 'vitest'
import { deckSections, deckTitle, isFullDeck, pluralCardType } from './deck-sections.ts'

const card = (name: string, type: string, count: number) => ({
  name,
  stub: name.toLowerCase().replace(/\W+/g, '-'),
  type,
  count,
})

describe('deck sections', () => {
  it('orders sections Ready Spell, Ally, Alteration, Action, Reaction; sorts and counts cards', () => {
    const sections = deckSections([
      card('Zap', 'Reaction Spell', 2),
      card('Molten Gold', 'Action Spell', 3),
      card('Iron Worker', 'Ally', 3),
      card('Anchornaut', 'Ally', 2),
      card('Hammer Knight', 'Ally', 1),
      card('Root Armor', 'Alteration Spell', 2),
      card('Summon Butterfly Monk', 'Ready Spell', 3),
      card('Fire Archer', 'Action Spell', 1),
    ])
    expect(sections.map((section) => [section.title, section.count])).toEqual([
      ['Ready Spells', 3],
      ['Allies', 6],
      ['Alteration Spells', 2],
      ['Action Spells', 4],
      ['Reaction Spells', 2],
    ])
    expect(sections[1]?.cards.map((entry) => entry.name)).toEqual([
      'Anchornaut',
      'Hammer Knight',
      'Iron Worker',
    ])
  })

  it('leaves out empty entries and puts unknown types last', () => {
    const sections = deckSections([
      card('Odd', 'Mystery', 1),
      card('Gone', 'Ally', 0),
      card('Spark', 'Action Spell', 1),
    ])
    expect(sections.map((section) => section.title)).toEqual(['Action Spells', 'Mysteries'])
  })

  it.each([
    ['Ally', 'Allies'],
    ['Ready Spell', 'Ready Spells'],
    ['Reaction Spell', 'Reaction Spells'],
    ['Conjuration', 'Conjurations'],
  ])('%s is plural %s', (type, plural) => expect(pluralCardType(type)).toBe(plural))
})

describe('deck titles', () => {
  it.each([
    [{ title: 'Fire and Ice', phoenixborn: { name: 'Aradel Summergaard' } }, 'Fire and Ice'],
    [{ title: null, phoenixborn: { name: 'Aradel Summergaard' } }, 'Untitled Aradel Summergaard'],
    [{ title: '  ', phoenixborn: { name: 'Coal Roarkwin' } }, 'Untitled Coal Roarkwin'],
  ])('%j reads %s', (deck, title) => expect(deckTitle(deck)).toBe(title))

  it('is full at exactly 30 cards', () => {
    expect([29, 30, 31].map(isFullDeck)).toEqual([false, true, false])
  })
})
