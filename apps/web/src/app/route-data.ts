import { matchPath } from 'react-router'
import { cardDetailsQuery } from '../api/cards.ts'
import { deckDetailsQuery } from '../api/decks.ts'
import { queryClient } from '../api/query-client.ts'
import { cardImageUrl } from '../features/card-image/card-image-url.ts'
import { matchAppRoute } from '../router.tsx'
import { useAppStore } from '../store/app-store.ts'

/** Fetches the picture the screen will show first, so it is cached when the screen renders. */
function preloadImage(url: string) {
  const image = new Image()
  image.fetchPriority = 'high'
  image.src = url
}

/**
 * On a first visit to a deck or a card, starts the screen's main query while the screen's code
 * is still loading, instead of once it has rendered, and then its main picture (the Phoenixborn,
 * the card). The query options are the screen's own, so the screen finds the answer (or the
 * request in flight) in the cache.
 */
export function prefetchRouteData(pathname: string) {
  const { path, meta } = matchAppRoute(pathname)
  const params = matchPath(path, pathname)?.params ?? {}
  const viewer = useAppStore.getState().session?.badge ?? null
  switch (meta.name) {
    case 'DeckDetails':
    case 'MyDeckDetails': {
      const mine = meta.name === 'MyDeckDetails'
      if (!params.id || !/^\d+$/.test(params.id) || (mine && viewer === null)) return
      const query = deckDetailsQuery(Number(params.id), mine, viewer)
      void queryClient.prefetchQuery(query).then(() => {
        const deck = queryClient.getQueryData(query.queryKey)?.deck
        if (deck)
          preloadImage(cardImageUrl(deck.phoenixborn.stub, deck.is_legacy ? 'legacy' : 'reborn'))
      })
      return
    }
    case 'CardDetails':
    case 'CardDetailsLegacy': {
      if (!params.stub) return
      const legacy = meta.name === 'CardDetailsLegacy'
      const query = cardDetailsQuery(params.stub, legacy, viewer)
      void queryClient.prefetchQuery(query).then(() => {
        const card = queryClient.getQueryData(query.queryKey)?.card
        if (card) preloadImage(cardImageUrl(card.stub, legacy ? 'legacy' : 'reborn'))
      })
      return
    }
  }
}
