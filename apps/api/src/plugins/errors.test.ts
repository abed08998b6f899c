import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildTestApp, type TestApp } from '../../test/helpers.ts'
import { pagingQuery, pathInt, qBool, qEnum, uuid4 } from '../lib/params.ts'
import { forbidden, tooMany, unprocessable } from '../lib/refusal.ts'

let t: TestApp

beforeAll(async () => {
  // A throw-away route exercising every kind of validation failure.
  t = await buildTestApp({
    extend: (app) =>
      app.register((scope, _options, done) => {
        scope.post(
          '/v2/__probe/:id',
          {
            schema: {
              params: z.object({ id: pathInt }),
              querystring: z.object({
                flag: qBool(),
                sort: qEnum(['name', 'cost'], 'name'),
                ...pagingQuery(),
              }),
              body: z.object({
                title: z.string().max(5),
                cards: z.array(z.object({ count: z.number().int().min(1) })),
                share: uuid4.optional(),
              }),
            },
          },
          async (request) => ({ ok: true, query: request.query, params: request.params }),
        )
        scope.get('/v2/__boom', () => {
          throw new Error('secret internals')
        })
        scope.get('/v2/__refuse/:kind', (request) => {
          const { kind } = request.params as { kind: string }
          if (kind === 'busy') throw tooMany('Slow down.', 7)
          if (kind === 'owner') throw forbidden('Not yours.')
          throw unprocessable([
            { type: 'value_error', loc: ['body', 'password'], msg: 'Too short.', input: 'hunter2' },
          ])
        })
        done()
      }),
  })
})
afterAll(() => t.close())

const probe = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as string, headers })

describe('error bodies', () => {
  it('answers unknown routes with 404 Not Found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/no-such-thing' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not Found' })
  })

  it('answers a known path with the wrong method with 405', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/health-check' })
    expect(response.statusCode).toBe(405)
    expect(response.json()).toEqual({ detail: 'Method Not Allowed' })
  })

  it('answers a thrown refusal with its status, detail and headers', async () => {
    const busy = await t.app.inject({ method: 'GET', url: '/v2/__refuse/busy' })
    expect(busy.statusCode).toBe(429)
    expect(busy.headers['retry-after']).toBe('7')
    expect(busy.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(busy.json()).toEqual({ detail: 'Slow down.' })
    const owner = await t.app.inject({ method: 'GET', url: '/v2/__refuse/owner' })
    expect([owner.statusCode, owner.json()]).toEqual([403, { detail: 'Not yours.' }])
    const issues = await t.app.inject({ method: 'GET', url: '/v2/__refuse/issues' })
    expect(issues.statusCode).toBe(422)
    const [issue] = issues.json().detail
    expect(issue).toMatchObject({
      type: 'value_error',
      loc: ['body', 'password'],
      msg: 'Too short.',
    })
    expect(issue.input).not.toBe('hunter2')
  })

  it('hides internals of unexpected errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/__boom' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('secret')
    expect(response.json()).toEqual({ detail: 'Internal Server Error' })
  })

  it('parses valid input', async () => {
    const response = await probe('/v2/__probe/7?flag=YES&sort=cost&limit=500', {
      title: 'abc',
      cards: [{ count: 1 }],
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      query: { flag: true, sort: 'cost', limit: 100, offset: 0 },
      params: { id: 7 },
    })
  })

  it('maps malformed JSON to json_invalid', async () => {
    const response = await probe('/v2/__probe/1', '{"title": ', {
      'content-type': 'application/json',
    })
    expect(response.statusCode).toBe(422)
    expect(response.json().detail[0]).toMatchObject({ type: 'json_invalid', loc: ['body', 0] })
  })

  it.each([
    ['no body at all', {}],
    ['a JSON null body', { payload: 'null', headers: { 'content-type': 'application/json' } }],
  ])('reports %s as a missing body', async (_, request) => {
    const response = await t.app.inject({ method: 'POST', url: '/v2/__probe/1', ...request })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }],
    })
  })

  it.each([
    [
      'missing body field',
      '/v2/__probe/1',
      { title: 'a' },
      { type: 'missing', loc: ['body', 'cards'], msg: 'Field required' },
    ],
    [
      'string too long',
      '/v2/__probe/1',
      { title: 'abcdefg', cards: [] },
      { type: 'string_too_long', loc: ['body', 'title'] },
    ],
    [
      'nested number too small',
      '/v2/__probe/1',
      { title: 'a', cards: [{ count: 0 }] },
      { type: 'greater_than_equal', loc: ['body', 'cards', 0, 'count'] },
    ],
    [
      'wrong type',
      '/v2/__probe/1',
      { title: 5, cards: [] },
      { type: 'string_type', loc: ['body', 'title'], input: 5 },
    ],
    [
      'bad uuid',
      '/v2/__probe/1',
      { title: 'a', cards: [], share: 'nope' },
      { type: 'uuid_parsing', loc: ['body', 'share'] },
    ],
    [
      'bad boolean',
      '/v2/__probe/1?flag=maybe',
      { title: 'a', cards: [] },
      { type: 'bool_parsing', loc: ['query', 'flag'], input: 'maybe' },
    ],
    [
      'unknown enum',
      '/v2/__probe/1?sort=foo',
      { title: 'a', cards: [] },
      { type: 'enum', loc: ['query', 'sort'], msg: "Input should be 'name' or 'cost'" },
    ],
    [
      'non-numeric limit',
      '/v2/__probe/1?limit=ten',
      { title: 'a', cards: [] },
      { type: 'int_parsing', loc: ['query', 'limit'] },
    ],
    [
      'zero limit',
      '/v2/__probe/1?limit=0',
      { title: 'a', cards: [] },
      { type: 'greater_than', loc: ['query', 'limit'] },
    ],
    [
      'negative offset',
      '/v2/__probe/1?offset=-1',
      { title: 'a', cards: [] },
      { type: 'greater_than_equal', loc: ['query', 'offset'] },
    ],
    [
      'non-numeric path id',
      '/v2/__probe/abc',
      { title: 'a', cards: [] },
      { type: 'int_parsing', loc: ['path', 'id'] },
    ],
  ])('422 for %s', async (_name, url, payload, expected) => {
    const response = await probe(url, payload)
    expect(response.statusCode).toBe(422)
    const [issue] = response.json().detail
    expect(issue).toMatchObject(expected)
    expect(Object.keys(issue)).toEqual(expect.arrayContaining(['type', 'loc', 'msg', 'input']))
  })

  it('refuses bodies past the size limit with 413', async () => {
    const response = await probe('/v2/__probe/1', {
      title: 'a',
      cards: [],
      pad: 'x'.repeat(2 * 1024 * 1024),
    })
    expect(response.statusCode).toBe(413)
    expect(typeof response.json().detail).toBe('string')
  })

  it('answers the health check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health-check' })
    expect(response.json()).toEqual({ status: 'okay', services: { database: 'okay' } })
  })
})
