import type { DiceName } from '@spellboard/core/cards'

/**
 * Dice colours of the physical dice, body and symbol: the same pairs as the web app's
 * `--die-<type>-body/-symbol` tokens (apps/web/src/styles/tokens.css), which a generated image
 * cannot read.
 */
export const DICE_COLOURS: Record<DiceName, { body: string; symbol: string }> = {
  ceremonial: { body: '#1f1d1d', symbol: '#e0302a' },
  charm: { body: '#f06fa8', symbol: '#ffe14d' },
  illusion: { body: '#4b2a7b', symbol: '#9fd8ff' },
  natural: { body: '#1f5fbf', symbol: '#b6f03c' },
  divine: { body: '#fbfaf5', symbol: '#c99a1b' },
  sympathy: { body: '#11827f', symbol: '#ead9ad' },
  time: { body: '#7a1d1d', symbol: '#d9d9d9' },
  artifice: { body: '#4e5a66', symbol: '#5fe3f0' },
  astral: { body: '#7a4fd6', symbol: '#fff3d1' },
  basic: { body: '#a5a29a', symbol: '#ffffff' },
}

export const INK = '#1d1b18'
export const PAPER = '#f7f2e7'
export const MUTED = '#5c564c'
export const FRAME = '#2b2722'

/** Relative luminance, to pick readable text over a colour. */
export function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16)
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0) > 0.4
}
