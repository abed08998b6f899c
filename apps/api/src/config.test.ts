import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { assertSecretKey, ConfigError, ensureSecretKey, parseConfig } from './config.ts'
import { originMatches } from './config-values.ts'

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({ INIT_CWD: '/srv/spellboard' })
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/spellboard/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      corsOrigins: [],
      databasePoolSize: Math.max(4, 2 * availableParallelism()),
    })
    expect(parseConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12)
  })

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/spellboard',
      DATABASE_URL: 'postgres://u:p@db:5432/spellboard',
      SECRET_KEY: 'x'.repeat(40),
      PUBLIC_URL: 'https://spellboard.example/',
      CDN_URL: 'https://cdn.example',
      CORS_ORIGINS: 'https://a.example, https://*.b.example',
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/spellboard',
      databaseUrl: 'postgres://u:p@db:5432/spellboard',
      publicUrl: 'https://spellboard.example',
      cdnUrl: 'https://cdn.example',
      corsOrigins: ['https://a.example', 'https://*.b.example'],
      smtpUrl: 'smtp://mail:25',
      logLevel: 'warn',
      seedDemo: false,
    })
  })

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    })
  })

  it.each([
    ['PORT', 'eighty', /PORT/],
    ['PORT', '70000', /PORT/],
    [
      'DATABASE_URL',
      'mysql://localhost/db',
      /DATABASE_URL: expected a URL starting with postgres:/,
    ],
    ['PUBLIC_URL', 'not a url', /PUBLIC_URL/],
    ['SECRET_KEY', 'short', /SECRET_KEY: must be at least 32 bytes/],
    // 31 bytes although it reads as more characters to a person: bytes are what HS256 gets.
    ['SECRET_KEY', `${'é'.repeat(15)}x`, /SECRET_KEY: must be at least 32 bytes/],
    ['SECRET_KEY', '', /SECRET_KEY: is empty/],
    ['SECRET_KEY', '   ', /SECRET_KEY: is empty/],
    ['ACCESS_TOKEN_EXPIRY_HOURS', '0', /ACCESS_TOKEN_EXPIRY_HOURS: must be from 1 to 8760 hours/],
    ['ACCESS_TOKEN_EXPIRY_HOURS', '1e12', /ACCESS_TOKEN_EXPIRY_HOURS/],
    ['ACCESS_TOKEN_REMEMBER_ME_DAYS', '99999999', /ACCESS_TOKEN_REMEMBER_ME_DAYS: must be from/],
    ['RESET_TOKEN_HOURS', '0', /RESET_TOKEN_HOURS: must be from 1 to 168 hours/],
    ['RESET_TOKEN_HOURS', '-1', /RESET_TOKEN_HOURS/],
    ['RESET_TOKEN_HOURS', '1.5', /RESET_TOKEN_HOURS: expected a whole number of hours/],
    ['RESET_TOKEN_HOURS', 'soon', /RESET_TOKEN_HOURS/],
    ['INVITE_TOKEN_DAYS', '91', /INVITE_TOKEN_DAYS: must be from 1 to 90 days/],
    ['INVITE_TOKEN_DAYS', '0', /INVITE_TOKEN_DAYS/],
    ['TRUST_PROXY', 'everyone', /TRUST_PROXY: 'everyone' is not a hop count/],
    ['TRUST_PROXY', '99', /TRUST_PROXY: a hop count must be from 0 to 10/],
    ['CORS_ORIGINS', 'https://*', /CORS_ORIGINS/],
    ['CORS_ORIGINS', 'https://example.org/path', /CORS_ORIGINS/],
    ['CORS_ORIGINS', 'example.org', /CORS_ORIGINS/],
    ['DECK_IMPORT_SOURCES', 'https://api.ashes.live/v2', /DECK_IMPORT_SOURCES/],
    ['DECK_IMPORT_SOURCES', 'ftp://files.example.org', /DECK_IMPORT_SOURCES/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO: expected true or false/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => parseConfig({ [name]: value })).toThrow(message)
  })

  it('reports every bad variable at once, on one line', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(
      /^Invalid configuration: (PORT.*LOG_LEVEL|LOG_LEVEL.*PORT)[^\n]*$/,
    )
  })

  it('reads the token lifetimes, with safe defaults', () => {
    expect(parseConfig({})).toMatchObject({
      tokenHours: 24,
      rememberMeDays: 365,
      resetTokenHours: 1,
      inviteTokenDays: 7,
    })
    expect(parseConfig({ RESET_TOKEN_HOURS: '24', INVITE_TOKEN_DAYS: '30' })).toMatchObject({
      resetTokenHours: 24,
      inviteTokenDays: 30,
    })
  })

  it('reads TRUST_PROXY as off, a hop count or proxy addresses', () => {
    expect(parseConfig({}).trustProxy).toBe(false)
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(parseConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ])
  })

  it('reads DECK_IMPORT_SOURCES as origins: https for a bare host, http only when written', () => {
    expect(parseConfig({}).deckImportSources).toEqual(['https://api.ashes.live'])
    expect(
      parseConfig({
        DECK_IMPORT_SOURCES: 'API.example.org, http://127.0.0.1:4100, https://b.example:8443/',
      }).deckImportSources,
    ).toEqual(['https://api.example.org', 'http://127.0.0.1:4100', 'https://b.example:8443'])
  })
})

describe('CORS_ORIGINS patterns', () => {
  it.each([
    ['https://*.example.org', 'https://app.example.org', true],
    ['https://*.example.org', 'https://APP.example.org', true],
    ['https://*.example.org', 'https://example.org.evil.test', false],
    ['https://*.example.org', 'https://a.b.example.org', false],
    ['https://*.example.org', 'https://example.org', false],
    ['https://*.example.org', 'http://app.example.org', false],
    ['https://*.example.org', 'https://app.example.org:8443', false],
    ['https://*.example.org', 'https://evil.test/.example.org', false],
    ['https://*.example.org', 'https://app.example.org.', false],
    ['http://localhost:3000', 'http://localhost:3000', true],
    ['http://localhost:3000', 'http://localhost:3001', false],
    ['http://localhost:3000', 'http://localhost', false],
    ['https://app.example.org', 'https://appXexample.org', false],
    ['http://localhost:*', 'http://localhost:5173', true],
    ['http://localhost:*', 'http://localhost', false],
    ['http://localhost:*', 'http://localhost.evil.test:80', false],
  ])('%s admits %s: %s', (pattern, origin, admitted) => {
    expect(originMatches(pattern, origin)).toBe(admitted)
  })
})

it('refuses to build an app around a short key', () => {
  expect(() => assertSecretKey('x'.repeat(31))).toThrow(ConfigError)
  expect(() => assertSecretKey('x'.repeat(32))).not.toThrow()
})

describe('the secret key file', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'spellboard-key-'))

  it('is generated once, 0600, in a 0700 data folder', () => {
    const dir = path.join(dataDir(), 'data')
    const config = ensureSecretKey(parseConfig({ DATA_DIR: dir }))
    expect(Buffer.byteLength(config.secretKey)).toBeGreaterThanOrEqual(32)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(path.join(dir, 'secret-key')).mode & 0o777).toBe(0o600)
    expect(ensureSecretKey(parseConfig({ DATA_DIR: dir })).secretKey).toBe(config.secretKey)
    rmSync(dir, { recursive: true, force: true })
  })

  it.each([
    ['empty', '\n', /holds no key/],
    ['short', 'too-short-a-key\n', /holds a key shorter than 32 bytes/],
  ])('stops the start when it is %s', (_, content, message) => {
    const dir = dataDir()
    writeFileSync(path.join(dir, 'secret-key'), content)
    expect(() => ensureSecretKey(parseConfig({ DATA_DIR: dir }))).toThrow(ConfigError)
    expect(() => ensureSecretKey(parseConfig({ DATA_DIR: dir }))).toThrow(message)
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('starting the server with a bad setting', () => {
  const run = promisify(execFile)
  const server = path.resolve(import.meta.dirname, 'server.ts')

  it.each([
    ['RESET_TOKEN_HOURS', '0'],
    ['INVITE_TOKEN_DAYS', '1000'],
    ['ACCESS_TOKEN_EXPIRY_HOURS', '-5'],
    ['SECRET_KEY', ''],
    ['SECRET_KEY', 'x'.repeat(31)],
  ])(
    'stops with one line naming %s=%s',
    async (name, value) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'spellboard-start-'))
      const failure = await run(process.execPath, [server], {
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', [name]: value },
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: '', stdout: '' }),
        (error: { code: number; stderr: string; stdout: string }) => error,
      )
      rmSync(dir, { recursive: true, force: true })
      expect(failure.code).toBe(1)
      const lines = failure.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: .*${name}`))
    },
    40_000,
  )
})
