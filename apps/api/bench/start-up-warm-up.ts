/** A player of the start-up bench, created with `npm run cli -- create-user`. */
export type WarmUpPlayer = { email: string; password: string }

type CardRow = { stub: string; type: string; phoenixborn?: string | null }

const SAVES = 16

async function read(baseUrl: string, pathname: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(`${baseUrl}${pathname}`, init)
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${pathname}: ${response.status}`)
  const type = response.headers.get('content-type') ?? ''
  return type.includes('json') ? response.json() : response.arrayBuffer()
}

/**
 * What a site's first visitors make a restarted server do: the site's pages, every page of the
 * card list, 100 cards' details, the precons' listing and each precon's deck page, and one
 * player's builder autosaving a deck 16 times.
 */
export async function startupWarmUp(baseUrl: string, player: WarmUpPlayer): Promise<void> {
  for (const page of ['/', '/cards/', '/decks/', '/v2/releases']) await read(baseUrl, page)
  const cards: CardRow[] = []
  for (let offset = 0; ; offset += 100) {
    const page = (await read(baseUrl, `/v2/cards?limit=100&offset=${offset}`)) as {
      results: CardRow[]
      next: string | null
    }
    cards.push(...page.results)
    if (!page.next || page.results.length === 0) break
  }
  for (const card of cards.slice(0, 100)) await read(baseUrl, `/v2/cards/${card.stub}/details`)
  const precons = (await read(baseUrl, '/v2/decks?show_preconstructed=true&limit=100')) as {
    results: { id: number }[]
  }
  for (const deck of precons.results) await read(baseUrl, `/v2/decks/${deck.id}`)
  await autosaves(baseUrl, player, cards)
}

async function autosaves(baseUrl: string, player: WarmUpPlayer, cards: CardRow[]) {
  const login = (await read(baseUrl, '/v2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: player.email, password: player.password }),
  })) as { access_token: string }
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${login.access_token}`,
  }
  const phoenixborn = cards.find((card) => card.type === 'Phoenixborn')
  if (!phoenixborn) throw new Error('no Phoenixborn in the card list')
  const pool = cards.filter(
    (card) => !card.phoenixborn && !['Phoenixborn', 'Conjuration'].includes(card.type),
  )
  const save = (id: number | undefined, round: number) =>
    read(baseUrl, '/v2/decks', {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        ...(id === undefined ? {} : { id }),
        title: `Start-up warm-up ${round}`,
        phoenixborn: phoenixborn.stub,
        dice: [{ name: 'natural', count: 10 }],
        cards: pool.slice(round, round + 10).map((card) => ({ stub: card.stub, count: 3 })),
      }),
    }) as Promise<{ id: number }>
  const deck = await save(undefined, 0)
  for (let round = 1; round <= SAVES; round += 1) await save(deck.id, round)
  await read(baseUrl, `/v2/decks/${deck.id}?show_saved=true`, { headers })
}
