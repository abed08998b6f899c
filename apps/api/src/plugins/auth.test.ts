import { expect, it } from 'vitest'
import { logSafeUrl } from './auth.ts'

it.each([
  ['/v2/players/new/6f1f8a3e-2f4b-4c2a-9c1e-0a1b2c3d4e5f', '/v2/players/new/<uuid>'],
  ['/v2/reset/6F1F8A3E2F4B4C2A9C1E0A1B2C3D4E5F/', '/v2/reset/<uuid>/'],
  [
    '/v2/decks/export/6f1f8a3e-2f4b-4c2a-9c1e-0a1b2c3d4e5f?deck_share_uuid=0b5ea6c4-3c8e-4f57-9a39-2b6f0e1d7c11',
    '/v2/decks/export/<uuid>?deck_share_uuid=<uuid>',
  ],
  ['/v2/players/1ab*', '/v2/players/1ab*'],
  ['/v2/decks/123', '/v2/decks/123'],
])('logs %s as %s', (url, logged) => {
  expect(logSafeUrl(url)).toBe(logged)
})
