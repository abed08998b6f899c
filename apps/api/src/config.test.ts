import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.ts'

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
    })
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
    ['SECRET_KEY', 'short', /SECRET_KEY: must be at least 32 characters/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO: expected true or false/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => parseConfig({ [name]: value })).toThrow(message)
  })

  it('reports every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(
      /PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/,
    )
  })
})
