import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Route, Routes } from 'react-router'
import { queryClient } from '../api/query-client.ts'
import { followOtherTabs } from '../features/deck-builder/tab-sync.ts'
import { LoginModalHost } from '../features/session/login-modal-host.tsx'
import { ROUTES } from './route-table.tsx'
import { useScrollManager } from './scroll-manager.ts'

/**
 * The screens and the data layer, loaded as one chunk after the shell so the first paint needs
 * only React, the router and the header. Scroll handling lives here too: it only matters once
 * there is content to scroll; so does following the deck saves of other tabs.
 */
export function AppRoutes() {
  useScrollManager()
  // A deck saved in another tab of this browser shows here at once (its pages and the builder).
  useEffect(followOtherTabs, [])
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        {ROUTES.map(({ path, screen }) => (
          <Route key={path} path={path} element={<screen.Component />} />
        ))}
      </Routes>
      <LoginModalHost />
    </QueryClientProvider>
  )
}
