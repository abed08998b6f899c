import type { CardNameLookup, NamedCard } from './card-name-lookup.ts'
import { CARD_TYPES, isConjurationType, MAGIC_TYPES, type MagicType } from './cards.ts'
import { pluralCardType } from './deck-sections.ts'
import { LIMITS } from './limits.ts'

/**
 * A deck read from text: our own export (`deckExportText`, any options) or a list as players
 * type it. Line by line:
 *
 * - `3x Card Name`, `3 Card Name`, `3 x Card Name`, `Card Name x3`: a card and its count; a
 *   trailing `(…)` is dropped when the name alone matches (the export's `(Phoenixborn)` note);
 * - `Phoenixborn: Name`, or a line that is just a Phoenixborn's name: the Phoenixborn;
 * - `5 Ceremonial, 5 Illusion`, `5x ceremonial`, `Dice: 5 charm / 5 time`: dice;
 * - blank lines, headings (`Allies (9)`, `Cards (30 / 30):`, any `Words:`) and the
 *   attribution line are ignored, and so are conjurations (they come with their cards);
 * - the first line that is none of these is the title (`Untitled {Phoenixborn}` is no title);
 *   a later line without a count that names a card adds one copy.
 *
 * Names are resolved by the `CardNameLookup` the caller gives (one edition's cards).
 */

export type DeckTextDie = { name: MagicType; count: number }
export type DeckTextCard<C> = { card: C; count: number }

type At = {
  /** 1-based. */
  line: number
  /** The line as written. */
  text: string
}

/** What became of one line, so the page can mark it. */
export type DeckTextLineOutcome<C extends NamedCard> =
  | { status: 'matched'; kind: 'title'; title: string }
  | { status: 'matched'; kind: 'phoenixborn'; card: C }
  | { status: 'matched'; kind: 'dice'; dice: DeckTextDie[] }
  | { status: 'matched'; kind: 'card'; card: C; count: number }
  | { status: 'unmatched'; name: string; count: number | null; suggestions: readonly string[] }
  | { status: 'ignored'; kind: 'blank' | 'heading' | 'attribution' }
  /** A conjuration, or a Phoenixborn after the first: the card is known but adds nothing. */
  | { status: 'ignored'; kind: 'conjuration' | 'extra_phoenixborn'; card: C }

export type DeckTextLine<C extends NamedCard> = At & DeckTextLineOutcome<C>

type DeckTextCommon<C extends NamedCard> = {
  title: string | null
  /** In the order of the magic types, each type once. */
  dice: DeckTextDie[]
  /** In the order first listed, each card once with its lines' counts added up. */
  cards: DeckTextCard<C>[]
  lines: DeckTextLine<C>[]
  /** The text had more than `LIMITS.deckTextLines` lines; the rest was not read. */
  truncated: boolean
}

/** A deck needs a Phoenixborn: without one nothing can be created, and `outcome` says so. */
export type DeckTextResult<C extends NamedCard> =
  | (DeckTextCommon<C> & { outcome: 'deck'; phoenixborn: C })
  | (DeckTextCommon<C> & { outcome: 'no_phoenixborn'; phoenixborn: null })

/** No card name comes near this; longer lines are not looked up (or run through patterns). */
const MAX_LINE = 200

const LIST_MARK = /^[-*•·]\s+/
const ATTRIBUTION = /^(?:created with\b.*|https?:\/\/\S+)$/i
const PHOENIXBORN_LINE = /^phoenixborn\s*:\s*(.*)$/i
const DICE_LINE = /^dice\s*:\s*(.+)$/i
const COLON_HEADING = /^[^\d:][^:]{0,59}:$/
const COUNT_SUFFIX = /\s*\(\s*\d+(?:\s*\/\s*\d+)?\s*\)$/
const COUNT_FIRST = /^(\d{1,2})\s*[x×]?\s+(\S.*)$/i
const COUNT_LAST = /^(\S.*?)\s+[x×]\s*(\d{1,2})$/i
const DIE_ITEM = /^(?:(\d{1,2})\s*[x×]?\s*([a-z]+)|([a-z]+)\s*[x×]?\s*(\d{1,2}))$/i
const DICE_SEPARATOR = /\s*(?:[,;/|&+]|\band\b)\s*/i
const TRAILING_NOTE = /^(.*\S)\s*\([^()]*\)$/

const HEADING_WORDS = new Set(
  [
    ...CARD_TYPES.flatMap((type) => [type, pluralCardType(type)]),
    'Cards',
    'Deck',
    'Dice',
    'Conjuration Pile',
    'Spells',
    'Units',
  ].map((word) => word.toLowerCase()),
)

/** A line without its list mark (`- `, `* `, `• `) and with single spaces. */
const cleanLine = (row: string) => row.trim().replace(LIST_MARK, '').replace(/\s+/g, ' ')

const isHeading = (text: string) =>
  COLON_HEADING.test(text) || HEADING_WORDS.has(text.replace(COUNT_SUFFIX, '').toLowerCase())

/** `5 Ceremonial, 5 Illusion` and the like; null unless every item is a count and a die. */
function readDice(text: string): DeckTextDie[] | null {
  const dice: DeckTextDie[] = []
  for (const item of text.split(DICE_SEPARATOR)) {
    const match = DIE_ITEM.exec(item)
    const name = (match?.[2] ?? match?.[3] ?? '').toLowerCase()
    const die = MAGIC_TYPES.find((type) => type === name)
    if (!match || !die) return null
    dice.push({ name: die, count: Number(match[1] ?? match[4]) })
  }
  return dice.length > 0 ? dice : null
}

function countAndName(text: string): { count: number; name: string } | null {
  const first = COUNT_FIRST.exec(text)
  if (first) return { count: Number(first[1]), name: first[2] ?? '' }
  const last = COUNT_LAST.exec(text)
  return last ? { count: Number(last[2]), name: last[1] ?? '' } : null
}

type LineContext<C extends NamedCard> = {
  lookup: CardNameLookup<C>
  /** The first line with anything on it: the title's place. */
  isFirst: boolean
  /** Some line says `Phoenixborn: …`, so a first line naming one is a title. */
  hasPhoenixbornLine: boolean
}

function readLine<C extends NamedCard>(
  row: string,
  context: LineContext<C>,
): DeckTextLineOutcome<C> {
  const { lookup, isFirst } = context
  const text = cleanLine(row)
  const title = (): DeckTextLineOutcome<C> => ({
    status: 'matched',
    kind: 'title',
    // Sliced twice: the spread costs as much as the row, and a title holds 255 characters.
    title: [...row.trim().slice(0, 2 * LIMITS.deckTitle)].slice(0, LIMITS.deckTitle).join(''),
  })
  const unmatched = (name: string, count: number | null): DeckTextLineOutcome<C> => ({
    status: 'unmatched',
    name,
    count,
    suggestions: name.length > MAX_LINE ? [] : (lookup.nearest?.(name) ?? []),
  })
  const find = (name: string): C | null => {
    const note = TRAILING_NOTE.exec(name)
    return lookup.find(name) ?? (note ? lookup.find(note[1] ?? '') : null)
  }
  const asCard = (card: C, count: number): DeckTextLineOutcome<C> => {
    if (card.type === 'Phoenixborn') return { status: 'matched', kind: 'phoenixborn', card }
    if (isConjurationType(card.type)) return { status: 'ignored', kind: 'conjuration', card }
    return { status: 'matched', kind: 'card', card, count }
  }

  if (text === '') return { status: 'ignored', kind: 'blank' }
  if (text.length > MAX_LINE) return isFirst ? title() : unmatched(text, null)
  if (ATTRIBUTION.test(text)) return { status: 'ignored', kind: 'attribution' }

  const phoenixborn = PHOENIXBORN_LINE.exec(text)
  if (phoenixborn) {
    const name = phoenixborn[1] ?? ''
    if (name === '') return { status: 'ignored', kind: 'heading' }
    const card = find(name)
    return card?.type === 'Phoenixborn'
      ? { status: 'matched', kind: 'phoenixborn', card }
      : unmatched(name, null)
  }
  const diceLine = DICE_LINE.exec(text)
  if (diceLine) {
    const dice = readDice(diceLine[1] ?? '')
    return dice ? { status: 'matched', kind: 'dice', dice } : unmatched(text, null)
  }
  if (isHeading(text)) return { status: 'ignored', kind: 'heading' }
  const dice = readDice(text)
  if (dice) return { status: 'matched', kind: 'dice', dice }

  const counted = countAndName(text)
  if (counted) {
    const card = find(counted.name)
    if (card) return asCard(card, counted.count)
    return isFirst ? title() : unmatched(counted.name, counted.count)
  }
  const card = find(text)
  if (card?.type === 'Phoenixborn' && !(isFirst && context.hasPhoenixbornLine)) {
    return asCard(card, 1)
  }
  if (isFirst) return title()
  return card ? asCard(card, 1) : unmatched(text, null)
}

/** Reads a deck from text; see the module comment for the lines it understands. */
export function parseDeckText<C extends NamedCard>(
  text: string,
  lookup: CardNameLookup<C>,
): DeckTextResult<C> {
  const rows = text.split(/\r\n|\r|\n/)
  const read = rows.slice(0, LIMITS.deckTextLines)
  const hasPhoenixbornLine = read.some((row) => PHOENIXBORN_LINE.test(cleanLine(row)))
  const firstIndex = read.findIndex((row) => row.trim() !== '')

  let phoenixborn: C | null = null
  const dice = new Map<MagicType, number>()
  const cards = new Map<string, DeckTextCard<C>>()
  const lines: DeckTextLine<C>[] = []
  for (const [index, row] of read.entries()) {
    const at = { line: index + 1, text: row }
    const outcome = readLine(row, { lookup, isFirst: index === firstIndex, hasPhoenixbornLine })
    if (outcome.status === 'matched' && outcome.kind === 'phoenixborn') {
      if (phoenixborn) {
        lines.push({ ...at, status: 'ignored', kind: 'extra_phoenixborn', card: outcome.card })
        continue
      }
      phoenixborn = outcome.card
    } else if (outcome.status === 'matched' && outcome.kind === 'dice') {
      for (const die of outcome.dice) dice.set(die.name, (dice.get(die.name) ?? 0) + die.count)
    } else if (outcome.status === 'matched' && outcome.kind === 'card') {
      const entry = cards.get(outcome.card.stub)
      if (entry) entry.count += outcome.count
      else cards.set(outcome.card.stub, { card: outcome.card, count: outcome.count })
    }
    lines.push({ ...at, ...outcome })
  }

  const written = lines.find((line) => line.status === 'matched' && line.kind === 'title')
  let title = written?.status === 'matched' && written.kind === 'title' ? written.title : null
  // The export writes an untitled deck's display name; reading it back gives no title again.
  if (phoenixborn && title === `Untitled ${phoenixborn.name}`) title = null
  const common: DeckTextCommon<C> = {
    title,
    dice: MAGIC_TYPES.flatMap((name) => {
      const count = dice.get(name) ?? 0
      return count > 0 ? [{ name, count }] : []
    }),
    cards: [...cards.values()].filter((entry) => entry.count > 0),
    lines,
    truncated: rows.length > read.length,
  }
  return phoenixborn
    ? { ...common, outcome: 'deck', phoenixborn }
    : { ...common, outcome: 'no_phoenixborn', phoenixborn: null }
}

/**
 * Every name `parseDeckText` may look up in this text, so a caller whose lookup is slow
 * (a database, an API call) can resolve them all at once and hand it a ready answer.
 */
export function deckTextNames(text: string): string[] {
  const names = new Set<string>()
  parseDeckText(text, {
    find(name) {
      names.add(name)
      return null
    },
  })
  return [...names]
}
