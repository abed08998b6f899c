import { useState } from 'react'

/**
 * Whether the player was logged in on this page and is no longer: they logged out, or their
 * session expired. A login-only page then sends them home rather than to the log-in page
 * (SPEC §2). The navigation away is a transition that commits after the session is gone, so
 * the page still sees its own address when it notices.
 */
export function useSessionEndedHere(pathname: string, loggedIn: boolean): boolean {
  const [loggedInOn, setLoggedInOn] = useState(loggedIn ? pathname : null)
  // Adjusting state while rendering, as React documents for values derived from earlier renders.
  if (loggedIn && loggedInOn !== pathname) setLoggedInOn(pathname)
  if (!loggedIn && loggedInOn !== null && loggedInOn !== pathname) setLoggedInOn(null)
  return !loggedIn && loggedInOn === pathname
}
