import { matchPath } from 'react-router'
import { fetchCardDetailsAhead, fetchDeckDetailsAhead } from '../api/details-requests.ts'
import { useAppStore } from '../store/app-store.ts'
import { matchAppRoute } from './route-table.tsx'

/** What the page a visit starts on shows first: a deck or a card. */
export type LandingRequest =
  | { kind: 'deck'; id: number; mine: boolean; viewer: string | null }
  | { kind: 'card'; stub: string; legacy: boolean; viewer: string | null }

/**
 * Starts a deck's or a card's call as the entry script runs, before React and the data layer
 * have loaded: the screen's largest picture waits for that answer. The screen's query is handed
 * it (api/details-requests.ts). Null on every other page.
 */
export function startLandingRequest(pathname: string): LandingRequest | null {
  const { path, meta } = matchAppRoute(pathname)
  const params = matchPath(path, pathname)?.params ?? {}
  const viewer = useAppStore.getState().session?.badge ?? null
  switch (meta.name) {
    case 'DeckDetails':
    case 'MyDeckDetails': {
      const mine = meta.name === 'MyDeckDetails'
      if (!params.id || !/^\d+$/.test(params.id) || (mine && viewer === null)) return null
      const id = Number(params.id)
      fetchDeckDetailsAhead(id, mine)
      return { kind: 'deck', id, mine, viewer }
    }
    case 'CardDetails':
    case 'CardDetailsLegacy': {
      if (!params.stub) return null
      const legacy = meta.name === 'CardDetailsLegacy'
      fetchCardDetailsAhead(params.stub, legacy)
      return { kind: 'card', stub: params.stub, legacy, viewer }
    }
    default:
      return null
  }
}
