import { Link, Navigate, useLocation } from 'react-router'
import { Alert } from '../../components/ui/alert.tsx'
import { LogInForm } from '../../features/session/log-in-form.tsx'
import { SessionPage } from '../../features/session/session-page.tsx'
import { useAppStore } from '../../store/app-store.ts'

/** Where the visitor was sent from (a login-only page), if anywhere: only paths on this site. */
function redirectedFrom(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null
}

export function LogInPage() {
  const location = useLocation()
  const loggedIn = useAppStore((state) => state.session !== null)
  const from = redirectedFrom(location.state)

  // Logged in (already, or just now through the form): carry on to where they were going.
  if (loggedIn) return <Navigate to={from ?? '/'} replace />

  return (
    <SessionPage
      title="Log in"
      aside={
        <>
          <p>Log in to build and save decks, publish them, comment and follow discussions.</p>
          <p>
            New here? <Link to="/players/new/">Sign up</Link> with your email address.
          </p>
        </>
      }
    >
      {from ? (
        <Alert tone="info">This page requires an account; please log in to continue...</Alert>
      ) : null}
      <LogInForm autoFocus />
    </SessionPage>
  )
}
