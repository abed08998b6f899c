import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/** Relative paths are read from where the operator ran npm, not from the workspace folder. */
export function resolveFromInvocation(
  target: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), target)
}

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'expected true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v))

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol)
        } catch {
          return false
        }
      },
      { message: `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    )
    .transform((v) => v.replace(/\/+$/, ''))

const positiveInt = z.coerce.number().int().positive()

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  API_URL: url(['http:', 'https:']).optional(),
  CDN_URL: url(['http:', 'https:']).optional(),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Spellboard <no-reply@spellboard.localhost>'),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  ALLOW_EXPORTS: bool.default(false),
  DECK_IMPORT_SOURCES: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  ACCESS_TOKEN_EXPIRY_HOURS: positiveInt.default(24),
  ACCESS_TOKEN_REMEMBER_ME_DAYS: positiveInt.default(365),
  RATE_LIMIT_LOGIN: positiveInt.default(10),
  RATE_LIMIT_MAIL: positiveInt.default(5),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(900),
  WEB_DIST: z.string().optional(),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  databasePoolSize: number
  secretKey: string
  publicUrl: string
  apiUrl: string | undefined
  cdnUrl: string | undefined
  corsOrigins: string[]
  smtpUrl: string | undefined
  mailFrom: string
  redisUrl: string | undefined
  logLevel: string
  seedDemo: boolean
  allowExports: boolean
  /** Hosts (`host` or `host:port`) decks may be imported from; empty: any host. */
  deckImportSources: string[]
  trustProxy: boolean
  tokenHours: number
  rememberMeDays: number
  rateLimits: { login: number; mail: number; windowSeconds: number }
  webDist: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads the environment once; every problem is reported together, by variable name. */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ''),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = resolveFromInvocation(e.DATA_DIR, env)
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    secretKey: e.SECRET_KEY ?? '',
    publicUrl,
    apiUrl: e.API_URL,
    cdnUrl: e.CDN_URL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    allowExports: e.ALLOW_EXPORTS,
    deckImportSources: e.DECK_IMPORT_SOURCES.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    tokenHours: e.ACCESS_TOKEN_EXPIRY_HOURS,
    rememberMeDays: e.ACCESS_TOKEN_REMEMBER_ME_DAYS,
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      mail: e.RATE_LIMIT_MAIL,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    webDist: e.WEB_DIST
      ? resolveFromInvocation(e.WEB_DIST, env)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  }
}

/**
 * Without SECRET_KEY a key is generated once and kept in the data folder, so tokens survive
 * restarts. Several processes must share one key: set SECRET_KEY for them all.
 */
export function ensureSecretKey(config: Config): Config {
  if (config.secretKey) return config
  const file = path.join(config.dataDir, 'secret-key')
  if (existsSync(file)) {
    return { ...config, secretKey: readFileSync(file, 'utf8').trim() }
  }
  mkdirSync(config.dataDir, { recursive: true })
  const secretKey = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secretKey}\n`, { mode: 0o600 })
  return { ...config, secretKey }
}
