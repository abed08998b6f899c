import { Navigate } from 'react-router'

/** The old address of the preconstructed decks: the listing with that filter on. */
export function PreconstructedRedirect() {
  return <Navigate to="/decks/?preconstructed" replace />
}
