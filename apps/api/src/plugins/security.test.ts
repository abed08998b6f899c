import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers.ts'
import { securityHeaders } from './security.ts'

let t: TestApp
let webDist: string

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'spellboard-security-'))
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Spellboard</title>')
  t = await buildTestApp({
    env: { CDN_URL: 'https://cdn.example.org', WEB_DIST: webDist },
    serveWeb: true,
  })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

/** A Content-Security-Policy as its directives: name → values. */
function directivesOf(policy: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/)
        return [name, values]
      }),
  )
}

describe('security headers', () => {
  it('come with every answer, errors included', async () => {
    const urls = ['/', '/cards/', '/v2/releases', '/v2/cards/no-such-card', '/v2/cards?limit=-1']
    for (const url of urls) {
      const response = await t.app.inject({ url })
      expect(response.headers['x-content-type-options'], url).toBe('nosniff')
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN')
      expect(response.headers['strict-transport-security'], url).toContain('max-age=')
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin')
      expect(response.headers['x-powered-by'], url).toBeUndefined()
    }
  })

  it('on a page, forbid inline scripts and allow the content host for images', async () => {
    const response = await t.app.inject({ url: '/cards/' })
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const directives = directivesOf(response.headers['content-security-policy'])
    expect(directives['script-src']).toEqual(["'self'"])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    expect(directives['img-src']).toContain('https://cdn.example.org')
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it("on the API's answers, let nothing load or run and leave off what only a page reads", async () => {
    for (const url of ['/v2/releases', '/v2/cards/no-such-card']) {
      const response = await t.app.inject({ url })
      expect(response.headers['content-type'], url).toMatch(/^application\/json/)
      expect(directivesOf(response.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      })
      expect(response.headers['referrer-policy'], url).toBe('no-referrer')
      for (const pageOnly of ['cross-origin-opener-policy', 'x-dns-prefetch-control']) {
        expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined()
      }
    }
  })

  it('are worked out from the options alone', () => {
    const headers = securityHeaders({ contentSecurityPolicy: false, xFrameOptions: false })
    expect(headers['content-security-policy']).toBeUndefined()
    expect(headers['x-frame-options']).toBeUndefined()
    expect(headers['x-content-type-options']).toBe('nosniff')
  })
})
