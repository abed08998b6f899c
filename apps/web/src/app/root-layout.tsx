import { lazy, Suspense, startTransition, useEffect, useLayoutEffect, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { BuilderHeaderButton } from '../features/deck-builder/builder-header-button.tsx'
import { useBuilderEnabled, useBuilderWiring } from '../features/deck-builder/builder-hooks.ts'
import { useSessionWiring } from '../features/session/session-wiring.ts'
import { useSessionEndedHere } from '../features/session/use-session-ended-here.ts'
import { AfterPaint } from '../lib/after-paint.tsx'
import { pageTitle } from '../lib/route-meta.ts'
import { MEDIA, useMediaQuery } from '../lib/use-media-query.ts'
import { useAppStore } from '../store/app-store.ts'
import { lazyScreen } from './lazy-screen.ts'
import styles from './root-layout.module.css'
import { matchAppRoute, RouteMetaProvider, useAppRoute } from './route-table.tsx'
import { SiteHeader } from './site-header/site-header.tsx'
import { useThemeAttribute } from './use-theme-attribute.ts'

const appRoutes = lazyScreen(() => import('./app-routes.tsx').then((m) => m.AppRoutes))
// A column beside the page at extra-large widths, a drawer below that.
const BuilderPane = lazy(() =>
  import('../features/deck-builder/builder-pane.tsx').then((m) => ({ default: m.BuilderPane })),
)
const BuilderDrawer = lazy(() =>
  import('../features/deck-builder/builder-drawer.tsx').then((m) => ({
    default: m.BuilderDrawer,
  })),
)
// Shown while a screen's code loads: the first screen loads with the shell, so it is not needed
// before the first paint.
const ProgressBar = lazy(() =>
  import('./progress-bar.tsx').then((m) => ({ default: m.ProgressBar })),
)
// Only while building, like the builder pane.
const BuilderSkipLink = lazy(() =>
  import('./builder-skip-link.tsx').then((m) => ({ default: m.BuilderSkipLink })),
)
// Below the fold: it brings its code once the first screen has painted.
const SiteFooter = lazy(() =>
  import('./site-footer/site-footer.tsx').then((m) => ({ default: m.SiteFooter })),
)
const Toaster = lazy(() =>
  import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })),
)

/**
 * Whether the route table and the first page's screen have loaded. Until then the shell renders
 * without them instead of suspending: a fallback on the first render would hold the page's
 * content back 300 ms after its code and data are here.
 */
function useFirstScreenReady(pathname: string): boolean {
  const [firstScreen] = useState(() => [appRoutes, matchAppRoute(pathname).screen])
  const [ready, setReady] = useState(() => firstScreen.every((screen) => screen.isLoaded()))
  useEffect(() => {
    if (ready) return
    let mounted = true
    // A chunk that failed to load is retried by the lazy screen, which shows the error.
    const done = () => mounted && startTransition(() => setReady(true))
    void Promise.all(firstScreen.map((screen) => screen.preload())).then(done, done)
    return () => {
      mounted = false
    }
  }, [ready, firstScreen])
  return ready
}

export function RootLayout() {
  const { meta } = useAppRoute()
  const location = useLocation()
  const loggedIn = useAppStore((state) => state.session !== null)
  const theme = useAppStore((state) => state.preferences.theme)
  useThemeAttribute()
  useSessionWiring()
  useBuilderWiring()
  const building = useBuilderEnabled() && loggedIn
  const routesReady = useFirstScreenReady(location.pathname)
  const wide = useMediaQuery(MEDIA.wide)

  // Every navigation resets the title to the route's; a layout effect, so the passive effect of
  // a screen that names itself from its data (useDocumentTitle) still runs after and wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger: a new page of the same route must drop the previous page's title
  useLayoutEffect(() => {
    document.title = pageTitle(meta.title)
  }, [meta.title, location.pathname])

  const needsLogin = meta.requiresLogin && !loggedIn
  const sessionEndedHere = useSessionEndedHere(location.pathname, loggedIn)

  return (
    <RouteMetaProvider>
      <div className={styles.shell} data-building={building}>
        <a className={styles.skipLink} href="#main-content">
          Skip to content
        </a>
        {building ? (
          <Suspense fallback={null}>
            <BuilderSkipLink />
          </Suspense>
        ) : null}
        <AfterPaint>
          <ProgressBar />
        </AfterPaint>
        <SiteHeader tall={Boolean(meta.tallHeader)} deckAction={<BuilderHeaderButton />} />
        <div className={styles.body}>
          <main id="main-content" className={styles.main} tabIndex={-1}>
            {needsLogin && sessionEndedHere ? (
              <Navigate to="/" replace />
            ) : needsLogin ? (
              <Navigate
                to="/log-in/"
                replace
                state={{ from: `${location.pathname}${location.search}${location.hash}` }}
              />
            ) : (
              <Suspense fallback={null}>{routesReady ? <appRoutes.Component /> : null}</Suspense>
            )}
          </main>
          {/* Beside <main> at extra-large widths, a drawer below that; loaded only when building,
              once the first screen has painted: the page the player opened comes first. */}
          {building && routesReady ? (
            <AfterPaint>{wide ? <BuilderPane /> : <BuilderDrawer />}</AfterPaint>
          ) : null}
        </div>
        <AfterPaint>
          <SiteFooter />
        </AfterPaint>
        {/* Fetched once the first screen has painted; toasts asked for before then wait for it. */}
        {routesReady ? (
          <AfterPaint>
            <Toaster theme={theme} />
          </AfterPaint>
        ) : null}
      </div>
    </RouteMetaProvider>
  )
}
