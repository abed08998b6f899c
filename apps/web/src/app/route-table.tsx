import type { ReactNode } from 'react'
import { matchRoutes, type RouteObject, useLocation } from 'react-router'
import { type RouteMeta, RouteMetaContext } from '../lib/route-meta.ts'
import { type LazyScreen, lazyScreen } from './lazy-screen.ts'

export type AppRoute = { path: string; meta: RouteMeta; screen: LazyScreen }

const route = (path: string, meta: RouteMeta, screen: LazyScreen): AppRoute => ({
  path,
  meta,
  screen,
})

const home = lazyScreen(() => import('../routes/home/home-page.tsx').then((m) => m.HomePage))
const cardDetails = {
  reborn: lazyScreen(() =>
    import('../routes/card/card-details-page.tsx').then((m) => m.CardDetailsPage),
  ),
  legacy: lazyScreen(() =>
    import('../routes/card/card-details-page.tsx').then((m) => m.CardDetailsLegacyPage),
  ),
}
const browseDecks = {
  competitive: lazyScreen(() =>
    import('../routes/decks/browse-decks-page.tsx').then((m) => m.BrowseDecksPage),
  ),
  redRains: lazyScreen(() =>
    import('../routes/decks/browse-decks-page.tsx').then((m) => m.BrowseRedRainsDecksPage),
  ),
  legacy: lazyScreen(() =>
    import('../routes/decks/browse-decks-page.tsx').then((m) => m.BrowseLegacyDecksPage),
  ),
}
const myDecks = {
  competitive: lazyScreen(() =>
    import('../routes/my-decks/my-decks-page.tsx').then((m) => m.MyDecksPage),
  ),
  redRains: lazyScreen(() =>
    import('../routes/my-decks/my-decks-page.tsx').then((m) => m.MyRedRainsDecksPage),
  ),
  legacy: lazyScreen(() =>
    import('../routes/my-decks/my-decks-page.tsx').then((m) => m.MyLegacyDecksPage),
  ),
}
const deckDetails = {
  public: lazyScreen(() =>
    import('../routes/deck/deck-details-page.tsx').then((m) => m.DeckDetailsPage),
  ),
  mine: lazyScreen(() =>
    import('../routes/deck/deck-details-page.tsx').then((m) => m.MyDeckDetailsPage),
  ),
}
const deckHistory = {
  public: lazyScreen(() =>
    import('../routes/deck-history/deck-history-page.tsx').then((m) => m.DeckHistoryPage),
  ),
  mine: lazyScreen(() =>
    import('../routes/deck-history/deck-history-page.tsx').then((m) => m.MyDeckHistoryPage),
  ),
}

/** Every route of SPEC.md's route table; each screen is its own lazily loaded chunk. */
export const ROUTES: AppRoute[] = [
  route('/', { name: 'Home', tallHeader: true }, home),
  route(
    '/cards/',
    { name: 'Cards', title: 'Browse cards' },
    lazyScreen(() => import('../routes/cards/cards-page.tsx').then((m) => m.CardsPage)),
  ),
  route(
    '/cards/legacy/',
    { name: 'LegacyCards', title: 'Browse legacy cards' },
    lazyScreen(() =>
      import('../routes/cards/legacy-cards-page.tsx').then((m) => m.LegacyCardsPage),
    ),
  ),
  route('/cards/legacy/:stub/', { name: 'CardDetailsLegacy' }, cardDetails.legacy),
  route('/cards/:stub/', { name: 'CardDetails' }, cardDetails.reborn),
  route('/decks/', { name: 'Decks', title: 'Browse decks' }, browseDecks.competitive),
  route(
    '/decks/red-rains/',
    { name: 'DecksRedRains', title: 'Browse Red Rains decks', redRains: true },
    browseDecks.redRains,
  ),
  route(
    '/decks/legacy/',
    { name: 'DecksLegacy', title: 'Browse legacy decks' },
    browseDecks.legacy,
  ),
  route(
    '/decks/preconstructed/',
    { name: 'DecksPreconstructed' },
    lazyScreen(() =>
      import('../routes/decks/preconstructed-redirect.tsx').then((m) => m.PreconstructedRedirect),
    ),
  ),
  route(
    '/decks/mine/',
    { name: 'MyDecks', title: 'My decks', requiresLogin: true },
    myDecks.competitive,
  ),
  route(
    '/decks/mine/red-rains/',
    { name: 'MyDecksRedRains', title: 'My Red Rains decks', requiresLogin: true, redRains: true },
    myDecks.redRains,
  ),
  route(
    '/decks/mine/legacy/',
    { name: 'MyDecksLegacy', title: 'My legacy decks', requiresLogin: true },
    myDecks.legacy,
  ),
  route(
    '/decks/mine/import/',
    { name: 'ImportDeck', title: 'Import from text', requiresLogin: true },
    lazyScreen(() =>
      import('../routes/import-deck/import-deck-page.tsx').then((m) => m.ImportDeckPage),
    ),
  ),
  route('/decks/mine/:id/', { name: 'MyDeckDetails', requiresLogin: true }, deckDetails.mine),
  route(
    '/decks/mine/:id/history/',
    { name: 'MyDeckHistory', title: 'Deck history', requiresLogin: true },
    deckHistory.mine,
  ),
  route(
    '/decks/share/:uuid/',
    { name: 'SharedDeck', title: 'Shared deck' },
    lazyScreen(() =>
      import('../routes/shared-deck/shared-deck-page.tsx').then((m) => m.SharedDeckPage),
    ),
  ),
  route(
    '/decks/compare/',
    { name: 'CompareDecks', title: 'Compare decks' },
    lazyScreen(() =>
      import('../routes/compare-decks/compare-decks-page.tsx').then((m) => m.CompareDecksPage),
    ),
  ),
  route('/decks/:id/', { name: 'DeckDetails' }, deckDetails.public),
  route('/decks/:id/history/', { name: 'DeckHistory', title: 'Deck history' }, deckHistory.public),
  route(
    '/log-in/',
    { name: 'LogIn', title: 'Log in' },
    lazyScreen(() => import('../routes/log-in/log-in-page.tsx').then((m) => m.LogInPage)),
  ),
  route(
    '/phoenix/',
    { name: 'Phoenix', title: 'Project Phoenix' },
    lazyScreen(() => import('../routes/phoenix/phoenix-page.tsx').then((m) => m.PhoenixPage)),
  ),
  route(
    '/players/me/',
    { name: 'AccountSettings', title: 'Account settings', requiresLogin: true },
    lazyScreen(() =>
      import('../routes/account/account-settings-page.tsx').then((m) => m.AccountSettingsPage),
    ),
  ),
  route(
    '/players/new/',
    { name: 'SignUp', title: 'Sign up' },
    lazyScreen(() => import('../routes/sign-up/sign-up-page.tsx').then((m) => m.SignUpPage)),
  ),
  route(
    '/players/new/:token/',
    { name: 'FinalizeAccount', title: 'Finish creating your account' },
    lazyScreen(() =>
      import('../routes/sign-up/finalize-account-page.tsx').then((m) => m.FinalizeAccountPage),
    ),
  ),
  route(
    '/players/reset/',
    { name: 'RequestReset', title: 'Reset your password' },
    lazyScreen(() =>
      import('../routes/reset/request-reset-page.tsx').then((m) => m.RequestResetPage),
    ),
  ),
  route(
    '/players/reset/:token/',
    { name: 'ResetPassword', title: 'Choose a new password' },
    lazyScreen(() =>
      import('../routes/reset/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
    ),
  ),
  route(
    '/players/:badge/',
    { name: 'PlayerProfile' },
    lazyScreen(() => import('../routes/player/player-page.tsx').then((m) => m.PlayerPage)),
  ),
  route(
    '/policies/',
    { name: 'Policies', title: 'Content policies' },
    lazyScreen(() => import('../routes/policies/policies-page.tsx').then((m) => m.PoliciesPage)),
  ),
  route(
    '*',
    { name: 'NotFound', tallHeader: true },
    lazyScreen(() => import('../routes/not-found/not-found-page.tsx').then((m) => m.NotFoundPage)),
  ),
]

const routeObjects: RouteObject[] = ROUTES.map((r) => ({ path: r.path, id: r.meta.name }))

// The shell asks for the current route on every render; ranking the whole table each time
// showed up in start-up profiles.
const matched = new Map<string, AppRoute>()

export function matchAppRoute(pathname: string): AppRoute {
  const cached = matched.get(pathname)
  if (cached) return cached
  const match = matchRoutes(routeObjects, pathname)?.at(-1)
  const found = ROUTES.find((r) => r.meta.name === match?.route.id) ?? (ROUTES.at(-1) as AppRoute)
  if (matched.size > 200) matched.clear()
  matched.set(pathname, found)
  return found
}

/** The route the current location shows, and its metadata. */
export function useAppRoute(): AppRoute {
  return matchAppRoute(useLocation().pathname)
}

/** Gives the features below it the current route's metadata (lib/route-meta.ts). */
export function RouteMetaProvider({ children }: { children: ReactNode }) {
  return <RouteMetaContext value={useAppRoute().meta}>{children}</RouteMetaContext>
}
