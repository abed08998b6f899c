import { randomInt } from 'node:crypto'

/**
 * Players who skip the username on sign-up get a name in the style of the game's Phoenixborn:
 * a given name and a two-part family name. Two lists give a few thousand combinations, enough
 * that new players rarely share one (usernames need not be unique; badges tell them apart).
 */
const GIVEN = [
  'Aradel',
  'Astrea',
  'Brennen',
  'Coal',
  'Dimona',
  'Echo',
  'Fiona',
  'Harold',
  'Issa',
  'Jericho',
  'Jessa',
  'Koji',
  'Leo',
  'Lulu',
  'Maeoni',
  'Namine',
  'Noah',
  'Odette',
  'Orrick',
  'Rimea',
  'Rin',
  'Saria',
  'Sembali',
  'Tamsin',
  'Victoria',
  'Xander',
  'Yara',
  'Zeph',
]

const FAMILY_START = [
  'Summer',
  'Black',
  'Roark',
  'Odin',
  'Sun',
  'First',
  'Hymn',
  'Red',
  'Diamond',
  'Gil',
  'North',
  'Glass',
  'Grey',
  'West',
  'Care',
  'Hearts',
  'Mercy',
  'Ender',
  'Ash',
  'Ember',
  'Frost',
  'Thorn',
]

const FAMILY_END = [
  'gaard',
  'cloud',
  'win',
  'star',
  'shadow',
  'stone',
  'tide',
  'moon',
  'crest',
  'stream',
  'fell',
  'fire',
  'storm',
  'raven',
  'worn',
  'blood',
  'wind',
  'sight',
  'vale',
  'song',
]

function pick(list: readonly string[]): string {
  return list[randomInt(list.length)] ?? ''
}

export function randomPhoenixbornName(): string {
  return `${pick(GIVEN)} ${pick(FAMILY_START)}${pick(FAMILY_END)}`
}
