// What the scripts that drive a running site share (`npm run screenshots`, `npm run bench:web`):
// waiting for it to answer, calling its API, signing a player up through the mail outbox, and
// opening a deck in the builder as a player does.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Resolves once `/health-check` answers 200; throws after `timeoutMs`. */
export async function waitForSite(origin, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/health-check`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`the site did not answer on ${origin} within ${timeoutMs / 1000} s`)
}

/** One API call; anything but a 2xx throws with the answer's text. */
export async function call(origin, method, url, { token, json, form } = {}) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: json ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined,
    signal: AbortSignal.timeout(30_000),
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return response.status === 204 ? null : response.json()
}

/**
 * Signs a player up: the invitation mail sits in `dataDir`'s outbox (no SMTP). Answers the
 * API's AuthToken.
 */
export async function signUp(origin, dataDir, { email, username, password }) {
  await call(origin, 'POST', '/v2/players/new', { json: { email } })
  const outbox = path.join(dataDir, 'outbox')
  const mail = readdirSync(outbox)
    .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')))
    .find((entry) => entry.to === email)
  if (!mail) throw new Error(`no invitation for ${email} in ${outbox}`)
  const token = new URL(mail.link).pathname.split('/').filter(Boolean).at(-1)
  return call(origin, 'POST', `/v2/players/new/${token}`, {
    json: { username, password, password_confirm: password },
  })
}

/** The session as the web app keeps it in localStorage, from an AuthToken answer. */
export function storedSession(auth) {
  return {
    token: auth.access_token,
    username: auth.user.username,
    badge: auth.user.badge,
    isAdmin: auth.user.is_admin,
  }
}

/**
 * Logs the browser page in (the app's stored session) and opens the player's deck in the
 * builder with its Edit button, as a player would; the builder then stays open on every page.
 */
export async function openInBuilder(page, origin, session, deckId) {
  await page.goto(`${origin}/`)
  await page.evaluate(
    (stored) => {
      localStorage.setItem('spellboard', JSON.stringify({ state: stored, version: 1 }))
    },
    { session },
  )
  await page.goto(`${origin}/decks/mine/${deckId}/`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await page.getByRole('button', { name: 'Editing' }).waitFor()
}
