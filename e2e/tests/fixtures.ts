import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'

// Players, decks and comments for the journeys, seeded through the API as any client would:
// invitation and reset mails are read from the running site's outbox.

export const PASSWORD = 'correct horse battery'

export type Player = { email: string; badge: string; username: string; token: string }

/** The port of the site the running journey drives (the demo site, or the real-pool one). */
function sitePort(): string {
  const baseURL = test.info().project.use.baseURL
  return baseURL ? new URL(baseURL).port : (process.env.E2E_PORT ?? '4310')
}

/** The link of the latest mail sent to `email`, read from the outbox of the running site. */
export async function mailLink(email: string): Promise<string> {
  const port = sitePort()
  const { dataDir } = JSON.parse(
    readFileSync(path.join(tmpdir(), `spellboard-e2e-${port}.json`), 'utf8'),
  ) as { dataDir: string }
  const outbox = path.join(dataDir, 'outbox')
  let link: string | undefined
  await expect
    .poll(() => {
      const mails = readdirSync(outbox)
        .sort()
        .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')))
        .filter((mail: { to: string }) => mail.to === email)
      link = mails.at(-1)?.link
      return link
    })
    .toBeTruthy()
  return new URL(link as string).pathname
}

/** Signs a player up: invitation, mailed link, finalisation. */
export async function createPlayer(
  request: APIRequestContext,
  username: string,
  description?: string,
): Promise<Player> {
  const email = `player-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  expect((await request.post('/v2/players/new', { data: { email } })).status()).toBe(201)
  const invitation = (await mailLink(email)).split('/').filter(Boolean).at(-1)
  const response = await request.post(`/v2/players/new/${invitation}`, {
    data: { username, password: PASSWORD, password_confirm: PASSWORD, description },
  })
  expect(response.status()).toBe(201)
  const auth = (await response.json()) as {
    access_token: string
    user: { badge: string; username: string }
  }
  return { email, badge: auth.user.badge, username: auth.user.username, token: auth.access_token }
}

export const bearer = (player: Player) => ({ Authorization: `Bearer ${player.token}` })

export async function logIn(page: Page, player: Player) {
  await page.goto('/log-in/')
  await page.getByLabel('Email').fill(player.email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('You are now logged in!')).toBeVisible()
}

// A legal deck of the demo set (the precon The Ember Oath): 30 cards, 10 dice.
const LEGAL_DECK = {
  phoenixborn: 'sera-emberlock',
  dice: [
    { name: 'ceremonial', count: 5 },
    { name: 'charm', count: 5 },
  ],
  cards: [
    { stub: 'ashbound-acolyte', count: 3 },
    { stub: 'charmed-guardian', count: 3 },
    { stub: 'emberlock-oath', count: 2 },
    { stub: 'gentle-word', count: 3 },
    { stub: 'grave-offering', count: 3 },
    { stub: 'last-ember', count: 3 },
    { stub: 'quick-study', count: 3 },
    { stub: 'seras-firebrand', count: 1 },
    { stub: 'summon-cinder-hound', count: 3 },
    { stub: 'summon-lantern-moth', count: 3 },
    { stub: 'winsome-ward', count: 3 },
  ],
}

export type PublishedDeck = {
  /** The working deck: its public page address and its comment thread. */
  id: number
  entityId: number
  shareUuid: string
}

/** Saves a legal deck for `player` and publishes it. */
export async function publishDeck(
  request: APIRequestContext,
  player: Player,
  { title, description }: { title: string; description: string },
): Promise<PublishedDeck> {
  const saved = await request.put('/v2/decks', {
    headers: bearer(player),
    data: { ...LEGAL_DECK, title, description },
  })
  expect(saved.status()).toBe(200)
  const deck = (await saved.json()) as { id: number }
  const published = await request.post(`/v2/decks/${deck.id}/snapshot`, {
    headers: bearer(player),
    data: { is_public: true },
  })
  expect(published.status()).toBe(201)
  const details = (await (await request.get(`/v2/decks/${deck.id}`)).json()) as {
    deck: { comments_entity_id: number; direct_share_uuid: string }
  }
  return {
    id: deck.id,
    entityId: details.deck.comments_entity_id,
    shareUuid: details.deck.direct_share_uuid,
  }
}

/** Posts a comment through the API. */
export async function postComment(
  request: APIRequestContext,
  player: Player,
  entityId: number,
  text: string,
) {
  const response = await request.post(`/v2/comments/${entityId}`, {
    headers: bearer(player),
    data: { text },
  })
  expect(response.status()).toBe(201)
}

/**
 * A fresh log-in for `player`, put straight into the browser's storage as the app keeps it (for
 * journeys about what comes after logging in; the log-in form has journeys of its own).
 */
export async function logInQuickly(page: Page, player: Player) {
  const response = await page.request.post('/v2/token', {
    form: { username: player.email, password: PASSWORD },
  })
  expect(response.status()).toBe(200)
  const auth = (await response.json()) as {
    access_token: string
    user: { username: string; badge: string; is_admin: boolean }
  }
  if (page.url() === 'about:blank') await page.goto('/')
  await page.evaluate(
    (session) => {
      localStorage.setItem('spellboard', JSON.stringify({ state: { session }, version: 1 }))
    },
    {
      token: auth.access_token,
      username: auth.user.username,
      badge: auth.user.badge,
      isAdmin: auth.user.is_admin,
    },
  )
}

/** Saves the legal demo deck (30 cards, 10 dice) for `player`; answers its id. */
export async function saveLegalDeck(
  request: APIRequestContext,
  player: Player,
  title: string,
): Promise<number> {
  const saved = await request.put('/v2/decks', {
    headers: bearer(player),
    data: { ...LEGAL_DECK, title },
  })
  expect(saved.status()).toBe(200)
  return ((await saved.json()) as { id: number }).id
}

/** The deck-builder pane, beside the page at desktop widths. */
export const builderPane = (page: Page) => page.getByRole('complementary', { name: /^Build your/ })

/** Opens one of the player's saved decks in the builder from its page, as they would. */
export async function editInBuilder(page: Page, deckId: number) {
  await page.goto(`/decks/mine/${deckId}/`)
  await page.getByRole('button', { name: 'Edit', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Editing', exact: true })).toBeVisible()
}

export type SavedDeck = {
  title: string | null
  description: string | null
  phoenixborn: { stub: string }
  cards: { stub: string; count: number }[]
}

/** A working deck as the server has it now, and its version (`ETag`). */
export async function savedDeck(
  request: APIRequestContext,
  player: Player,
  deckId: number,
): Promise<SavedDeck & { version: string | undefined }> {
  const response = await request.get(`/v2/decks/${deckId}?show_saved=true`, {
    headers: bearer(player),
  })
  expect(response.status()).toBe(200)
  const { deck } = (await response.json()) as { deck: SavedDeck }
  return { ...deck, version: response.headers().etag }
}

/** How many copies of `stub` a saved deck holds. */
export const copiesOf = (deck: SavedDeck, stub: string) =>
  deck.cards.find((card) => card.stub === stub)?.count ?? 0
