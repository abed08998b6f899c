import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/helpers.ts'
import { bodyText } from '../../test/hostile/checks.ts'
import { importFolder } from '../import/import-folder.ts'
import { DEMO_DATA_DIR } from '../paths.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
  await importFolder(t.database, DEMO_DATA_DIR)
})
afterAll(() => t.close())

const LISTING = '/v2/cards?limit=50'
const read = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('compressed answers', () => {
  it('a kept answer goes out compressed as its first reader asked, the same bytes each time', async () => {
    // The first reader computes the answer, which is kept with its compressed form.
    const first = await read(LISTING, { 'accept-encoding': 'gzip, deflate, br' })
    const second = await read(LISTING, { 'accept-encoding': 'gzip, deflate, br' })
    const plain = await read(LISTING)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(1024)
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-encoding']).toBe('br')
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i)
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length)
      expect(answer.rawPayload.length).toBeLessThan(plain.body.length / 2)
      expect(JSON.parse(bodyText(answer))).toEqual(plain.json())
    }
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it('a client asking for another encoding, or none, gets the same answer its own way', async () => {
    const kept = await read(`${LISTING}&offset=1`, { 'accept-encoding': 'br' })
    expect(kept.headers['content-encoding']).toBe('br')
    const gzip = await read(`${LISTING}&offset=1`, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(bodyText(gzip)).toBe(bodyText(kept))
    const refused = await read(`${LISTING}&offset=1`, {
      'accept-encoding': 'br',
      'x-no-compression': '1',
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body).toBe(bodyText(kept))
    const identity = await read(`${LISTING}&offset=1`, { 'accept-encoding': 'identity' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body).toBe(bodyText(kept))
  })

  it('a short answer goes out as it is', async () => {
    const one = await read('/v2/cards?limit=1', { 'accept-encoding': 'br' })
    expect(one.statusCode).toBe(200)
    expect(one.body.length).toBeLessThan(1024)
    expect(one.headers['content-encoding']).toBeUndefined()
  })
})
