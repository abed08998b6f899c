import type { DiceName } from '@spellboard/core/cards'
import { DICE_COLOURS, INK, PAPER } from './palette.ts'

/** The game symbols a face draws: actions, exhaust, discard and dice faces. */
export type FaceIcon =
  | { kind: 'main' | 'side' | 'exhaust' | 'discard' | 'divider' }
  | { kind: 'die'; die: DiceName; face: 'class' | 'power' | 'plain' }

const f = (value: number) => Number(value.toFixed(2))

/**
 * One icon as SVG, centred on (cx, cy), `size` across. Shapes stay simple so they read at
 * 10 px: a filled disc for the main action, a half disc for the side action, a tilted card for
 * exhaust, a card with an arrow for discard; dice are the die's body colour with its symbol
 * colour drawn on top (a ring for class faces, a diamond for power faces).
 */
export function iconSvg(icon: FaceIcon, cx: number, cy: number, size: number): string {
  const r = size / 2
  switch (icon.kind) {
    case 'main':
      return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.82)}" fill="${INK}"/>`
    case 'side':
      return (
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.78)}" fill="none" stroke="${INK}" stroke-width="${f(size * 0.1)}"/>` +
        `<path d="M${f(cx)} ${f(cy - r * 0.78)}A${f(r * 0.78)} ${f(r * 0.78)} 0 0 0 ${f(cx)} ${f(cy + r * 0.78)}Z" fill="${INK}"/>`
      )
    case 'exhaust':
      return `<rect x="${f(cx - r * 0.45)}" y="${f(cy - r * 0.7)}" width="${f(r * 0.9)}" height="${f(r * 1.4)}" rx="${f(r * 0.15)}" fill="none" stroke="${INK}" stroke-width="${f(size * 0.1)}" transform="rotate(35 ${f(cx)} ${f(cy)})"/>`
    case 'discard':
      return (
        `<rect x="${f(cx - r * 0.5)}" y="${f(cy - r * 0.75)}" width="${f(r)}" height="${f(r * 1.3)}" rx="${f(r * 0.15)}" fill="none" stroke="${INK}" stroke-width="${f(size * 0.09)}"/>` +
        `<path d="M${f(cx - r * 0.3)} ${f(cy + r * 0.05)}L${f(cx)} ${f(cy + r * 0.85)}L${f(cx + r * 0.3)} ${f(cy + r * 0.05)}Z" fill="${INK}"/>`
      )
    case 'divider':
      return `<rect x="${f(cx - r * 0.6)}" y="${f(cy - size * 0.05)}" width="${f(r * 1.2)}" height="${f(size * 0.1)}" fill="${INK}"/>`
    case 'die': {
      const { body, symbol } = DICE_COLOURS[icon.die]
      const frame = `<rect x="${f(cx - r * 0.9)}" y="${f(cy - r * 0.9)}" width="${f(r * 1.8)}" height="${f(r * 1.8)}" rx="${f(r * 0.4)}" fill="${body}" stroke="${INK}" stroke-width="${f(size * 0.06)}"/>`
      if (icon.face === 'class') {
        return `${frame}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.42)}" fill="none" stroke="${symbol}" stroke-width="${f(size * 0.14)}"/>`
      }
      if (icon.face === 'power') {
        const d = r * 0.55
        return `${frame}<path d="M${f(cx)} ${f(cy - d)}L${f(cx + d)} ${f(cy)}L${f(cx)} ${f(cy + d)}L${f(cx - d)} ${f(cy)}Z" fill="${symbol}"/>`
      }
      return `${frame}<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.22)}" fill="${icon.die === 'basic' ? PAPER : symbol}"/>`
    }
  }
}
