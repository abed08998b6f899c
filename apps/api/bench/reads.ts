import { bearer, readFixture } from './fixture.ts'
import type { BenchSuite } from './lib.ts'

const READ_TARGETS = { minBaselineRatio: 0.5, maxP99Ms: 10 }

/** What the deck pages and the builder read: a deck, the player's own decks, the player. */
export const readsSuite: BenchSuite = {
  name: 'reads',
  scenarios: async (context) => {
    const fixture = await readFixture(context)
    const auth = bearer(fixture.token)
    return [
      {
        name: 'GET /v2/decks/{id} public',
        path: `/v2/decks/${fixture.publicDeckId}`,
        targets: READ_TARGETS,
      },
      {
        name: '  … own, show_saved=true',
        path: `/v2/decks/${fixture.ownDeckId}?show_saved=true`,
        headers: auth,
        targets: READ_TARGETS,
      },
      { name: 'GET /v2/decks/mine', path: '/v2/decks/mine', headers: auth, targets: READ_TARGETS },
      { name: 'GET /v2/players/me', path: '/v2/players/me', headers: auth, targets: READ_TARGETS },
      {
        name: 'GET /v2/decks?card=…',
        path: `/v2/decks?card=${fixture.card}`,
        targets: READ_TARGETS,
      },
      {
        name: 'GET /v2/decks?phoenixborn=…',
        path: `/v2/decks?phoenixborn=${fixture.phoenixborn}`,
        targets: READ_TARGETS,
      },
    ]
  },
}
