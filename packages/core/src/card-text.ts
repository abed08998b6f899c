import { MAGIC_TYPES, type MagicType } from './cards.ts'
import { stubify } from './stubs.ts'

/**
 * Card-text markup (API.md §6.8) split into inline tokens. Block structure (paragraphs, `* ` and
 * `~ ` lists, `> ` quotes, bold and italic) is left in the text tokens for the renderer; this
 * module only finds the `[[…]]` codes and the ` - ` divider, so costs, card text, deck
 * descriptions and comments all read the codes the same way.
 */

export type DieFace = 'class' | 'power'

/** Sprite ids of the game icons the markup can name. */
export type GameIconName =
  | 'main'
  | 'side'
  | 'exhaust'
  | 'discard'
  | 'basic'
  | 'inexhaustible'
  | 'reaction'
  | `${MagicType}-${DieFace}`

export type CardTextToken =
  | { kind: 'text'; text: string }
  | { kind: 'icon'; icon: GameIconName; label: string; die?: MagicType | 'basic' }
  | { kind: 'card'; name: string; stub: string }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'image'; url: string }
  /** A code that names nothing we know, shown in italics (`[[fire:class]]` → *fire class*). */
  | { kind: 'emphasis'; text: string }
  | { kind: 'divider' }

type ActionIcon = { icon: GameIconName; label: string }
const BASIC: ActionIcon = { icon: 'basic', label: 'Basic magic' }
const ACTION_ICONS: Record<string, ActionIcon> = {
  main: { icon: 'main', label: 'Main action' },
  side: { icon: 'side', label: 'Side action' },
  exhaust: { icon: 'exhaust', label: 'Exhaust' },
  discard: { icon: 'discard', label: 'Discard' },
  basic: BASIC,
}

// A common slip in card data and posts; the reference renderer accepts it too.
const DIE_ALIASES: Record<string, MagicType> = { nature: 'natural' }

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

function magicType(word: string): MagicType | undefined {
  const lower = word.toLowerCase()
  return (MAGIC_TYPES as readonly string[]).includes(lower)
    ? (lower as MagicType)
    : DIE_ALIASES[lower]
}

/** The icon token for a die face, labelled with the type's name ("Charm class"). */
export function dieIcon(die: MagicType, face: DieFace): CardTextToken {
  return { kind: 'icon', icon: `${die}-${face}`, label: `${capitalize(die)} ${face}`, die }
}

/**
 * An absolute http(s) URL, normalised, or null. Everything the markup turns into a link or an
 * image goes through here: no `javascript:`, `data:` or other schemes ever reach an attribute.
 */
export function safeHttpUrl(raw: string): string | null {
  const trimmed = raw.trim()
  if (!/^https?:\/\//i.test(trimmed)) return null
  try {
    const url = new URL(trimmed)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

// `example.com/path` without a scheme: a dotted host ending in a letters-only top-level domain.
const BARE_DOMAIN = /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#]\S*)?$/i

function linkTarget(raw: string): string | null {
  if (/^https?:\/\//i.test(raw)) return safeHttpUrl(raw)
  return BARE_DOMAIN.test(raw) ? safeHttpUrl(`https://${raw}`) : null
}

// Card names in the data are letters, spaces, hyphens, commas and apostrophes.
const CARD_NAME = /^[a-z][a-z ,'’-]*$/i

/** Stub of a card named in markup: the name stubified, runs of spaces read as one. */
export function cardNameToStub(name: string): string {
  return stubify(name.replace(/\s+/g, ' ').replace(/’/g, "'"))
}

/** What one `[[…]]` code stands for, or null when it is not a code (then it stays as text). */
export function parseCardCode(inner: string): CardTextToken | null {
  const code = inner.trim()
  if (!code) return null

  if (code.startsWith('*')) {
    const url = safeHttpUrl(code.slice(1))
    return url ? { kind: 'image', url } : null
  }

  // `[[text https://url]]` or `[[https://url]]`: the last word is the address.
  const lastSpace = code.search(/\S+$/)
  const lastWord = code.slice(lastSpace)
  const url = linkTarget(lastWord)
  if (url) {
    const text = code.slice(0, lastSpace).trim()
    return { kind: 'link', text: text || lastWord, url }
  }

  const pair = /^([a-z]+)\s*:\s*([a-z]+)$/i.exec(code)
  if (pair) {
    const [, primary = '', secondary = ''] = pair
    const die = magicType(primary)
    const face = secondary.toLowerCase()
    if (die && (face === 'class' || face === 'power')) return dieIcon(die, face)
    if (primary.toLowerCase() === 'basic') return { kind: 'icon', ...BASIC, die: 'basic' }
    return { kind: 'emphasis', text: `${primary} ${secondary}` }
  }

  const lower = code.toLowerCase()
  const action = ACTION_ICONS[lower]
  if (action) return { kind: 'icon', ...action, ...(lower === 'basic' ? { die: 'basic' } : {}) }
  const die = magicType(lower)
  if (die) return dieIcon(die, 'power')
  if (CARD_NAME.test(code)) {
    const name = code.replace(/\s+/g, ' ')
    return { kind: 'card', name, stub: cardNameToStub(name) }
  }
  return null
}

// `[[…]]` without brackets inside, or the space-hyphen-space divider.
const CODE_OR_DIVIDER = /\[\[([^[\]\n]*)\]\]| - /g

/** Splits markup into text, code and divider tokens; adjacent text is merged. */
export function tokenizeCardText(text: string): CardTextToken[] {
  const tokens: CardTextToken[] = []
  const pushText = (value: string) => {
    if (!value) return
    const last = tokens.at(-1)
    if (last?.kind === 'text') last.text += value
    else tokens.push({ kind: 'text', text: value })
  }
  let cursor = 0
  for (const match of text.matchAll(CODE_OR_DIVIDER)) {
    pushText(text.slice(cursor, match.index))
    cursor = match.index + match[0].length
    if (match[1] === undefined) {
      // The divider keeps its surrounding spaces so words stay apart.
      pushText(' ')
      tokens.push({ kind: 'divider' })
      pushText(' ')
      continue
    }
    const token = parseCardCode(match[1])
    if (token) tokens.push(token)
    else pushText(match[0])
  }
  pushText(text.slice(cursor))
  return tokens
}
