import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
} from '../../test/helpers.ts'
import { queryRows } from '../db/client.ts'
import { importFolder } from '../import/import-folder.ts'

describe.skipIf(!existsSync(REAL_DATA_DIR))('generated card faces', () => {
  let t: TestApp
  const get = async (url: string, headers: Record<string, string> = {}) =>
    await t.app.inject({ method: 'GET', url, headers })

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
  })
  afterAll(async () => {
    await t.close()
  })

  it.each([
    ['/card-images/hammer-knight.svg', 300, 420, 'Master Set'],
    ['/card-images/legacy/hammer-knight.svg', 332, 452, 'Core Set'],
    ['/card-images/legacy-preview/hammer-knight.svg', 299, 418, 'Core Set'],
  ])('%s is a %ix%i face', async (url, width, height, release) => {
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers['cache-control']).toMatch(/max-age=\d{5,}/)
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(response.body).toContain(`width="${width}" height="${height}"`)
    expect(response.body).toContain(`>${release}</text>`)
  })

  it('shows no raw markup on the face of any card, Reborn or Legacy', async () => {
    const cards = await queryRows<{ stub: string; is_legacy: boolean }>(
      t.database.db,
      sql`select c.stub, c.is_legacy from card c join release r on r.id = c.release_id
          where r.is_public`,
    )
    expect(cards.length).toBeGreaterThan(600)
    const raw: string[] = []
    for (const card of cards) {
      const url = `/card-images/${card.is_legacy ? 'legacy/' : ''}${card.stub}.svg`
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      if (/\[\[|\]\]/.test(response.body)) raw.push(url)
    }
    expect(raw).toEqual([])
  })

  it('answers 304 to a matching If-None-Match, and ignores tokens', async () => {
    const first = await get('/card-images/aradel-summergaard.svg')
    const etag = String(first.headers.etag)
    const again = await get('/card-images/aradel-summergaard.svg', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const stale = await get('/card-images/aradel-summergaard.svg', { authorization: 'Bearer x' })
    expect(stale.statusCode).toBe(200)
  })

  it.each([
    '/card-images/no-such-card.svg',
    '/card-images/hammer-knight.png',
    '/card-images/hammer-knight',
    '/card-images/HAMMER-KNIGHT.svg',
    '/card-images/harvest-soul.svg',
    '/card-images/legacy/rin-northfell-reborn-only.svg',
    '/card-images/..%2F..%2Fpackage.json',
    `/card-images/${'a'.repeat(400)}.svg`,
  ])('%s → 404', async (url) => {
    const response = await get(url)
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not Found' })
  })

  it('draws a card again after an edit, under a new ETag', async () => {
    const admin = await createTestUser(t, { isAdmin: true })
    const before = await get('/card-images/anchornaut.svg')
    await t.app.inject({
      method: 'PATCH',
      url: '/v2/cards/anchornaut',
      headers: bearer(admin),
      payload: { text: 'Shield <Wall> & "friends"' },
    })
    const after = await get('/card-images/anchornaut.svg')
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.body).toContain('&lt;Wall&gt; &amp; &quot;friends&quot;')
  })
})
