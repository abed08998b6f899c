import { cardDetailsQuery } from '../api/cards.ts'
import { deckDetailsQuery } from '../api/decks.ts'
import { queryClient } from '../api/query-client.ts'
import { cardImageUrl } from '../features/card-image/card-image-url.ts'
import type { LandingRequest } from './landing-request.ts'

/** Fetches the picture the screen will show first, so it is cached when the screen renders. */
function preloadImage(url: string) {
  const image = new Image()
  image.fetchPriority = 'high'
  image.src = url
}

/**
 * Puts the first visit's deck or card in the cache under the screen's own query (its call was
 * started by the entry script), so the screen renders from it at once, and fetches its main
 * picture (the Phoenixborn, the card) as soon as the answer names it.
 */
export function prefetchRouteData(landing: LandingRequest) {
  switch (landing.kind) {
    case 'deck': {
      const query = deckDetailsQuery(landing.id, landing.mine, landing.viewer)
      void queryClient.prefetchQuery(query).then(() => {
        const deck = queryClient.getQueryData(query.queryKey)?.deck
        if (deck)
          preloadImage(cardImageUrl(deck.phoenixborn.stub, deck.is_legacy ? 'legacy' : 'reborn'))
      })
      return
    }
    case 'card': {
      const query = cardDetailsQuery(landing.stub, landing.legacy, landing.viewer)
      void queryClient.prefetchQuery(query).then(() => {
        const card = queryClient.getQueryData(query.queryKey)?.card
        if (card) preloadImage(cardImageUrl(card.stub, landing.legacy ? 'legacy' : 'reborn'))
      })
      return
    }
  }
}
