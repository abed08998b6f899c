import { readdirSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDeckTestApp } from '../../test/deck-fixtures.ts'
import { buildTestApp, createTestUser, type TestApp } from '../../test/helpers.ts'
import { buildApp } from '../app.ts'
import { ensureSecretKey, parseConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { REQUEST_TIMEOUT_MS } from '../plugins/connections.ts'

/** The client address the app settled on, as a route added for the test reports it. */
async function clientAddress(env: Record<string, string>, headers: Record<string, string>) {
  const t = await buildTestApp({
    env,
    extend: (app) => app.get('/test/ip', (request) => ({ ip: request.ip })),
  })
  try {
    const response = await t.app.inject({ url: '/test/ip', remoteAddress: '10.0.0.9', headers })
    return response.json().ip as string
  } finally {
    await t.close()
  }
}

describe('TRUST_PROXY', () => {
  const forwarded = { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.0.0.5' }

  it('is off by default: X-Forwarded-For is ignored', async () => {
    expect(await clientAddress({}, forwarded)).toBe('10.0.0.9')
  })

  it('takes the client that many hops from the right, never the left-most entry', async () => {
    expect(await clientAddress({ TRUST_PROXY: '1' }, forwarded)).toBe('10.0.0.5')
    expect(await clientAddress({ TRUST_PROXY: '2' }, forwarded)).toBe('198.51.100.1')
    // `true` means one proxy, not "believe the whole header".
    expect(await clientAddress({ TRUST_PROXY: 'true' }, forwarded)).toBe('10.0.0.5')
  })

  it('skips only the proxies listed by address', async () => {
    expect(await clientAddress({ TRUST_PROXY: '10.0.0.0/8' }, forwarded)).toBe('198.51.100.1')
    expect(await clientAddress({ TRUST_PROXY: '10.0.0.9' }, forwarded)).toBe('10.0.0.5')
    expect(await clientAddress({ TRUST_PROXY: '192.0.2.1' }, forwarded)).toBe('10.0.0.9')
  })
})

/** A real server on a free port. */
async function listening(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const address = t.app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { t, port }
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve()
    socket.once('close', () => resolve())
  })

function get(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ port, host: '127.0.0.1', path: url }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.once('error', reject)
    request.end()
  })
}

describe('slow clients', () => {
  let server: Awaited<ReturnType<typeof listening>>
  beforeAll(async () => {
    server = await listening({ MAX_CONNECTIONS_PER_CLIENT: '8' })
  })
  afterAll(() => server.t.close())

  it('a body sent one byte at a time is cut off within 30 s', async () => {
    const socket = await openSocket(server.port)
    socket.on('error', () => {})
    const started = performance.now()
    socket.write(
      'POST /v2/players/new HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{',
    )
    const trickle = setInterval(() => socket.writable && socket.write(' '), 500)
    await closed(socket)
    clearInterval(trickle)
    const seconds = (performance.now() - started) / 1000
    expect(seconds).toBeLessThan(30)
    expect(seconds).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS / 1000 - 1)
  }, 40_000)

  it('headers sent one byte at a time are cut off too', async () => {
    const socket = await openSocket(server.port)
    socket.on('error', () => {})
    const started = performance.now()
    const header = 'GET /v2/releases HTTP/1.1\r\nX-Slow: '
    let sent = 0
    const trickle = setInterval(() => {
      if (socket.writable) socket.write(header[sent % header.length] ?? 'a')
      sent += 1
    }, 200)
    await closed(socket)
    clearInterval(trickle)
    expect((performance.now() - started) / 1000).toBeLessThan(30)
  }, 40_000)

  it('one client address cannot hold many connections open', async () => {
    const sockets = await Promise.all(Array.from({ length: 20 }, () => openSocket(server.port)))
    for (const socket of sockets) socket.on('error', () => {})
    // Connections past the limit are closed at once; the first eight stay.
    await Promise.all(sockets.slice(8).map(closed))
    expect(sockets.slice(0, 8).every((socket) => !socket.destroyed)).toBe(true)
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => setTimeout(resolve, 100))
    // Once they are gone, the client is served again.
    expect(await get(server.port, '/v2/releases')).toBe(200)
  })
})

describe('links in answers and mails', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildDeckTestApp({
      env: { PUBLIC_URL: 'https://spellboard.example', TRUST_PROXY: '1', RATE_LIMIT_MAIL: '99' },
    })
  })
  afterAll(() => t.close())

  const hostile = {
    host: 'evil.test',
    'x-forwarded-host': 'evil.test',
    'x-forwarded-proto': 'http',
  }

  it.each(['/v2/decks?limit=1', '/v2/cards?limit=1', '/v2/decks?limit=1&offset=1'])(
    'page links of %s are built from PUBLIC_URL, never the Host header',
    async (url) => {
      const body = (await t.app.inject({ url, headers: hostile })).json()
      const links = [body.next, body.previous].filter(Boolean)
      expect(links.length).toBeGreaterThan(0)
      for (const link of links) expect(link).toMatch(/^https:\/\/spellboard\.example\/v2\//)
    },
  )

  it('mail links are built from PUBLIC_URL', async () => {
    const player = await createTestUser(t)
    await t.app.inject({
      method: 'POST',
      url: '/v2/reset',
      headers: hostile,
      payload: { email: player.email },
    })
    await t.app.inject({
      method: 'POST',
      url: '/v2/players/new',
      headers: hostile,
      payload: { email: 'newcomer@example.org' },
    })
    const links = t.mailer.sent.slice(-2).map((mail) => mail.link)
    expect(links).toEqual([
      expect.stringMatching(/^https:\/\/spellboard\.example\/players\/reset\//),
      expect.stringMatching(/^https:\/\/spellboard\.example\/players\/new\//),
    ])
  })
})

describe('CORS_ORIGINS', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { CORS_ORIGINS: 'https://*.example.org' } })
  })
  afterAll(() => t.close())

  it.each([
    ['https://app.example.org', true],
    ['https://example.org.evil.test', false],
    ['https://evil.test?.example.org', false],
    ['https://a.b.example.org', false],
    ['http://app.example.org', false],
    ['https://app.example.org:8443', false],
  ])('admits %s: %s', async (origin, admitted) => {
    const response = await t.app.inject({ url: '/v2/releases', headers: { origin } })
    expect(response.headers['access-control-allow-origin']).toBe(admitted ? origin : undefined)
  })
})

describe('over-long path parameters', () => {
  let server: Awaited<ReturnType<typeof listening>>
  beforeAll(async () => {
    server = await listening()
  })
  afterAll(() => server.t.close())

  it('are an unknown or invalid value up to Node’s request line limit (not 414)', async () => {
    expect(await get(server.port, `/v2/players/${'a'.repeat(600)}`)).toBe(404)
    expect(await get(server.port, `/v2/decks/shared/${'a'.repeat(600)}`)).toBe(422)
  })

  it('past that limit the request is refused before it reaches the app', async () => {
    const status = await get(server.port, `/v2/players/${'a'.repeat(20_000)}`)
    expect(status).toBe(431)
  })
})

describe('the data folder', () => {
  it('is 0700 and every file in it (database, key, outbox) is 0600', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'spellboard-perm-')), 'data')
    const config = ensureSecretKey(parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }))
    const database = await openDatabase({ dataDir })
    await migrate(database)
    const app = await buildApp({ config, database, serveWeb: false, logger: false })
    const sent = await app.inject({
      method: 'POST',
      url: '/v2/players/new',
      payload: { email: 'perm@example.org' },
    })
    expect(sent.statusCode).toBe(201)
    await app.close()
    await database.close()
    const entries = readdirSync(dataDir, { recursive: true, withFileTypes: true })
    const names = entries.map((entry) => entry.name)
    expect(names).toContain('secret-key')
    expect(names.some((name) => name.endsWith('.json'))).toBe(true)
    expect(names).toContain('PG_VERSION')
    const wide = [dataDir, ...entries.map((entry) => path.join(entry.parentPath, entry.name))]
      .map((file) => ({ file, stat: statSync(file) }))
      .filter(({ stat }) => (stat.mode & 0o777) !== (stat.isDirectory() ? 0o700 : 0o600))
      .map(({ file, stat }) => `${(stat.mode & 0o777).toString(8)} ${file}`)
    expect(wide).toEqual([])
    await rm(path.dirname(dataDir), { recursive: true, force: true })
  }, 60_000)
})
