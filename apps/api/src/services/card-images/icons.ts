import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { GameIconName } from '@spellboard/core/card-text'
import type { DiceName } from '@spellboard/core/cards'
import { DICE_COLOURS, INK, PAPER } from './palette.ts'

/**
 * The game symbols a face draws: a glyph of the sprite the web app shows in card text (coloured
 * as its die when `die` is set), or the ` - ` divider of costs and effects.
 */
export type FaceIcon = { kind: 'glyph'; name: GameIconName; die?: DiceName } | { kind: 'divider' }

const f = (value: number) => Number(value.toFixed(2))

/** The symbols of core's sprite by id, and its shared definitions (the die body). */
type Sprite = { symbols: Map<string, string>; defs: Map<string, string> }

let sprite: Sprite | undefined

function loadSprite(): Sprite {
  if (sprite) return sprite
  const file = createRequire(import.meta.url).resolve('@spellboard/core/sprite.svg')
  const source = readFileSync(file, 'utf8')
  const symbols = new Map<string, string>()
  for (const match of source.matchAll(/<symbol id="([^"]+)"[^>]*>([\s\S]*?)<\/symbol>/g)) {
    symbols.set(match[1] ?? '', match[2] ?? '')
  }
  const defs = new Map<string, string>()
  const defsBlock = /<defs>([\s\S]*?)<\/defs>/.exec(source)?.[1] ?? ''
  for (const match of defsBlock.matchAll(/<(\w+) id="([^"]+)"([^>]*)\/>/g)) {
    defs.set(match[2] ?? '', `<${match[1]}${match[3]}/>`)
  }
  sprite = { symbols, defs }
  return sprite
}

type Colours = { symbol: string; body: string; ring: string }

/**
 * The sprite's colour hooks made concrete: an image file cannot count on its viewer for CSS
 * custom properties, so `var(--icon-symbol, fallback)` and friends become the colours
 * themselves, or their fallback when the icon has no such colour (a plain glyph has no body);
 * the page colour a glyph may punch through is the face's paper.
 */
function paint(markup: string, colours: Colours): string {
  return markup
    .replace(/var\(--color-bg,[^()]*\)/g, PAPER)
    .replace(
      /var\(--icon-(symbol|body|ring),\s*([^()]*)\)/g,
      (_, hook: keyof Colours, fallback: string) =>
        colours[hook] === 'none' ? fallback.trim() : colours[hook],
    )
    .replaceAll('currentColor', colours.symbol)
}

function coloursFor(die: DiceName | undefined): Colours {
  if (!die) return { symbol: INK, body: 'none', ring: 'none' }
  const { body, symbol } = DICE_COLOURS[die]
  return { symbol, body, ring: 'rgb(0 0 0 / 0.3)' }
}

/** One icon as SVG, centred on (cx, cy), `size` across. */
export function iconSvg(icon: FaceIcon, cx: number, cy: number, size: number): string {
  if (icon.kind === 'divider') {
    const r = size / 2
    return `<rect x="${f(cx - r * 0.6)}" y="${f(cy - size * 0.05)}" width="${f(r * 1.2)}" height="${f(size * 0.1)}" fill="${INK}"/>`
  }
  const { symbols, defs } = loadSprite()
  const glyph = symbols.get(icon.name)
  if (glyph === undefined) return ''
  const withDefs = glyph.replace(/<use href="#([^"]+)"\/>/g, (_, id: string) => defs.get(id) ?? '')
  const colours = coloursFor(icon.die)
  const painted = paint(withDefs, colours)
  const scale = size / 24
  return `<g transform="translate(${f(cx - size / 2)} ${f(cy - size / 2)}) scale(${f(scale)})">${painted}</g>`
}
