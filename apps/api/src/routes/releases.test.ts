import { existsSync } from 'node:fs'
import { releaseSchema } from '@spellboard/core/card-schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  bearer,
  buildTestApp,
  createTestUser,
  REAL_DATA_DIR,
  type TestApp,
  type TestUser,
} from '../../test/helpers.ts'
import { wireBody } from '../../test/wire.ts'
import { importFolder } from '../import/import-folder.ts'

type Release = { name: string; stub: string; is_legacy: boolean; is_mine?: boolean }

describe.skipIf(!existsSync(REAL_DATA_DIR))('releases and collections', () => {
  let t: TestApp
  let player: TestUser
  const releases = async (query = '', user?: TestUser) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v2/releases${query}`,
      headers: user ? bearer(user) : {},
    })
    const body: Release[] =
      response.statusCode === 200
        ? wireBody(z.array(releaseSchema), response.json())
        : response.json()
    return { status: response.statusCode, body }
  }
  const putMine = async (payload: unknown, user: TestUser | null = player) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/v2/releases/mine',
      headers: { 'content-type': 'application/json', ...(user ? bearer(user) : {}) },
      payload: JSON.stringify(payload),
    })
    return { status: response.statusCode, body: response.json() }
  }
  const owned = (list: Release[]) => list.filter((r) => r.is_mine).map((r) => r.stub)

  beforeAll(async () => {
    t = await buildTestApp()
    await importFolder(t.database, REAL_DATA_DIR)
    player = await createTestUser(t)
  })
  afterAll(async () => {
    await t.close()
  })

  it('lists public releases of an edition in publication order, without is_mine for anonymous callers', async () => {
    const reborn = await releases()
    expect(reborn.status).toBe(200)
    expect(reborn.body).toHaveLength(16)
    expect(reborn.body[0]).toEqual({ name: 'Master Set', stub: 'master-set', is_legacy: false })
    expect(reborn.body.every((release) => !('is_mine' in release))).toBe(true)
    const legacy = await releases('?show_legacy=true')
    expect(legacy.body).toHaveLength(24)
    expect(legacy.body[0]).toEqual({ name: 'Core Set', stub: 'core-set', is_legacy: true })
    expect(legacy.body.every((release) => release.is_legacy)).toBe(true)
  })

  it('gives a logged-in caller is_mine on every item', async () => {
    const { body } = await releases('', player)
    expect(body.every((release) => release.is_mine === false)).toBe(true)
  })

  it('replaces the collection with the public Reborn releases named', async () => {
    const first = await putMine(['master-set', 'the-grave-king', 'core-set', 'nonsense'])
    expect(first.status).toBe(200)
    expect(first.body).toHaveLength(16)
    expect(owned(first.body)).toEqual(['master-set', 'the-grave-king'])
    expect(owned((await releases('', player)).body)).toEqual(['master-set', 'the-grave-king'])
    // Legacy releases are never part of a collection.
    expect(owned((await releases('?show_legacy=true', player)).body)).toEqual([])

    const second = await putMine(['the-law-of-lions', 'the-law-of-lions'])
    expect(owned(second.body)).toEqual(['the-law-of-lions'])
    expect(owned((await putMine([])).body)).toEqual([])
  })

  it('keeps each player’s collection apart', async () => {
    const other = await createTestUser(t)
    await putMine(['master-set'], other)
    await putMine(['the-grave-king'])
    expect(owned((await releases('', other)).body)).toEqual(['master-set'])
    expect(owned((await releases('', player)).body)).toEqual(['the-grave-king'])
  })

  it.each([
    ['an object', { releases: ['master-set'] }],
    ['a string', 'master-set'],
    ['numbers', [1, 2]],
    ['null', null],
  ])('refuses %s with 422', async (_, payload) => {
    const { status, body } = await putMine(payload)
    expect(status).toBe(422)
    expect(body.detail[0].loc[0]).toBe('body')
  })

  it('survives a huge list of unknown stubs', async () => {
    const stubs = Array.from({ length: 20_000 }, (_, index) => `release-${index}`)
    const { status, body } = await putMine(stubs)
    expect(status).toBe(200)
    expect(owned(body)).toEqual([])
  })

  it('needs a log-in to change a collection, and a valid token to read', async () => {
    expect((await putMine(['master-set'], null)).status).toBe(401)
    const response = await t.app.inject({
      method: 'GET',
      url: '/v2/releases',
      headers: { authorization: 'Bearer stale' },
    })
    expect(response.statusCode).toBe(401)
  })
})
