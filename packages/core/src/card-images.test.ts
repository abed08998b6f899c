import { describe, expect, it } from 'vitest'
import { type CardImageVariant, cardImageUrl } from './card-images.ts'

describe('cardImageUrl', () => {
  const cdn = { apiUrl: 'https://api.example.org', cdnUrl: 'https://cdn.example.org' }
  const local = { apiUrl: '', cdnUrl: '' }

  it.each<[string, typeof cdn, CardImageVariant, string]>([
    [
      'content host, Reborn',
      cdn,
      'reborn',
      'https://cdn.example.org/images/cards/hammer-knight.jpg',
    ],
    [
      'content host, Legacy',
      cdn,
      'legacy',
      'https://cdn.example.org/legacy/images/cards/hammer-knight.jpg',
    ],
    [
      'content host, Legacy preview',
      cdn,
      'legacy-preview',
      'https://cdn.example.org/legacy/images/cards/hammer-knight-preview.jpg',
    ],
    ['generated, Reborn', local, 'reborn', '/card-images/hammer-knight.svg'],
    ['generated, Legacy', local, 'legacy', '/card-images/legacy/hammer-knight.svg'],
    [
      'generated, Legacy preview',
      local,
      'legacy-preview',
      '/card-images/legacy-preview/hammer-knight.svg',
    ],
    [
      'generated on another API host',
      { apiUrl: 'https://api.example.org', cdnUrl: '' },
      'reborn',
      'https://api.example.org/card-images/hammer-knight.svg',
    ],
  ])('%s', (_, config, variant, url) => {
    expect(cardImageUrl('hammer-knight', variant, config)).toBe(url)
  })

  it('keeps a hostile stub inside the path', () => {
    expect(cardImageUrl('../x?y#z', 'reborn', local)).toBe('/card-images/..%2Fx%3Fy%23z.svg')
  })
})
