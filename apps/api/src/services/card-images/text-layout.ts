import { type CardTextToken, tokenizeCardText } from '@spellboard/core/card-text'
import type { FaceIcon } from './icons.ts'
import { textWidth } from './metrics.ts'

/**
 * Card text markup (API.md §6.8) laid out in lines for a fixed-width box: words wrap, icons
 * flow inside the text, `* ` and `~ ` lines become marked effect lines, an ability name before
 * the first colon is bold. Pure, so the face renderer only draws what this places.
 */
type Style = { bold: boolean; italic: boolean }
type Piece = ({ kind: 'text'; text: string } & Style) | { kind: 'icon'; icon: FaceIcon }
/** Pieces that must stay on one line (no space between them). */
type Group = { pieces: Piece[]; width: number }

export type LineMarker = 'none' | 'inexhaustible' | 'reaction' | 'quote'

export type PlacedPiece =
  | ({ kind: 'text'; x: number; text: string } & Style)
  | { kind: 'icon'; x: number; icon: FaceIcon }

export type PlacedLine = {
  /** Baseline, from the top of the box. */
  y: number
  pieces: PlacedPiece[]
  /** Set on the first line of a marked effect line. */
  marker: LineMarker
}

export type TextLayout = { lines: PlacedLine[]; height: number; fontSize: number }

const ICON_SCALE = 1.15
const LINE_HEIGHT = 1.28
const PARAGRAPH_GAP = 0.45
const MARKER_INDENT = 1.1

/** A markup icon as the face draws it: dice in their colours, actions in ink. */
export function iconOf(token: Extract<CardTextToken, { kind: 'icon' }>): FaceIcon {
  return token.die
    ? { kind: 'glyph', name: token.icon, die: token.die }
    : { kind: 'glyph', name: token.icon }
}

/** `**bold**`, `*italic*` and `***both***` toggles inside plain text. */
function styledText(text: string, style: Style, out: Piece[]): Style {
  let current = { ...style }
  for (const part of text.split(/(\*{1,3})/)) {
    if (/^\*{1,3}$/.test(part)) {
      const stars = part.length
      current = {
        bold: stars >= 2 ? !current.bold : current.bold,
        italic: stars !== 2 ? !current.italic : current.italic,
      }
    } else if (part) {
      out.push({ kind: 'text', text: part, ...current })
    }
  }
  return current
}

function piecesOfLine(line: string, italic: boolean): Piece[] {
  const pieces: Piece[] = []
  let style: Style = { bold: false, italic }
  const tokens = tokenizeCardText(line)
  tokens.forEach((token, index) => {
    switch (token.kind) {
      case 'text': {
        // "Aftershock 1: …" names the ability; the name reads bold, as printed.
        const named =
          index === 0 ? /^([A-Z][A-Za-z' ,-]{0,40}?(?: \d+| X)?):/.exec(token.text) : null
        if (named?.[0]) {
          pieces.push({ kind: 'text', text: named[0], bold: true, italic: style.italic })
          style = styledText(token.text.slice(named[0].length), style, pieces)
        } else {
          style = styledText(token.text, style, pieces)
        }
        break
      }
      case 'icon':
        pieces.push({ kind: 'icon', icon: iconOf(token) })
        break
      case 'divider':
        pieces.push({ kind: 'icon', icon: { kind: 'divider' } })
        break
      case 'card':
        pieces.push({ kind: 'text', text: token.name, bold: true, italic: style.italic })
        break
      case 'link':
      case 'emphasis':
        pieces.push({ kind: 'text', text: token.text, bold: style.bold, italic: true })
        break
      case 'image':
        break
    }
  })
  return pieces
}

/** Splits pieces at spaces into groups that wrap as units. */
function groupsOf(pieces: Piece[], fontSize: number): Group[] {
  const groups: Group[] = []
  let current: Group = { pieces: [], width: 0 }
  const flush = () => {
    if (current.pieces.length > 0) groups.push(current)
    current = { pieces: [], width: 0 }
  }
  for (const piece of pieces) {
    if (piece.kind === 'icon') {
      current.pieces.push(piece)
      current.width += fontSize * ICON_SCALE
      continue
    }
    const words = piece.text.split(/(\s+)/)
    for (const word of words) {
      if (word === '') continue
      if (/^\s+$/.test(word)) {
        flush()
        continue
      }
      current.pieces.push({ ...piece, text: word })
      current.width += textWidth(word, fontSize, piece.bold)
    }
  }
  flush()
  return groups
}

function markerOf(line: string): { marker: LineMarker; rest: string } {
  if (line.startsWith('* ')) return { marker: 'inexhaustible', rest: line.slice(2) }
  if (line.startsWith('~ ')) return { marker: 'reaction', rest: line.slice(2) }
  if (line.startsWith('> ')) return { marker: 'quote', rest: line.slice(2) }
  return { marker: 'none', rest: line }
}

export function layoutText(text: string, width: number, fontSize: number): TextLayout {
  const lineStep = fontSize * LINE_HEIGHT
  const space = textWidth(' ', fontSize)
  const lines: PlacedLine[] = []
  let y = fontSize
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)
  paragraphs.forEach((paragraph, paragraphIndex) => {
    if (paragraphIndex > 0) y += lineStep * PARAGRAPH_GAP
    for (const rawLine of paragraph.split('\n')) {
      const { marker, rest } = markerOf(rawLine.trim())
      const indent = marker === 'none' ? 0 : fontSize * MARKER_INDENT
      const groups = groupsOf(piecesOfLine(rest, marker === 'quote'), fontSize)
      let placed: PlacedPiece[] = []
      let x = indent
      let first = true
      const emit = () => {
        lines.push({ y, pieces: placed, marker: first ? marker : 'none' })
        first = false
        placed = []
        y += lineStep
        x = indent
      }
      for (const group of groups) {
        const gap = placed.length > 0 ? space : 0
        if (placed.length > 0 && x + gap + group.width > width) emit()
        x += placed.length > 0 ? space : 0
        for (const piece of group.pieces) {
          if (piece.kind === 'icon') {
            placed.push({ kind: 'icon', x, icon: piece.icon })
            x += fontSize * ICON_SCALE
          } else {
            placed.push({ ...piece, x })
            x += textWidth(piece.text, fontSize, piece.bold)
          }
        }
      }
      if (placed.length > 0 || groups.length === 0) emit()
    }
  })
  const height = lines.length === 0 ? 0 : y - lineStep + fontSize * 0.3
  return { lines, height, fontSize }
}

/** The largest font size (in half points) whose layout fits the box. */
export function fitText(
  text: string,
  width: number,
  height: number,
  sizes: { max: number; min: number },
): TextLayout {
  let layout = layoutText(text, width, sizes.max)
  for (let size = sizes.max - 0.5; size >= sizes.min && layout.height > height; size -= 0.5) {
    layout = layoutText(text, width, size)
  }
  return layout
}
