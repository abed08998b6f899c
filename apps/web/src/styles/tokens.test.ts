import { readFileSync } from 'node:fs'
import path from 'node:path'
import { DICE_NAMES } from '@spellboard/core/cards'
import { describe, expect, it } from 'vitest'

const tokens = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8')

describe('dice colour tokens', () => {
  it.each(DICE_NAMES)('%s has a body and a symbol colour', (name) => {
    expect(tokens).toMatch(new RegExp(`--die-${name}-body: #[0-9a-f]{6};`))
    expect(tokens).toMatch(new RegExp(`--die-${name}-symbol: #[0-9a-f]{6};`))
  })

  it('draws the Ascendancy dice as DESIGN.md says: slate grey and cyan, violet and cream', () => {
    expect(tokens).toContain('--die-artifice-body: #4e5a66;')
    expect(tokens).toContain('--die-artifice-symbol: #5fe3f0;')
    expect(tokens).toContain('--die-astral-body: #7a4fd6;')
    expect(tokens).toContain('--die-astral-symbol: #fff3d1;')
  })
})
