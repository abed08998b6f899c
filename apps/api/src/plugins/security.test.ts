import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers.ts'
import { securityHeaders } from './security.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ env: { CDN_URL: 'https://cdn.example.org' } })
})
afterAll(() => t.close())

describe('security headers', () => {
  it('come with every answer, errors included', async () => {
    for (const url of ['/v2/releases', '/v2/cards/no-such-card', '/v2/cards?limit=-1']) {
      const response = await t.app.inject({ url })
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN')
      expect(response.headers['strict-transport-security'], url).toContain('max-age=')
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin')
      expect(response.headers['x-powered-by'], url).toBeUndefined()
    }
  })

  it('forbid inline scripts and allow the content host for images', async () => {
    const response = await t.app.inject({ url: '/v2/releases' })
    const policy = String(response.headers['content-security-policy'])
    const directives = Object.fromEntries(
      policy.split(';').map((part) => {
        const [name, ...values] = part.trim().split(/\s+/)
        return [name, values]
      }),
    )
    expect(directives['script-src']).toEqual(["'self'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    expect(directives['img-src']).toContain('https://cdn.example.org')
    expect(policy).not.toContain('upgrade-insecure-requests')
  })

  it('are worked out from the options alone', () => {
    const headers = securityHeaders({ contentSecurityPolicy: false, xFrameOptions: false })
    expect(headers['content-security-policy']).toBeUndefined()
    expect(headers['x-frame-options']).toBeUndefined()
    expect(headers['x-content-type-options']).toBe('nosniff')
  })
})
