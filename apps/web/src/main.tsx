import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { startLandingRequest } from './app/landing-request.ts'
import { RootLayout } from './app/root-layout.tsx'
import { matchAppRoute } from './app/route-table.tsx'
import './styles/tokens.css'
import './styles/base.css'

// Zod (loaded later, with the forms) probes for `new Function` to compile its parsers; the
// site's CSP forbids eval, so the probe would be reported as a policy violation. Its jitless
// mode skips the probe; set through zod's global config object because zod itself is not here.
;(globalThis as { __zod_globalConfig?: { jitless: boolean } }).__zod_globalConfig = {
  jitless: true,
}

// Fetch the first screen's code (and a deck's or card's data) while React starts, instead of
// after the shell renders.
void matchAppRoute(window.location.pathname).screen.preload()
void import('./app/app-routes.tsx')
const landing = startLandingRequest(window.location.pathname)
if (landing) void import('./app/route-data.ts').then((m) => m.prefetchRouteData(landing))

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <RootLayout />
      </BrowserRouter>
    </StrictMode>,
  )
}
