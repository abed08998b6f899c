import type { Card, CostEntry } from '@spellboard/core/card-schemas'
import { tokenizeCardText } from '@spellboard/core/card-text'
import { type DiceName, MAGIC_TYPES } from '@spellboard/core/cards'
import { type FaceIcon, iconSvg } from './icons.ts'
import { FONT_FAMILY, textWidth } from './metrics.ts'
import { DICE_COLOURS, FRAME, INK, isLight, MUTED, PAPER } from './palette.ts'
import { fitText, iconOf, type PlacedLine } from './text-layout.ts'

export type FaceSize = { width: number; height: number }

/** Every string that reaches the SVG goes through here. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
}

const n = (value: number) => Number(value.toFixed(2))

/** The magic type that colours a card: the first it needs, else the first alternative. */
function mainDie(card: Card): DiceName {
  const names = [...(card.dice ?? []), ...(card.altDice ?? [])]
  return (MAGIC_TYPES.find((type) => names[0] === type) ??
    MAGIC_TYPES.find((type) => names.includes(type)) ??
    'basic') as DiceName
}

function textEl(
  x: number,
  y: number,
  text: string,
  options: { size: number; fill: string; bold?: boolean; italic?: boolean; anchor?: string },
): string {
  const attrs = [
    `x="${n(x)}"`,
    `y="${n(y)}"`,
    `font-size="${n(options.size)}"`,
    `fill="${options.fill}"`,
    options.bold ? 'font-weight="700"' : '',
    options.italic ? 'font-style="italic"' : '',
    options.anchor ? `text-anchor="${options.anchor}"` : '',
  ].filter(Boolean)
  return `<text ${attrs.join(' ')}>${escapeXml(text)}</text>`
}

/** The largest size (down to `min`) at which `text` fits `width`. */
function fitLine(text: string, width: number, max: number, min: number, bold: boolean): number {
  let size = max
  while (size > min && textWidth(text, size, bold) > width) size -= 0.5
  return size
}

type CostPart = { kind: 'text'; text: string } | { kind: 'icon'; icon: FaceIcon }

/** A cost entry in drawing order: its words and numbers, and its symbols as icons. */
function costParts(entry: string): CostPart[] {
  const parts: CostPart[] = []
  for (const token of tokenizeCardText(entry)) {
    if (token.kind === 'icon') parts.push({ kind: 'icon', icon: iconOf(token) })
    else if (token.kind === 'divider') parts.push({ kind: 'icon', icon: { kind: 'divider' } })
    else if (token.kind === 'text' && token.text.trim()) {
      parts.push({ kind: 'text', text: token.text.trim() })
    } else if (token.kind === 'card') parts.push({ kind: 'text', text: token.name })
    else if (token.kind === 'link' || token.kind === 'emphasis') {
      parts.push({ kind: 'text', text: token.text })
    }
  }
  return parts
}

function costRow(cost: readonly CostEntry[], x: number, cy: number, size: number): string {
  let out = ''
  let cursor = x
  const drawEntry = (entry: string) => {
    costParts(entry).forEach((part, index) => {
      if (index > 0) cursor += size * 0.15
      if (part.kind === 'icon') {
        out += iconSvg(part.icon, cursor + size / 2, cy, size)
        cursor += size
        return
      }
      // Counts read bold, as printed; other words (a stray separator) plain.
      const bold = /^(X|\d+)$/i.test(part.text)
      const textSize = size * (bold ? 0.95 : 0.8)
      out += textEl(cursor, cy + size * 0.36, part.text, { size: textSize, fill: INK, bold })
      cursor += textWidth(part.text, textSize, bold)
    })
  }
  cost.forEach((entry, index) => {
    if (index > 0) cursor += size * 0.55
    if (typeof entry === 'string') {
      drawEntry(entry)
      return
    }
    drawEntry(entry[0])
    out += textEl(cursor + size * 0.2, cy + size * 0.32, 'or', {
      size: size * 0.7,
      fill: MUTED,
      italic: true,
    })
    cursor += textWidth('or', size * 0.7) + size * 0.4
    drawEntry(entry[1])
  })
  return out
}

function textBlock(lines: PlacedLine[], x: number, top: number, fontSize: number): string {
  let out = ''
  for (const line of lines) {
    const baseline = top + line.y
    const mid = baseline - fontSize * 0.34
    if (line.marker === 'inexhaustible' || line.marker === 'reaction') {
      // The effect's symbol, as card text on the site marks it.
      out += iconSvg({ kind: 'glyph', name: line.marker }, x + fontSize * 0.45, mid, fontSize)
    } else if (line.marker === 'quote') {
      out += `<rect x="${n(x)}" y="${n(baseline - fontSize)}" width="${n(fontSize * 0.15)}" height="${n(fontSize * 1.2)}" fill="${MUTED}"/>`
    }
    // Neighbouring words of one style go out as one text run.
    let run: { x: number; text: string; bold: boolean; italic: boolean; end: number } | null = null
    const flush = () => {
      if (run) out += textEl(x + run.x, baseline, run.text, { size: fontSize, fill: INK, ...run })
      run = null
    }
    for (const piece of line.pieces) {
      if (piece.kind === 'icon') {
        flush()
        out += iconSvg(piece.icon, x + piece.x + fontSize * 0.575, mid, fontSize)
        continue
      }
      const end = piece.x + textWidth(piece.text, fontSize, piece.bold)
      if (run && run.bold === piece.bold && run.italic === piece.italic) {
        const gap = piece.x - run.end
        run.text += gap > 0.5 ? ` ${piece.text}` : piece.text
        run.end = end
      } else {
        flush()
        run = { x: piece.x, text: piece.text, bold: piece.bold, italic: piece.italic, end }
      }
    }
    flush()
  }
  return out
}

type Stat = { label: string; value: string }

function statsOf(card: Card): Stat[] {
  const show = (label: string, value: unknown): Stat[] =>
    value === undefined || value === null ? [] : [{ label, value: String(value) }]
  if (card.type === 'Phoenixborn') {
    return [
      ...show('Battlefield', card.battlefield),
      ...show('Life', card.life),
      ...show('Spellboard', card.spellboard),
    ]
  }
  return [
    ...show('Attack', card.attack),
    ...show('Life', card.life),
    ...show('Recover', card.recover),
    ...show('Copies', card.copies),
  ]
}

function statRow(stats: Stat[], x: number, y: number, width: number, scale: number): string {
  if (stats.length === 0) return ''
  const gap = 6 * scale
  const boxWidth = Math.min(62 * scale, (width - gap * (stats.length - 1)) / stats.length)
  const boxHeight = 30 * scale
  const start = x + (width - (boxWidth * stats.length + gap * (stats.length - 1))) / 2
  return stats
    .map((stat, index) => {
      const left = start + index * (boxWidth + gap)
      return (
        `<rect x="${n(left)}" y="${n(y)}" width="${n(boxWidth)}" height="${n(boxHeight)}" rx="${n(5 * scale)}" fill="#ffffff" stroke="${FRAME}" stroke-width="${n(1.2 * scale)}"/>` +
        textEl(left + boxWidth / 2, y + 10 * scale, stat.label.toUpperCase(), {
          size: 6.5 * scale,
          fill: MUTED,
          bold: true,
          anchor: 'middle',
        }) +
        textEl(left + boxWidth / 2, y + 25 * scale, stat.value, {
          size: 14 * scale,
          fill: INK,
          bold: true,
          anchor: 'middle',
        })
      )
    })
    .join('')
}

/**
 * A clean card face drawn from the card's data (no artwork is shipped): a header in the card's
 * magic colour with name and type, the cost as symbols, a panel with the card's initials where
 * the art would be, the rules text with its icons, the stats, and the release. Sizes follow
 * SPEC (300x420 Reborn, 332x452 Legacy, 299x418 Legacy preview); the layout scales with width.
 */
export function renderCardFace(card: Card, size: FaceSize): string {
  const { width: w, height: h } = size
  const s = w / 300
  const pad = 10 * s
  const inner = { x: pad, y: pad, w: w - 2 * pad, h: h - 2 * pad }
  const die = mainDie(card)
  const colours = DICE_COLOURS[die]
  const headerInk = isLight(colours.body) ? INK : '#ffffff'
  const parts: string[] = []

  // Frame and paper.
  parts.push(`<rect width="${w}" height="${h}" rx="${n(14 * s)}" fill="${FRAME}"/>`)
  parts.push(
    `<rect x="${n(inner.x)}" y="${n(inner.y)}" width="${n(inner.w)}" height="${n(inner.h)}" rx="${n(9 * s)}" fill="${PAPER}"/>`,
  )

  // Header: name and type line on the magic colour.
  const headerH = 50 * s
  parts.push(
    `<path d="M${n(inner.x)} ${n(inner.y + headerH)}V${n(inner.y + 9 * s)}Q${n(inner.x)} ${n(inner.y)} ${n(inner.x + 9 * s)} ${n(inner.y)}H${n(inner.x + inner.w - 9 * s)}Q${n(inner.x + inner.w)} ${n(inner.y)} ${n(inner.x + inner.w)} ${n(inner.y + 9 * s)}V${n(inner.y + headerH)}Z" fill="${colours.body}"/>`,
  )
  parts.push(
    `<rect x="${n(inner.x)}" y="${n(inner.y + headerH - 3 * s)}" width="${n(inner.w)}" height="${n(3 * s)}" fill="${colours.symbol}"/>`,
  )
  const textX = inner.x + 10 * s
  const nameSize = fitLine(card.name, inner.w - 20 * s, 19 * s, 11 * s, true)
  parts.push(
    textEl(textX, inner.y + 24 * s, card.name, { size: nameSize, fill: headerInk, bold: true }),
  )
  const typeLine = [card.type, card.placement].filter(Boolean).join(' · ')
  parts.push(textEl(textX, inner.y + 40 * s, typeLine, { size: 10.5 * s, fill: headerInk }))

  // Cost row.
  let cursorY = inner.y + headerH + 6 * s
  if (card.cost && card.cost.length > 0) {
    const iconSize = 15 * s
    parts.push(costRow(card.cost, textX, cursorY + iconSize / 2 + 2 * s, iconSize))
    cursorY += iconSize + 8 * s
  }

  // Where the art would be: the card's initials over its colours.
  const stats = statsOf(card)
  const statsH = stats.length > 0 ? 30 * s : 0
  const footerH = 16 * s
  const artH = Math.round((card.type === 'Phoenixborn' ? 120 : 104) * s)
  const art = { x: inner.x + 8 * s, y: cursorY, w: inner.w - 16 * s, h: artH }
  const gradient = `g-${card.stub.replace(/[^a-z0-9-]/g, '')}`
  parts.push(
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.body}"/><stop offset="1" stop-color="${FRAME}"/></linearGradient></defs>`,
  )
  parts.push(
    `<rect x="${n(art.x)}" y="${n(art.y)}" width="${n(art.w)}" height="${n(art.h)}" rx="${n(6 * s)}" fill="url(#${gradient})"/>`,
  )
  const initials = card.name
    .split(/[\s-]+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 4)
    .toUpperCase()
  parts.push(
    textEl(art.x + art.w / 2, art.y + art.h / 2 + 17 * s, initials, {
      size: 48 * s,
      fill: colours.symbol,
      bold: true,
      anchor: 'middle',
    }).replace('<text ', '<text opacity="0.55" '),
  )
  cursorY = art.y + art.h + 8 * s

  // Rules text, shrunk until it fits between the art and the stats.
  const textBottom = inner.y + inner.h - footerH - (statsH ? statsH + 8 * s : 0) - 4 * s
  const box = { x: textX, y: cursorY, w: inner.w - 20 * s, h: Math.max(0, textBottom - cursorY) }
  let body = card.text ?? ''
  if (card.phoenixborn) body = `*Unique to ${card.phoenixborn}.*${body ? `\n\n${body}` : ''}`
  if (body) {
    const layout = fitText(body, box.w, box.h, { max: 12.5 * s, min: 6.5 * s })
    parts.push(textBlock(layout.lines, box.x, box.y, layout.fontSize))
  }

  // Stats and release.
  if (statsH) parts.push(statRow(stats, textX, textBottom + 4 * s, inner.w - 20 * s, s))
  const footerY = inner.y + inner.h - 5 * s
  parts.push(
    `<rect x="${n(inner.x)}" y="${n(inner.y + inner.h - footerH)}" width="${n(inner.w)}" height="${n(0.8 * s)}" fill="${MUTED}" opacity="0.4"/>`,
  )
  const releaseSize = fitLine(card.release.name, inner.w * 0.7, 8.5 * s, 6 * s, false)
  parts.push(textEl(textX, footerY, card.release.name, { size: releaseSize, fill: MUTED }))
  if (card.is_legacy) {
    parts.push(
      textEl(inner.x + inner.w - 10 * s, footerY, 'Legacy', {
        size: 8.5 * s,
        fill: MUTED,
        italic: true,
        anchor: 'end',
      }),
    )
  }

  const title = `${card.name}, ${typeLine}`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(title)}" font-family="${FONT_FAMILY}">` +
    `<title>${escapeXml(card.name)}</title>${parts.join('')}</svg>`
  )
}
