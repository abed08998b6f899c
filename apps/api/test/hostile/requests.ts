import fc from 'fast-check'
import type { BodySpec, Endpoint } from './endpoints.ts'
import {
  deepJson,
  hostileJsonArb,
  hugeString,
  invalidUtf8Arb,
  RAW_JSON_NUMBERS,
  toWellFormed,
  urlPieceArb,
} from './values.ts'
import { AUTH_KINDS, type AuthKind, type Pools } from './world.ts'

/** One request as built; the Authorization header is resolved when it is sent (fresh tokens). */
export type HostileRequest = {
  endpoint: string
  method: string
  url: string
  auth: AuthKind
  headers: Record<string, string>
  payload?: string | Buffer
  /** Which kind of body this is, for the run's summary. */
  bodyKind: string
}

type Body = { kind: string; contentType?: string; payload?: string | Buffer }

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
]
const WRONG_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
  ';;;',
  'application/json; boundary=x; charset="',
]

function multipart(fields: [string, string | Buffer][], fileField?: string): Body {
  const boundary = `----hostile${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    ]),
  )
  if (fileField) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="../../x.sh"\r\ncontent-type: application/octet-stream\r\n\r\n#!/bin/sh\r\n`,
      ),
    )
  }
  return {
    kind: fileField ? 'multipart-file' : 'multipart',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  }
}

/** Bodies that are wrong as a whole, whatever the route expects. */
const spoiledBodyArb: fc.Arbitrary<Body> = fc.oneof(
  hostileJsonArb.map((value) => ({
    kind: 'random-json',
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  })),
  fc
    .tuple(
      fc.constantFrom(100, 3_000, 50_000, 200_000),
      fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
    )
    .map(([depth, kind]) => ({
      kind: `deep-${kind}`,
      contentType: 'application/json',
      payload: deepJson(depth, kind),
    })),
  fc.constantFrom(
    { kind: 'over-limit', contentType: 'application/json', payload: `"${hugeString(2_000_000)}"` },
    {
      kind: 'big-array',
      contentType: 'application/json',
      payload: JSON.stringify(Array.from({ length: 90_000 }, (_, i) => i)),
    },
    { kind: 'empty', contentType: 'application/json', payload: '' },
    { kind: 'whitespace', contentType: 'application/json', payload: ' \n\t ' },
    { kind: 'no-body', contentType: 'application/json' },
  ),
  fc
    .constantFrom(
      '{"a":',
      "{'single': 'quotes'}",
      'NaN',
      '{"a":1,}',
      '[1,2',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      'undefined',
      '\ufeff{}',
      ...RAW_JSON_NUMBERS.map((n) => `{"id":${n},"count":${n},"last_seen_entity_id":${n}}`),
    )
    .map((payload) => ({ kind: 'malformed', contentType: 'application/json', payload })),
  invalidUtf8Arb.map((bytes) => ({
    kind: 'bad-utf8',
    contentType: 'application/json',
    payload: Buffer.concat([
      Buffer.from('{"text":"'),
      bytes,
      Buffer.from('","email":"'),
      bytes,
      Buffer.from('"}'),
    ]),
  })),
  invalidUtf8Arb.map((bytes) => ({
    kind: 'raw-bytes',
    contentType: 'application/json',
    payload: bytes,
  })),
)

function jsonBodyArb(spec: Extract<BodySpec, { kind: 'json' }>, pools: Pools): fc.Arbitrary<Body> {
  const modelled = spec.model(pools).map((value) => JSON.stringify(value) ?? 'null')
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .tuple(modelled, fc.constantFrom(...JSON_TYPES))
        .map(([payload, contentType]) => ({ kind: 'modelled', contentType, payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(modelled, fc.constantFrom(...WRONG_TYPES, undefined))
        .map(([payload, contentType]) => ({
          kind: 'wrong-content-type',
          payload,
          ...(contentType ? { contentType } : {}),
        })),
    },
    {
      weight: 1,
      arbitrary: modelled.map((payload) => ({
        kind: 'truncated',
        contentType: 'application/json',
        payload: payload.slice(0, Math.max(1, Math.floor(payload.length / 2))),
      })),
    },
    { weight: 4, arbitrary: spoiledBodyArb },
  )
}

const formText = (record: Record<string, string>) =>
  new URLSearchParams(
    Object.entries(record).map(([k, v]): [string, string] => [k, toWellFormed(v)]),
  ).toString()

function formBodyArb(spec: Extract<BodySpec, { kind: 'form' }>, pools: Pools): fc.Arbitrary<Body> {
  const fields = spec.model(pools)
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fields.map((record) => ({
        kind: 'urlencoded',
        contentType: 'application/x-www-form-urlencoded',
        payload: formText(record),
      })),
    },
    {
      weight: 4,
      arbitrary: fields.map((record) =>
        multipart(Object.entries(record).map(([k, v]) => [k, toWellFormed(v)])),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, invalidUtf8Arb)
        .map(([record, bytes]) => multipart([...Object.entries(record), ['username', bytes]])),
    },
    { weight: 1, arbitrary: fields.map((record) => multipart(Object.entries(record), 'password')) },
    {
      weight: 1,
      arbitrary: fields.map((record) => ({
        kind: 'repeated-fields',
        contentType: 'application/x-www-form-urlencoded',
        payload: `${formText(record)}&username=a&username=b&password=x&password=y`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        {
          kind: 'huge-field',
          contentType: 'application/x-www-form-urlencoded',
          payload: `username=${hugeString(100_000)}&password=x`,
        },
        multipart([
          ['username', hugeString(50_000)],
          ['password', 'x'],
        ]),
        multipart(Array.from({ length: 200 }, (_, i) => [`f${i}`, 'x'])),
        {
          kind: 'broken-multipart',
          contentType: 'multipart/form-data; boundary=abc',
          payload: '--abc\r\ncontent-disposition: form-data; name="username"\r\n\r\nx',
        },
        { kind: 'no-boundary', contentType: 'multipart/form-data', payload: 'username=x' },
        {
          kind: 'bad-percent',
          contentType: 'application/x-www-form-urlencoded',
          payload: 'username=%FF%FE&password=%&scope=%zz',
        },
      ),
    },
    { weight: 2, arbitrary: spoiledBodyArb },
  )
}

function bodyArb(spec: BodySpec, pools: Pools): fc.Arbitrary<Body> {
  if (spec.kind === 'json') return jsonBodyArb(spec, pools)
  if (spec.kind === 'form') return formBodyArb(spec, pools)
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 1, arbitrary: spoiledBodyArb },
  )
}

/** A path value: usually real, sometimes hostile, sometimes real with something glued on. */
function pathValueArb(real: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const encoded = real.map((value) => encodeURIComponent(String(value)))
  return fc.oneof(
    { weight: 6, arbitrary: encoded },
    { weight: 3, arbitrary: urlPieceArb },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          encoded,
          fc.constantFrom(
            "'",
            '%27%20OR%201=1',
            '%00',
            '/..',
            '.json',
            '%20',
            '0',
            '-1',
            '.5',
            'e5',
          ),
        )
        .map(([value, suffix]) => `${value}${suffix}`),
    },
  )
}

function queryArb(endpoint: Endpoint, pools: Pools): fc.Arbitrary<string> {
  const known = Object.entries(endpoint.query ?? {}).map(([key, values]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
      {
        weight: 3,
        arbitrary: fc
          .array(
            fc.oneof(
              {
                weight: 3,
                arbitrary: values(pools).map((v) => encodeURIComponent(toWellFormed(v))),
              },
              { weight: 1, arbitrary: urlPieceArb },
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((list) => list.map((value): [string, string] => [key, value])),
      },
    ),
  )
  const strangers = fc.array(
    fc.oneof(
      fc.tuple(urlPieceArb, urlPieceArb).map(([k, v]) => `${k}=${v}`),
      fc.constantFrom(
        'a',
        '=',
        '&',
        '=x',
        'limit[]=1',
        'limit[0]=1',
        'offset[a]=1',
        '__proto__=x',
        '__proto__[is_admin]=1',
        'constructor[prototype][x]=1',
        'toString=1',
        'hasOwnProperty=1',
        `q=${'a'.repeat(20_000)}`,
        Array.from({ length: 500 }, (_, i) => `types=ally&x${i}=1`).join('&'),
      ),
    ),
    { maxLength: 2 },
  )
  return fc.tuple(fc.tuple(...known), strangers, fc.boolean()).chain(([groups, extra, shuffle]) => {
    const pairs = [...groups.flat().map(([k, v]) => `${k}=${v}`), ...extra]
    return (
      shuffle ? fc.shuffledSubarray(pairs, { minLength: pairs.length }) : fc.constant(pairs)
    ).map((list) => list.join('&'))
  })
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

/** A request to `endpoint`, built from the pools and spoiled in a few ways at once. */
export function requestArb(endpoint: Endpoint, pools: Pools): fc.Arbitrary<HostileRequest> {
  const params = Object.entries(endpoint.params ?? {}).map(([name, pool]) =>
    pathValueArb(
      fc.nat().map((i) => {
        const list = pools[pool] as unknown[]
        return list.length === 0 ? 'missing' : list[i % list.length]
      }),
    ).map((value): [string, string] => [name, value]),
  )
  return fc
    .record({
      params: fc.tuple(...params),
      query: endpoint.query ? queryArb(endpoint, pools) : fc.constant(''),
      body: bodyArb(endpoint.body, pools),
      auth: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom<AuthKind>('owner', 'other', 'admin') },
        { weight: 2, arbitrary: fc.constant<AuthKind>('none') },
        { weight: 3, arbitrary: fc.constantFrom(...AUTH_KINDS) },
      ),
      method: fc.oneof(
        { weight: 19, arbitrary: fc.constant(endpoint.method) },
        { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
      ),
      trailing: fc.constantFrom('', '', '', '', '', '', '/', '//', '?', '#frag'),
      headers: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Record<string, string>>({}) },
        {
          weight: 1,
          arbitrary: fc.record(
            {
              host: fc.constantFrom('evil.example', 'a b', '[::1]:99999', '', 'x'.repeat(300)),
              'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not an ip', '::1, 10.0.0.1'),
              'x-forwarded-proto': fc.constantFrom('javascript', 'https', ''),
              origin: fc.constantFrom('https://evil.example', 'null'),
              'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0, *;q=0', 'x'),
              // Deck versions (PUT /v2/decks): stale, weak, malformed, huge.
              'if-match': fc.constantFrom(
                '*',
                '"1-1"',
                'W/"1-1"',
                '"1-99999999999999999999"',
                '"',
                ', ,"x", W/',
                `"${'9'.repeat(5000)}"`,
                "'; drop table deck; --",
              ),
            },
            { requiredKeys: [] },
          ),
        },
      ),
    })
    .map(({ params: values, query, body, auth, method, trailing, headers }) => {
      let path = endpoint.path
      for (const [name, value] of values) path = path.replace(`{${name}}`, value)
      const url = `${path}${trailing}${query ? `${trailing.includes('?') ? '&' : '?'}${query}` : ''}`
      const requestHeaders: Record<string, string> = { ...headers }
      if (body.contentType) requestHeaders['content-type'] = body.contentType
      return {
        endpoint: `${endpoint.method} ${endpoint.path}`,
        method,
        url,
        auth,
        headers: requestHeaders,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        bodyKind: body.kind,
      }
    })
}

export const describeRequest = (request: HostileRequest) => {
  const payload =
    request.payload === undefined
      ? ''
      : ` body(${request.bodyKind}, ${request.payload.length} bytes): ${
          Buffer.isBuffer(request.payload)
            ? request.payload.subarray(0, 200).toString('hex')
            : request.payload.slice(0, 300)
        }`
  return `${request.method} ${request.url.slice(0, 400)} auth=${request.auth} headers=${JSON.stringify(request.headers)}${payload}`
}
