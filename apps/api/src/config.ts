import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { corsOrigins, importSources, type TrustProxy, trustProxy } from './config-values.ts'
import { ensurePrivateDir, writePrivateFile } from './lib/private-files.ts'

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

/** A lifetime setting: a whole number in a range that keeps every expiry a valid date. */
const lifetime = (min: number, max: number, unit: string) =>
  z.coerce
    .number({ message: `expected a whole number of ${unit}` })
    .int(`expected a whole number of ${unit}`)
    .min(min, `must be from ${min} to ${max} ${unit}`)
    .max(max, `must be from ${min} to ${max} ${unit}`)

/** The shortest key HS256 is given: 32 bytes, as many as the hash it signs with. */
export const MIN_SECRET_KEY_BYTES = 32

const secretKey = z
  .string()
  .refine((key) => key.trim() !== '', 'is empty; set a key of at least 32 bytes, or unset it')
  .refine(
    (key) => Buffer.byteLength(key, 'utf8') >= MIN_SECRET_KEY_BYTES,
    `must be at least ${MIN_SECRET_KEY_BYTES} bytes`,
  )

/**
 * Connections per process to a PostgreSQL server when the operator names no number: two per
 * core, and at least 4. More statements at once than that only take turns on the same cores:
 * on a 2-core machine the builder's autosave ran at about 950 saves/s with 4 connections and
 * about 780 with 10 (README, "Running several API processes").
 */
export const DEFAULT_POOL_SIZE = Math.max(4, 2 * availableParallelism())

/** The origin imports come from when the operator names none. */
export const DEFAULT_IMPORT_SOURCE = 'https://api.ashes.live'

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: positiveInt.default(DEFAULT_POOL_SIZE),
  SECRET_KEY: secretKey.optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  API_URL: url(['http:', 'https:']).optional(),
  CDN_URL: url(['http:', 'https:']).optional(),
  CORS_ORIGINS: corsOrigins.default([]),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Spellboard <no-reply@spellboard.localhost>'),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  ALLOW_EXPORTS: bool.default(false),
  DECK_IMPORT_SOURCES: importSources.default([DEFAULT_IMPORT_SOURCE]),
  TRUST_PROXY: trustProxy.default(false),
  MAX_CONNECTIONS_PER_CLIENT: positiveInt.default(128),
  ACCESS_TOKEN_EXPIRY_HOURS: lifetime(1, 8760, 'hours').default(24),
  ACCESS_TOKEN_REMEMBER_ME_DAYS: lifetime(1, 3650, 'days').default(365),
  RESET_TOKEN_HOURS: lifetime(1, 168, 'hours').default(1),
  INVITE_TOKEN_DAYS: lifetime(1, 90, 'days').default(7),
  RATE_LIMIT_LOGIN: positiveInt.default(10),
  RATE_LIMIT_MAIL: positiveInt.default(5),
  RATE_LIMIT_IMPORT: positiveInt.default(20),
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
  /** Where `next`/`previous` page links point: API_URL, else PUBLIC_URL; never a Host header. */
  linkBaseUrl: string
  cdnUrl: string | undefined
  corsOrigins: string[]
  smtpUrl: string | undefined
  mailFrom: string
  redisUrl: string | undefined
  logLevel: string
  seedDemo: boolean
  allowExports: boolean
  /** Origins (`https://host[:port]`) decks may be imported from, and no others. */
  deckImportSources: string[]
  trustProxy: TrustProxy
  /** Connections one client address may hold open at once (trusted proxies excepted). */
  maxConnectionsPerClient: number
  tokenHours: number
  rememberMeDays: number
  resetTokenHours: number
  inviteTokenDays: number
  rateLimits: { login: number; mail: number; import: number; windowSeconds: number }
  webDist: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Refuses a key HS256 should not sign with, before any token is issued or read. */
export function assertSecretKey(secretKey: string): void {
  if (Buffer.byteLength(secretKey, 'utf8') < MIN_SECRET_KEY_BYTES) {
    throw new ConfigError(
      `Invalid configuration: SECRET_KEY: must be at least ${MIN_SECRET_KEY_BYTES} bytes`,
    )
  }
}

/**
 * Reads the environment once; every problem is reported together, by variable name, on one
 * line. An empty variable counts as unset, except SECRET_KEY: an empty key is a mistake, not
 * a wish for a generated one.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in envSchema.shape && (value !== '' || key === 'SECRET_KEY'),
    ),
  )
  const parsed = envSchema.safeParse(present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`)
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
    linkBaseUrl: e.API_URL ?? publicUrl,
    cdnUrl: e.CDN_URL,
    corsOrigins: e.CORS_ORIGINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    allowExports: e.ALLOW_EXPORTS,
    deckImportSources: e.DECK_IMPORT_SOURCES,
    trustProxy: e.TRUST_PROXY,
    maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    tokenHours: e.ACCESS_TOKEN_EXPIRY_HOURS,
    rememberMeDays: e.ACCESS_TOKEN_REMEMBER_ME_DAYS,
    resetTokenHours: e.RESET_TOKEN_HOURS,
    inviteTokenDays: e.INVITE_TOKEN_DAYS,
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      mail: e.RATE_LIMIT_MAIL,
      import: e.RATE_LIMIT_IMPORT,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    webDist: e.WEB_DIST
      ? resolveFromInvocation(e.WEB_DIST, env)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  }
}

/**
 * Without SECRET_KEY a key is generated once and kept in the data folder (0600), so tokens
 * survive restarts. Several processes must share one key: set SECRET_KEY for them all. A key
 * file that is empty or too short stops the start, as a bad SECRET_KEY does.
 */
export function ensureSecretKey(config: Config): Config {
  if (config.secretKey) return config
  const file = path.join(config.dataDir, 'secret-key')
  ensurePrivateDir(config.dataDir)
  if (existsSync(file)) {
    let secretKey: string
    try {
      secretKey = readFileSync(file, 'utf8').trim()
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration: ${file} cannot be read (${(error as NodeJS.ErrnoException).code}); set SECRET_KEY or fix the file`,
      )
    }
    if (Buffer.byteLength(secretKey, 'utf8') < MIN_SECRET_KEY_BYTES) {
      throw new ConfigError(
        `Invalid configuration: ${file} holds ${secretKey ? 'a key shorter than 32 bytes' : 'no key'}; ` +
          'delete it to have a new key generated (everyone is logged out), or set SECRET_KEY',
      )
    }
    chmodSync(file, 0o600)
    return { ...config, secretKey }
  }
  const secretKey = randomBytes(48).toString('base64url')
  writePrivateFile(file, `${secretKey}\n`)
  return { ...config, secretKey }
}
