import { bearer, readFixture } from './fixture.ts'
import type { BenchSuite } from './lib.ts'

const LISTING_TARGETS = { minBaselineRatio: 0.5, maxP99Ms: 10 }
const DETAILS_TARGETS = { minBaselineRatio: 0.5, maxP99Ms: 10 }

/** What the card browser does most: a page of 50, plain and searched, and a details page. */
export const cardsSuite: BenchSuite = {
  name: 'cards',
  scenarios: async (context) => {
    const { token } = await readFixture(context)
    return [
      { name: 'GET /v2/cards?limit=50', path: '/v2/cards?limit=50', targets: LISTING_TARGETS },
      {
        name: 'GET /v2/cards?limit=50&q=summon',
        path: '/v2/cards?limit=50&q=summon',
        targets: LISTING_TARGETS,
      },
      {
        name: 'GET /v2/cards?… deck builder filters',
        path: '/v2/cards?limit=50&mode=deckbuilder&include_uniques_for=Aradel+Summergaard&dice=natural&dice=charm&sort=cost',
        targets: LISTING_TARGETS,
      },
      {
        name: 'GET /v2/cards/{stub}/details',
        path: '/v2/cards/hammer-knight/details',
        targets: DETAILS_TARGETS,
      },
      {
        name: '  … logged in',
        path: '/v2/cards/hammer-knight/details',
        headers: bearer(token),
        targets: DETAILS_TARGETS,
      },
    ]
  },
}
