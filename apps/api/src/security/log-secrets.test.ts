import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ApiProcess, startApi, throwAwayDatabase } from '../../bench/api-process.ts'

/**
 * No secret reaches the log, at any level: a real server process (as `npm start` runs it, on
 * PGlite, or on a throw-away database when DATABASE_URL is set)
 * goes through invitation, sign-up, log-in, failed log-in, log-out, password reset, password
 * change and deck export, and its whole output is then searched for every password, token,
 * token id and link secret it handled.
 */
type Secrets = Record<string, string>

async function call(api: ApiProcess, method: string, url: string, init: RequestInit = {}) {
  const response = await fetch(`${api.baseUrl}${url}`, { method, ...init })
  const text = await response.text()
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  }
}

const json = (body: unknown, token?: string): RequestInit => ({
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
})
const auth = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } })

/** The link secret in the newest outbox mail. */
function lastMailedUuid(api: ApiProcess): string {
  const outbox = path.join(api.dataDir, 'outbox')
  const newest = readdirSync(outbox).sort().at(-1)
  if (!newest) throw new Error('no mail in the outbox')
  const mail = JSON.parse(readFileSync(path.join(outbox, newest), 'utf8')) as { link: string }
  const uuid = /[0-9a-f-]{36}/.exec(mail.link)?.[0]
  if (!uuid) throw new Error(`no link in ${newest}`)
  return uuid
}

/** Every secret of the journey, by name; each call checks its answer as it goes. */
async function journey(api: ApiProcess): Promise<Secrets> {
  const email = 'secret.keeper@example.org'
  const first = 'first password 1'
  const second = 'second password 2'
  const third = 'third password 3'
  const expect2xx = (what: string, status: number) => {
    if (status >= 300) throw new Error(`${what} answered ${status}`)
  }

  expect2xx('invitation', (await call(api, 'POST', '/v2/players/new', json({ email }))).status)
  const invite = lastMailedUuid(api)
  const registered = await call(
    api,
    'POST',
    `/v2/players/new/${invite}`,
    json({ username: 'Keeper', password: first, password_confirm: first }),
  )
  expect2xx('registration', registered.status)
  const signUpToken = registered.body.access_token as string

  const form = new FormData()
  form.set('username', email)
  form.set('password', first)
  form.set('scope', 'token:longterm')
  const logIn = await call(api, 'POST', '/v2/token', { body: form })
  expect2xx('log-in', logIn.status)
  const logInToken = logIn.body.access_token as string
  const wrong = await call(api, 'POST', '/v2/token', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: 'a wrong password' }).toString(),
  })
  if (wrong.status !== 401) throw new Error(`wrong password answered ${wrong.status}`)
  expect2xx('profile', (await call(api, 'GET', '/v2/players/me', auth(logInToken))).status)
  expect2xx('log-out', (await call(api, 'DELETE', '/v2/token', auth(logInToken))).status)
  const revoked = await call(api, 'GET', '/v2/players/me', auth(logInToken))
  if (revoked.status !== 401) throw new Error(`a revoked token answered ${revoked.status}`)

  expect2xx('reset request', (await call(api, 'POST', '/v2/reset', json({ email }))).status)
  const reset = lastMailedUuid(api)
  const afterReset = await call(
    api,
    'POST',
    `/v2/reset/${reset}`,
    json({ password: second, password_confirm: second }),
  )
  expect2xx('reset', afterReset.status)
  const resetToken = afterReset.body.access_token as string
  const changed = await call(
    api,
    'POST',
    '/v2/players/me/password',
    json({ current_password: second, password: third, password_confirm: third }, resetToken),
  )
  expect2xx('password change', changed.status)

  const exported = await call(api, 'GET', '/v2/players/me/export', auth(resetToken))
  expect2xx('export token', exported.status)
  const exportToken = exported.body.export_token as string
  expect2xx('export', (await call(api, 'GET', `/v2/decks/export/${exportToken}`)).status)

  const tokenParts = (name: string, token: string): Secrets => {
    const [, payload = '', signature = ''] = token.split('.')
    const { jti } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { jti: string }
    return { [name]: token, [`${name} signature`]: signature, [`${name} jti`]: jti }
  }
  return {
    'first password': first,
    'second password': second,
    'third password': third,
    ...tokenParts('sign-up token', signUpToken),
    ...tokenParts('log-in token', logInToken),
    ...tokenParts('reset token', resetToken),
    'invitation uuid': invite,
    'reset uuid': reset,
    'export token': exportToken,
    'secret key': 'log-test-secret-key-that-is-long-enough',
  }
}

describe('secrets in the log', () => {
  it.each(['trace', 'debug', 'info'])(
    'a server at LOG_LEVEL=%s logs none of the secrets it handles',
    async (level) => {
      const database = process.env.DATABASE_URL
        ? await throwAwayDatabase(process.env.DATABASE_URL)
        : undefined
      const api = await startApi({
        env: {
          LOG_LEVEL: level,
          ALLOW_EXPORTS: 'true',
          SECRET_KEY: 'log-test-secret-key-that-is-long-enough',
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      })
      try {
        const secrets = await journey(api)
        await api.stop()
        const log = api.logs()
        // The log was on: requests to the secret-bearing routes were logged (without them).
        expect(log).toContain('/v2/reset/<uuid>')
        expect(log).toContain('mail written to the outbox')
        const leaked = Object.entries(secrets)
          .filter(([, secret]) => log.includes(secret))
          .map(([name]) => name)
        expect(leaked).toEqual([])
      } finally {
        await api.stop()
        await database?.drop()
      }
    },
    120_000,
  )
})
