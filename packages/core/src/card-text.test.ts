import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  type CardTextToken,
  cardNameToStub,
  parseCardCode,
  safeHttpUrl,
  tokenizeCardText,
} from './card-text.ts'

const text = (value: string): CardTextToken => ({ kind: 'text', text: value })

describe('parseCardCode', () => {
  it.each<[string, CardTextToken | null]>([
    ['main', { kind: 'icon', icon: 'main', label: 'Main action' }],
    ['side', { kind: 'icon', icon: 'side', label: 'Side action' }],
    ['exhaust', { kind: 'icon', icon: 'exhaust', label: 'Exhaust' }],
    ['discard', { kind: 'icon', icon: 'discard', label: 'Discard' }],
    ['Discard', { kind: 'icon', icon: 'discard', label: 'Discard' }],
    ['basic', { kind: 'icon', icon: 'basic', label: 'Basic magic', die: 'basic' }],
    ['charm', { kind: 'icon', icon: 'charm-power', label: 'Charm power', die: 'charm' }],
    ['charm:class', { kind: 'icon', icon: 'charm-class', label: 'Charm class', die: 'charm' }],
    ['time:power', { kind: 'icon', icon: 'time-power', label: 'Time power', die: 'time' }],
    [
      'sympathy: class',
      { kind: 'icon', icon: 'sympathy-class', label: 'Sympathy class', die: 'sympathy' },
    ],
    [
      'Illusion:Class',
      { kind: 'icon', icon: 'illusion-class', label: 'Illusion class', die: 'illusion' },
    ],
    ['nature', { kind: 'icon', icon: 'natural-power', label: 'Natural power', die: 'natural' }],
    [
      'nature:class',
      { kind: 'icon', icon: 'natural-class', label: 'Natural class', die: 'natural' },
    ],
    [
      'artifice:class',
      { kind: 'icon', icon: 'artifice-class', label: 'Artifice class', die: 'artifice' },
    ],
    ['astral', { kind: 'icon', icon: 'astral-power', label: 'Astral power', die: 'astral' }],
    ['basic:class', { kind: 'icon', icon: 'basic', label: 'Basic magic', die: 'basic' }],
    ['fire:class', { kind: 'emphasis', text: 'fire class' }],
    ['Hammer Knight', { kind: 'card', name: 'Hammer Knight', stub: 'hammer-knight' }],
    [
      'Summon Butterfly Monk',
      { kind: 'card', name: 'Summon Butterfly Monk', stub: 'summon-butterfly-monk' },
    ],
    ["Aradel's Favor", { kind: 'card', name: "Aradel's Favor", stub: 'aradels-favor' }],
    ['Rin, the Tiger', { kind: 'card', name: 'Rin, the Tiger', stub: 'rin-the-tiger' }],
    ['Three-Eyed  Owl', { kind: 'card', name: 'Three-Eyed Owl', stub: 'three-eyed-owl' }],
    [
      'a link https://example.org/x',
      { kind: 'link', text: 'a link', url: 'https://example.org/x' },
    ],
    [
      'https://example.org',
      { kind: 'link', text: 'https://example.org', url: 'https://example.org/' },
    ],
    ['rules ashes.live/rules', { kind: 'link', text: 'rules', url: 'https://ashes.live/rules' }],
    ['*https://example.org/a.png', { kind: 'image', url: 'https://example.org/a.png' }],
    ['*javascript:alert(1)', null],
    ['*data:image/png;base64,AAAA', null],
    ['click javascript:alert(1)', null],
    ['x data:text/html,<b>hi</b>', null],
    ['', null],
    ['123', null],
    ['<script>', null],
  ])('[[%s]]', (code, expected) => {
    expect(parseCardCode(code)).toEqual(expected)
  })
})

describe('tokenizeCardText', () => {
  it.each<[string, string, CardTextToken[]]>([
    ['plain text', 'Just words.', [text('Just words.')]],
    [
      'an ability cost with a divider',
      '[[main]] - [[exhaust]]: Draw a card.',
      [
        { kind: 'icon', icon: 'main', label: 'Main action' },
        text(' '),
        { kind: 'divider' },
        text(' '),
        { kind: 'icon', icon: 'exhaust', label: 'Exhaust' },
        text(': Draw a card.'),
      ],
    ],
    [
      'a cost entry with a count',
      '2 [[ceremonial:class]]',
      [
        text('2 '),
        { kind: 'icon', icon: 'ceremonial-class', label: 'Ceremonial class', die: 'ceremonial' },
      ],
    ],
    [
      'a conjuration named in text',
      'Place a [[Butterfly Monk]] conjuration.',
      [
        text('Place a '),
        { kind: 'card', name: 'Butterfly Monk', stub: 'butterfly-monk' },
        text(' conjuration.'),
      ],
    ],
    ['an unknown code stays literal', 'a [[???]] b', [text('a [[???]] b')]],
    ['a hyphen without spaces is not a divider', 'Three-Eyed Owl', [text('Three-Eyed Owl')]],
    ['unclosed brackets stay literal', '[[main', [text('[[main')]],
    ['brackets across lines stay literal', '[[ma\nin]]', [text('[[ma\nin]]')]],
    ['HTML is only text', '<b>bold</b> <main>', [text('<b>bold</b> <main>')]],
    [
      'nested brackets take the inner code',
      '[[[[main]]]]',
      [text('[['), { kind: 'icon', icon: 'main', label: 'Main action' }, text(']]')],
    ],
  ])('%s', (_, input, expected) => {
    expect(tokenizeCardText(input)).toEqual(expected)
  })

  it('keeps list, quote and emphasis markers in the text for the block renderer', () => {
    expect(tokenizeCardText('* Respark: 2 [[basic]]\n\n~ **Bold** > q')).toEqual([
      text('* Respark: 2 '),
      { kind: 'icon', icon: 'basic', label: 'Basic magic', die: 'basic' },
      text('\n\n~ **Bold** > q'),
    ])
  })
})

describe('safeHttpUrl', () => {
  it.each([
    ['https://example.org/a b', 'https://example.org/a%20b'],
    ['HTTP://EXAMPLE.ORG', 'http://example.org/'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['  javascript:alert(1)', null],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['vbscript:msgbox', null],
    ['//evil.example', null],
    ['/relative', null],
    ['https://', null],
  ])('%s → %s', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected)
  })
})

describe('cardNameToStub', () => {
  it.each([
    ["Aradel's Favor", 'aradels-favor'],
    ['Rin, the Tiger', 'rin-the-tiger'],
    ['Summon  Iron Rhino', 'summon-iron-rhino'],
    ['Molly’s Charm', 'mollys-charm'],
  ])('%s → %s', (name, stub) => expect(cardNameToStub(name)).toBe(stub))
})

// The shared example data (645 cards of both editions), when this checkout has it beside it.
const REAL_CARDS = path.resolve(
  import.meta.dirname,
  '../../../../shared/data/ashes-2021/cards.json',
)

describe.skipIf(!existsSync(REAL_CARDS))('the real card data', () => {
  const cards = existsSync(REAL_CARDS)
    ? (JSON.parse(readFileSync(REAL_CARDS, 'utf8')) as {
        text?: string
        cost?: (string | string[])[]
      }[])
    : []

  it('uses no code the tokenizer does not understand', () => {
    const unread = cards.flatMap((card) =>
      tokenizeCardText(card.text ?? '').filter(
        (token) =>
          (token.kind === 'text' && token.text.includes('[[')) || token.kind === 'emphasis',
      ),
    )
    expect(unread).toEqual([])
  })

  it('reads every cost entry as icons with counts', () => {
    const entries = cards.flatMap((card) => (card.cost ?? []).flat())
    expect(entries.length).toBeGreaterThan(500)
    for (const entry of entries) {
      expect(
        tokenizeCardText(entry).some((token) => token.kind === 'icon'),
        entry,
      ).toBe(true)
    }
  })
})
