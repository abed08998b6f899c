import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Card } from '@spellboard/core/card-schemas'
import { describe, expect, it } from 'vitest'
import { textWidth } from './metrics.ts'
import { escapeXml, renderCardFace } from './render.ts'
import { fitText, layoutText } from './text-layout.ts'

const ally: Card = {
  name: 'Hammer Knight',
  stub: 'hammer-knight',
  type: 'Ally',
  release: { name: 'Master Set', stub: 'master-set' },
  placement: 'Battlefield',
  cost: ['[[main]]', '1 [[ceremonial:power]]', ['1 [[natural:class]]', '1 [[charm:class]]']],
  dice: ['ceremonial', 'natural'],
  text: 'Aftershock 1: After this unit destroys a unit, deal 1 damage.\n\n* Alert: [[exhaust]] never.',
  attack: 3,
  life: 4,
  recover: 2,
}

describe('escapeXml', () => {
  it.each([
    ['<script>&"\'', '&lt;script&gt;&amp;&quot;&apos;'],
    ['plain', 'plain'],
    ['bell\u0007nul\u0000', 'bellnul'],
  ])('%j', (input, expected) => {
    expect(escapeXml(input)).toBe(expected)
  })
})

describe('layoutText', () => {
  it('wraps inside the width and keeps every word', () => {
    const text = 'Deal 2 damage to a target unit. Then draw 1 card and discard 1 card.'
    const layout = layoutText(text, 120, 10)
    expect(layout.lines.length).toBeGreaterThan(1)
    for (const line of layout.lines) {
      const last = line.pieces.at(-1)
      if (last?.kind === 'text')
        expect(last.x + textWidth(last.text, 10, last.bold)).toBeLessThanOrEqual(120)
    }
    const words = layout.lines.flatMap((line) =>
      line.pieces.flatMap((piece) => (piece.kind === 'text' ? [piece.text] : [])),
    )
    expect(words.join(' ')).toBe(text)
  })

  it('draws icons inside the text, bolds ability names and marks effect lines', () => {
    const layout = layoutText(
      'Water Blast: [[side]] - 1 [[natural:class]]: Deal 2.\n* Guard',
      500,
      10,
    )
    const [first, second] = layout.lines
    expect(first?.pieces[0]).toMatchObject({ kind: 'text', text: 'Water', bold: true })
    expect(
      first?.pieces.filter((piece) => piece.kind === 'icon').map((piece) => piece.icon),
    ).toEqual([
      { kind: 'glyph', name: 'side' },
      { kind: 'divider' },
      { kind: 'glyph', name: 'natural-class', die: 'natural' },
    ])
    expect(second?.marker).toBe('inexhaustible')
  })

  it('shrinks long text until it fits', () => {
    const text = 'A long rule. '.repeat(40)
    const fitted = fitText(text, 200, 120, { max: 12, min: 6 })
    expect(fitted.fontSize).toBeLessThan(12)
    expect(fitted.height).toBeLessThanOrEqual(120)
  })
})

describe('renderCardFace', () => {
  it('draws an SVG of the requested size with the card’s data', () => {
    const svg = renderCardFace(ally, { width: 300, height: 420 })
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="300" height="420"/)
    expect(svg).toContain('>Hammer Knight</text>')
    expect(svg).toContain('>Ally · Battlefield</text>')
    expect(svg).toContain('>Master Set</text>')
    expect(svg).toContain('>ATTACK</text>')
    expect(svg).toContain('>or</text>')
    expect(svg).not.toContain('[[')
  })

  it('escapes every text it draws', () => {
    const hostile: Card = {
      ...ally,
      name: '<img src=x onerror=alert(1)>',
      text: '</text><script>alert(1)</script> & [[<b>]]',
      release: { name: 'R&D "set"', stub: 'rd' },
    }
    const svg = renderCardFace(hostile, { width: 332, height: 452 })
    expect(svg).not.toMatch(/<(img|script|b)\b/)
    expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(svg).toContain('R&amp;D &quot;set&quot;')
    expect(svg).toContain('width="332" height="452"')
  })

  it('shows Phoenixborn stats and a Legacy mark', () => {
    const svg = renderCardFace(
      {
        name: 'Aradel Summergaard',
        stub: 'aradel-summergaard',
        type: 'Phoenixborn',
        release: { name: 'Core Set', stub: 'core-set', is_phg: true },
        battlefield: 8,
        life: 16,
        spellboard: 4,
        is_legacy: true,
      },
      { width: 299, height: 418 },
    )
    for (const label of ['BATTLEFIELD', 'LIFE', 'SPELLBOARD', 'Legacy']) {
      expect(svg).toContain(`>${label}</text>`)
    }
  })
})

/** The drawing of a sprite symbol: what both the web app's icons and the faces are made of. */
function spriteShape(id: string): string {
  const sprite = readFileSync(
    createRequire(import.meta.url).resolve('@spellboard/core/sprite.svg'),
    'utf8',
  )
  const symbol = new RegExp(`<symbol id="${id}"[^>]*>([\\s\\S]*?)</symbol>`).exec(sprite)?.[1]
  const shape = /<(?:path|circle|rect)[^>]*?\b(d|r)="([^"]+)"/.exec(
    symbol?.replace('<use href="#die-body"/>', '') ?? '',
  )
  if (!shape) throw new Error(`no symbol ${id} in the sprite`)
  return `${shape[1]}="${shape[2]}"`
}

describe('card faces draw the icons of card text', () => {
  it.each([
    ['main', '[[main]]'],
    ['side', '[[side]]'],
    ['exhaust', '[[exhaust]]'],
    ['ceremonial-power', '1 [[ceremonial:power]]'],
    ['time-power', '1 [[time:power]]'],
    ['natural-class', '1 [[natural:class]]'],
    ['basic', '1 [[basic]]'],
  ])('a %s cost is the sprite symbol', (id, cost) => {
    const svg = renderCardFace({ ...ally, cost: [cost], text: '' }, { width: 300, height: 420 })
    expect(svg).toContain(spriteShape(id))
  })

  it('marks inexhaustible and reaction effects with their symbols', () => {
    const svg = renderCardFace(
      { ...ally, text: '* Guard: Prevent 1 damage.\n\n~ Retort: Deal 1 damage.' },
      { width: 300, height: 420 },
    )
    expect(svg).toContain(spriteShape('inexhaustible'))
    expect(svg).toContain(spriteShape('reaction'))
  })

  it('paints the symbols: no custom property or currentColor is left for the viewer', () => {
    const svg = renderCardFace(ally, { width: 300, height: 420 })
    expect(svg).not.toMatch(/var\(|currentColor|<use\b/)
  })

  it('reads an unusual cost entry as symbols and words (Legacy Alchemist)', () => {
    const svg = renderCardFace(
      { ...ally, is_legacy: true, cost: ['[[main]]', '1 [[time:power]] : 1 [[basic]]'] },
      { width: 332, height: 452 },
    )
    expect(svg).not.toContain('[[')
    expect(svg).toContain(spriteShape('time-power'))
    expect(svg).toContain(spriteShape('basic'))
  })
})
